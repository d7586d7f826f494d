import Foundation
import MetroMap
import Network
import Overlay
import Physics
import Raster
import Testing
import TestSupport
@testable import KioskCore

/// Step-free mode marks the stations a wheelchair cannot board at (the demo feed's wheelchair_boarding 2: Lighthouse,
/// Rope Walk, Clock Tower) with a black-and-white badge; out of it nothing is marked.
struct StepFreeMarksTests {
    static func loop(stepFree: Bool, accessible: Bool = false) throws -> KioskLoop {
        let session = try KioskSession(configPath: DemoTimetableTests.configPath)
        var config = session.config
        config.access.stepFree = stepFree
        config.controls?.accessibleByDefault = accessible
        let clock = SimulatedClock(startMicroseconds: 0)
        let output = KioskStill.LastFrameOutput(width: 1280, height: 800, clock: clock)
        return try KioskLoop(map: session.map, config: config, fonts: nil, input: TraceInput(frames: []), output: output,
                             clock: clock, timetable: session.timetable)
    }

    @Test func stepFreeModeMarksTheStationsWithoutStepFreeAccess() throws {
        let session = try KioskSession(configPath: DemoTimetableTests.configPath)
        let timetable = try #require(session.timetable)
        #expect(timetable.stationsWithoutStepFreeAccess() == ["clock-tower", "lighthouse", "rope-walk"])
        let expected = Set(["clock-tower", "lighthouse", "rope-walk"].compactMap { session.map.station(id: $0)?.position })
        let marked = try Self.loop(stepFree: true)
        #expect(Set(try #require(marked.stepFreeMarks).stations) == expected)
        // Accessible mode is step-free too.
        let accessible = try Self.loop(stepFree: false, accessible: true)
        #expect(Set(try #require(accessible.stepFreeMarks).stations) == expected)
        let plain = try Self.loop(stepFree: false)
        #expect(try #require(plain.stepFreeMarks).stations.isEmpty)
    }

    /// The badge is black with a white edge and white stairs: legible on the standard and the high-contrast map.
    @Test func theBadgeIsBlackAndWhite() throws {
        let element = StepFreeMarksElement(screen: IntRect(x: 0, y: 0, width: 200, height: 200))
        element.show([SchemePoint(x: 100, y: 100)])
        element.advance(to: 0, map: MapProjection { ScreenPoint(x: $0.x, y: $0.y) })
        let badge = try #require(element.badges.first)
        #expect(badge.minX > 100 && badge.maxY < 100, "up and to the right of the station")
        let canvas = Canvas(buffer: PixelBuffer(width: 200, height: 200))
        canvas.clear(Color(rgb: 0x808080))
        element.draw(on: canvas)
        let corner = try #require(canvas.buffer.pixel(x: Int(badge.minX.rounded(.up)) + 1, y: Int(badge.minY.rounded(.up)) + 1))
        let edge = try #require(canvas.buffer.pixel(x: Int(badge.minX) - 1, y: Int(badge.minY + badge.height / 2)))
        #expect(corner & 0xFF_FFFF == 0x00_0000, "black inside: \(String(corner, radix: 16))")
        #expect(edge & 0xFF_FFFF == 0xFF_FFFF, "white edge: \(String(edge, radix: 16))")
        #expect(element.frame.map { $0.minX <= Double(badge.minX) && $0.maxY >= Double(badge.maxY) } == true)
    }
}
