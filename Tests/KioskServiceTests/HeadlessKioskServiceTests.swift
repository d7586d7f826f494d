import Foundation
import KioskCore
import Raster
import Testing
import TouchInput
@testable import KioskService

/// KioskService's screen care, status and screenshot driven through the real loop on the headless output and a
/// simulated clock (no device): a night in Berlin in a few hundred milliseconds.
struct HeadlessKioskServiceTests {
    static let schedule = """
        [screen]
        off = "01:00"
        on = "05:30"
        wake_minutes = 2
        [status]
        file = "$DIR/status.json"
        prometheus_file = "$DIR/kiosk.prom"
        socket = ""
        """

    /// 28 March 2026 23:00 CET: the night the clocks go forward.
    static let eveningBeforeSpringForward = ScreenScheduleTests.utc(2026, 3, 28, 22)

    @Test func theScreenGoesDarkAtOneAndLightsAtHalfPastFiveLocalTimeAcrossSpringForward() throws {
        // No status files: eight hours of fsync'd minutely writes would be most of the test's time.
        let fixture = try ServiceFixture(config: Self.schedule.replacingOccurrences(of: "$DIR/status.json", with: "")
                                            .replacingOccurrences(of: "$DIR/kiosk.prom", with: ""),
                                         wallStartUTC: Self.eveningBeforeSpringForward)
        defer { fixture.remove() }
        let service = fixture.service
        var frameTimes: [Int64] = []
        service.onFrame = { frameTimes.append($0.presentationMicroseconds) }
        try service.run(untilMicroseconds: ServiceFixture.at(minutes: 8 * 60))
        // 01:00 CET is 2 h after the start; 05:30 CEST (the clocks jumped at 02:00) is 3 h 30 min later, not 4 h 30.
        let off = ServiceFixture.at(minutes: 120), on = ServiceFixture.at(minutes: 330)
        #expect(service.powerChanges.map(\.timeMicroseconds) == [off, on])
        #expect(service.powerChanges.map(\.on) == [false, true])
        #expect(service.notifications.contains("screen off until 05:30"))
        #expect(service.notifications.last == "showing the map")
        #expect(frameTimes.filter { $0 > off && $0 < on }.isEmpty, "no frame is drawn while the screen is dark")
        #expect(frameTimes.contains { $0 >= on }, "the map is drawn again when the screen lights")
        #expect(service.life.state == .showing)
    }

    @Test func aTouchOnTheDarkScreenWakesItForWakeMinutesAndNeverReachesTheMap() throws {
        // Dark from 01:00; a drag at 01:10 wakes the screen; a second drag at 01:11 moves the map; dark again two minutes
        // after that last touch.
        let start = ScreenScheduleTests.utc(2026, 6, 1, 22, 50) // 00:50 CEST
        let waking = Gesture.drag(from: (100, 100), to: (220, 160), at: ServiceFixture.at(minutes: 20))
        // A double tap: it zooms the map in.
        let moving = Gesture.tap(at: (160, 120), time: ServiceFixture.at(minutes: 21))
            + Gesture.tap(at: (160, 120), time: ServiceFixture.at(minutes: 21) + 200_000)
        let fixture = try ServiceFixture(config: Self.schedule, frames: waking + moving, wallStartUTC: start)
        defer { fixture.remove() }
        let service = fixture.service
        try service.run(untilMicroseconds: ServiceFixture.at(minutes: 20.5))
        let home = try #require(service.loop?.camera.shownCamera)
        #expect(service.powerChanges.map(\.on) == [false, true])
        #expect(service.powerChanges.map(\.reason) == ["schedule", "touch"])
        #expect(service.powerChanges.last?.timeMicroseconds == ServiceFixture.at(minutes: 20))
        #expect(service.life.state == .showing)
        let before = try #require(service.loop).framesPresented
        #expect(before >= 1, "the map is drawn on the woken screen")
        try service.run(untilMicroseconds: ServiceFixture.at(minutes: 21.5))
        let moved = try #require(service.loop?.camera.shownCamera)
        #expect(moved.scale > home.scale * 1.5, "a touch on the lit screen is the map's")
        try service.run(untilMicroseconds: ServiceFixture.at(minutes: 30))
        #expect(service.powerChanges.map(\.reason) == ["schedule", "touch", "wake time over"])
        let darkAgain = try #require(service.powerChanges.last?.timeMicroseconds)
        let lastTouch = ServiceFixture.at(minutes: 21) + 200_000
        #expect(darkAgain >= lastTouch + 120_000_000 && darkAgain < lastTouch + 121_000_000)
        #expect(service.life.state == .screenOff)
        #expect(service.gate.touches == 3)
    }

    @Test func theWakingTouchDoesNotMoveTheMap() throws {
        let start = ScreenScheduleTests.utc(2026, 6, 1, 22, 50)
        let waking = Gesture.drag(from: (60, 60), to: (260, 200), at: ServiceFixture.at(minutes: 20), milliseconds: 120)
        let fixture = try ServiceFixture(config: Self.schedule, frames: waking, wallStartUTC: start)
        defer { fixture.remove() }
        let service = fixture.service
        try service.run(untilMicroseconds: ServiceFixture.at(minutes: 5))
        let home = try #require(service.loop?.camera.shownCamera)
        var shown: [Camera] = []
        service.onFrame = { shown.append($0.camera) }
        try service.run(untilMicroseconds: ServiceFixture.at(minutes: 21))
        #expect(service.powerChanges.map(\.reason) == ["schedule", "touch"])
        #expect(!shown.isEmpty, "the woken screen is drawn")
        #expect(shown.allSatisfy { $0 == home }, "a flick that woke the screen is not a flick of the map")
    }

    @Test func theStatusFilesAreWrittenOnChangeAndEveryMinute() throws {
        let start = ScreenScheduleTests.utc(2026, 6, 1, 22, 58) // 00:58 CEST
        let tap = Gesture.tap(at: (160, 120), time: ServiceFixture.at(minutes: 0.5))
        let fixture = try ServiceFixture(config: Self.schedule, frames: tap, wallStartUTC: start)
        defer { fixture.remove() }
        let service = fixture.service
        let jsonPath = fixture.directory.appendingPathComponent("status.json").path
        try service.run(untilMicroseconds: ServiceFixture.at(minutes: 1.5))
        var status = try JSONDecoder().decode(KioskStatus.self, from: Data(contentsOf: URL(fileURLWithPath: jsonPath)))
        #expect(status.state == "showing" && status.screenOn)
        #expect(status.uptimeSeconds == 60, "written again a minute after the start")
        #expect(status.frames >= 1 && status.frameTimeP50Milliseconds != nil && status.frameTimeP99Milliseconds != nil)
        #expect(status.touches == 1 && status.lastTouch == "2026-06-01T22:58:30Z")
        #expect(status.config.path == fixture.configPath && status.config.hash?.count == 16)
        #expect(status.map.name != nil && (status.residentBytes ?? 0) > 1_000_000)
        // The simulated screen has no connector and the config no panel_size_mm: millimetres are 96 dpi ones.
        #expect(status.panel?.hasSuffix(" mm, assumed 96 dpi") == true, "\(status.panel ?? "no panel")")
        try service.run(untilMicroseconds: ServiceFixture.at(minutes: 2.5))
        status = try JSONDecoder().decode(KioskStatus.self, from: Data(contentsOf: URL(fileURLWithPath: jsonPath)))
        #expect(status.state == "screenOff" && !status.screenOn)
        #expect(status.uptimeSeconds == 120, "written at once when the screen went dark at 01:00")
        #expect(status.writtenAt == "2026-06-01T23:00:00Z")
        let prometheus = try String(contentsOfFile: fixture.directory.appendingPathComponent("kiosk.prom").path, encoding: .utf8)
        #expect(prometheus.contains("metro_kiosk_screen_on 0\n"))
        #expect(prometheus.contains("metro_kiosk_touches_total 1\n"))
        #expect(prometheus.contains("# TYPE metro_kiosk_frames_total counter\n"))
        #expect(prometheus.contains("metro_kiosk_info{state=\"screenOff\""))
        let attributes = try FileManager.default.attributesOfItem(atPath: jsonPath)
        #expect((attributes[.posixPermissions] as? Int) == 0o644)
        // Only the two files: the atomic writer's temporary files are gone.
        #expect(try FileManager.default.contentsOfDirectory(atPath: fixture.directory.path).sorted()
                == ["kiosk.prom", "kiosk.toml", "status.json"])
    }

    @Test func aReloadAppliesANewScheduleAtOnce() throws {
        let start = ScreenScheduleTests.utc(2026, 6, 1, 10) // 12:00 CEST
        let fixture = try ServiceFixture(config: Self.schedule, wallStartUTC: start)
        defer { fixture.remove() }
        let service = fixture.service
        try service.run(untilMicroseconds: ServiceFixture.at(minutes: 1))
        #expect(service.screenOn)
        try Self.schedule.replacingOccurrences(of: "\"01:00\"", with: "\"11:30\"").replacingOccurrences(of: "$DIR", with: fixture.directory.path)
            .write(toFile: fixture.configPath, atomically: true, encoding: .utf8)
        service.requestReload()
        try service.run(untilMicroseconds: ServiceFixture.at(minutes: 2))
        #expect(!service.screenOn && service.life.state == .screenOff)
        #expect(service.notifications.last == "screen off until 05:30")
    }
}
