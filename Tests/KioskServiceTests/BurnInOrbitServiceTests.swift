import Foundation
import KioskCore
import Raster
import Testing
@testable import KioskService

/// The orbit on real frames: the whole picture moves by whole pixels, one step at a time, only while nobody touches
/// the map, and the panel's edge stays covered by map.
struct BurnInOrbitServiceTests {
    static let config = """
        [screen]
        orbit_px = 4
        orbit_minutes = 10
        [status]
        file = ""
        socket = ""
        """

    static func copy(_ buffer: PixelBuffer) -> PixelBuffer {
        let copy = PixelBuffer(width: buffer.width, height: buffer.height)
        for y in 0..<buffer.height { copy.row(y).update(from: buffer.row(y), count: buffer.width) }
        return copy
    }

    @Test func whileIdleThePictureOrbitsByWholePixelsWithTheMapDrawnToTheEdges() throws {
        let fixture = try ServiceFixture(config: Self.config, wallStartUTC: ScreenScheduleTests.utc(2026, 6, 1, 10))
        defer { fixture.remove() }
        let service = fixture.service
        var frames: [(time: Int64, shift: (x: Int, y: Int), pixels: PixelBuffer)] = []
        service.onFrame = { frame in
            guard let loop = service.loop, let shown = loop.lastPresented else { return }
            frames.append((frame.presentationMicroseconds, loop.pictureShift, Self.copy(shown)))
        }
        try service.run(untilMicroseconds: ServiceFixture.at(minutes: 12))
        let orbit = service.care.orbit
        // The first frame, then one frame per step once the map has been idle for 30 s.
        let steps = Int((ServiceFixture.at(minutes: 12) - ServiceFixture.at(minutes: 0.5)) / orbit.stepMicroseconds)
        #expect(frames.count >= steps && frames.count <= steps + 2, "\(frames.count) frames for \(steps) steps")
        #expect(frames.dropFirst().allSatisfy { $0.time >= ServiceFixture.at(minutes: 0.5) }, "nothing moves in the first 30 s")
        for (previous, next) in zip(frames, frames.dropFirst()) {
            #expect(max(abs(next.shift.x - previous.shift.x), abs(next.shift.y - previous.shift.y)) == 1)
            #expect(next.shift.x * next.shift.x + next.shift.y * next.shift.y <= 16)
        }
        // Each frame is the first one moved by the difference of their shifts, pixel for pixel.
        let first = frames[0]
        let width = first.pixels.width, height = first.pixels.height
        for frame in frames.dropFirst() {
            let dx = frame.shift.x - first.shift.x, dy = frame.shift.y - first.shift.y
            var differing = 0
            for y in 8..<(height - 8) {
                for x in 8..<(width - 8) where frame.pixels.pixel(x: x, y: y) != first.pixels.pixel(x: x - dx, y: y - dy) {
                    differing += 1
                }
            }
            #expect(differing == 0, "shift (\(dx), \(dy)): \(differing) pixels are not the first frame moved")
            // The edge strips the picture moved away from are drawn (map or its background), never left black.
            var black = 0
            for y in 0..<height {
                for x in [0, 1, 2, 3, width - 4, width - 3, width - 2, width - 1] where frame.pixels.pixel(x: x, y: y) == 0 {
                    black += 1
                }
            }
            #expect(black == 0, "the margin is drawn")
        }
        #expect(Set(frames.map { "\($0.shift)" }).count >= 20, "it went round")
    }

    @Test func theOrbitStandsStillWhileAFingerIsOnTheMap() throws {
        let press = Gesture.press(at: (160, 120), time: ServiceFixture.at(minutes: 2), seconds: 180)
        let fixture = try ServiceFixture(config: Self.config, frames: press, wallStartUTC: ScreenScheduleTests.utc(2026, 6, 1, 10))
        defer { fixture.remove() }
        let service = fixture.service
        try service.run(untilMicroseconds: ServiceFixture.at(minutes: 2) + 1000)
        let held = try #require(service.loop?.pictureShift)
        var shiftsWhileHeld: [String] = []
        service.onFrame = { _ in shiftsWhileHeld.append("\(service.loop?.pictureShift ?? (0, 0))") }
        try service.run(untilMicroseconds: ServiceFixture.at(minutes: 5) - 1000)
        #expect(service.loop.map { "\($0.pictureShift)" } == "\(held)", "no step in three minutes of touching")
        #expect(shiftsWhileHeld.allSatisfy { $0 == "\(held)" })
        // Released: the orbit goes on once the map has been left alone for 30 s.
        try service.run(untilMicroseconds: ServiceFixture.at(minutes: 5.4))
        #expect(service.loop.map { "\($0.pictureShift)" } == "\(held)")
        try service.run(untilMicroseconds: ServiceFixture.at(minutes: 7))
        #expect(service.loop.map { "\($0.pictureShift)" } != "\(held)")
    }
}
