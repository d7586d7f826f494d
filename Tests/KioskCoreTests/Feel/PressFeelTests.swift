import Foundation
import MetroMap
import Overlay
import Physics
import Testing
import TouchInput
@testable import KioskCore

/// Presses that do not move the map under the finger (issue 28, item 9) at every touch rate: holding + zooms at one
/// steady rate, a single tap on a station waits for the double tap to fail, a double tap only zooms. Many panels
/// keep reporting a resting finger, wobbling by a pixel, at their own rate: the traces of `traces/controls` report
/// it once, so `scripts/feel-traces` writes these at 60–240 Hz (`traces/feel/hold-zoom`, `station-tap`,
/// `station-double-tap`), each replayed with the config its header names.
@Suite(.serialized) struct PressFeelTests {
    /// The first down of `touches`.
    static func down(_ touches: [TouchFrame]) -> TouchEvent? {
        touches.lazy.flatMap(\.events).first { $0.phase == .down }
    }

    /// The time of the last lift of `touches`.
    static func lift(_ touches: [TouchFrame]) -> Int64? {
        touches.last { $0.events.contains { $0.phase == .up } }?.timeMicroseconds
    }

    /// + held from 1.0 to 2.5 s, as `zoom-in-hold.csv`: from the first repeat (1.4 s) to a frame past the last
    /// (2.4 s) every frame zooms at ln 1.25 per 0.2 s within 15 %, and the hold ends six steps up.
    @Test(arguments: FeelTrace.wideRates) func holdingPlusZoomsAtASteadyRate(rate: Int) throws {
        let touches = try FeelTrace.touches("hold-zoom", rate: rate)
        let replay = try ControlsReplay(touches: touches)
        let plus = replay.button(.zoomIn)
        let down = try #require(Self.down(touches))
        #expect(down.timeMicroseconds == 1_000_000 && Self.lift(touches) == 2_500_000, "\(rate) Hz: held from 1.0 to 2.5 s")
        #expect(down.position.map { plus.contains($0) } == true,
                "\(rate) Hz: pressed at \(String(describing: down.position)), + is \(plus.rect)")
        let held = replay.frames.filter { (1_450_000...2_580_000).contains($0.record.presentationMicroseconds) }
        #expect(held.count > 60, "\(rate) Hz: \(held.count) frames")
        let expected = log(ControlButton.repeatFactor) / (Double(ControlButton.repeatIntervalMicroseconds) / 1_000_000)
        var worst = 0.0
        for (a, b) in zip(held, held.dropFirst()) {
            let dt = Double(b.record.presentationMicroseconds - a.record.presentationMicroseconds) / 1_000_000
            worst = max(worst, abs(log(b.record.camera.scale / a.record.camera.scale) / dt / expected - 1))
        }
        print("hold-zoom \(rate) Hz: worst frame off the steady rate by \(String(format: "%.1f", 100 * worst)) %")
        #expect(worst <= 0.15, "\(rate) Hz: a frame zooms off the steady \(expected)/s by \(Int((worst * 100).rounded())) %")
        let home = replay.home.scale
        let target = replay.loop.camera.settings.zoomLimits.clamped(home * pow(ControlButton.repeatFactor, 6))
        let last = try #require(replay.frames.last { $0.record.presentationMicroseconds < 10_000_000 })
        #expect(abs(last.record.camera.scale - target) < 1e-6 * target, "\(rate) Hz: ended at ×\(last.record.camera.scale / home)")
    }

    /// The station taps land on the museum as the default home draws it (the files hold it to 0.01 px).
    @Test(arguments: FeelTrace.wideRates) func theStationTapsLandOnTheMuseum(rate: Int) throws {
        let museum = try StationTapLoopTests.museum()
        for name in ["station-tap", "station-double-tap"] {
            let touches = try FeelTrace.touches(name, rate: rate)
            let downs = touches.flatMap(\.events).filter { $0.phase == .down }
            #expect(downs.count == (name == "station-tap" ? 1 : 2), "\(name) \(rate) Hz")
            for down in downs {
                #expect(abs((down.x ?? 0) - museum.x) <= 0.01 && abs((down.y ?? 0) - museum.y) <= 0.01,
                        "\(name) \(rate) Hz: down at \(String(describing: down.position)), the museum at \(museum)")
            }
        }
    }

    @Test(arguments: FeelTrace.wideRates) func aSingleTapOnAStationWaitsForTheDoubleTapToFail(rate: Int) throws {
        let touches = try FeelTrace.touches("station-tap", rate: rate)
        let records = try KioskReplay.frames(of: touches, on: StationTapLoopTests.demo, config: StationTapLoopTests.config)
        let opened = try #require(records.first { $0.station == "museum" }, "\(rate) Hz: the tap opened the museum's callout")
        let interval = StationTapLoopTests.interval
        let lift = try #require(Self.lift(touches))
        print("single tap \(rate) Hz: callout \(opened.presentationMicroseconds - lift) µs after the lift")
        #expect(opened.presentationMicroseconds >= lift + interval, "\(rate) Hz: not before the double tap could come")
        #expect(opened.presentationMicroseconds <= lift + interval + 2 * 16_667, "\(rate) Hz: as soon as it could not")
        #expect(records.allSatisfy { $0.camera.scale == records[0].camera.scale }, "\(rate) Hz: a single tap does not zoom")
    }

    @Test(arguments: FeelTrace.wideRates) func aDoubleTapOnAStationZoomsOnly(rate: Int) throws {
        let records = try KioskReplay.frames(of: try FeelTrace.touches("station-double-tap", rate: rate),
                                             on: StationTapLoopTests.demo, config: StationTapLoopTests.config)
        #expect(records.allSatisfy { $0.station == nil }, "\(rate) Hz: no callout, got \(records.compactMap(\.station))")
        let home = try #require(records.first?.camera.scale)
        let last = try #require(records.last?.camera.scale)
        #expect(abs(last / home - 2) < 1e-6, "\(rate) Hz: the double tap zoomed ×\(last / home)")
    }
}
