import Physics
import Testing
import TouchInput
@testable import KioskCore

/// Issue 36: a touch responder written outside the loop (here, in the test) joins the chain with
/// `KioskLoop.addTouchResponder(_:)`, with no loop file edited: it is offered each touch before the overlay's elements
/// and the map, and a touch it claims is wholly its own.
struct TouchResponderFromOutsideTests {
    /// The example: a pull-down strip along the top edge, as a notification shade would be.
    final class PullDownStrip: TouchResponder {
        static let heightPixels = 60.0
        private(set) var offered = 0
        private(set) var reports: [TouchEvent] = []

        func touchBegan(slot: Int, at point: ScreenPoint, timeMicroseconds: Int64) -> Bool {
            offered += 1
            return point.y < Self.heightPixels
        }

        func touchReported(_ frame: TouchFrame) { reports += frame.events }
    }

    /// A drag straight down from `y`, 20 reports 10 ms apart, 12 px each.
    static func dragDown(from y: Double) throws -> [TouchFrame] {
        var lines = ["100000,0,down,640,\(y)"]
        for step in 1...20 { lines.append("\(100_000 + step * 10_000),0,move,640,\(y + Double(step) * 12)") }
        lines.append("320000,0,up,,")
        return try TraceReader.frames(text: lines.joined(separator: "\n"), file: "drag.csv",
                                      outputSize: OutputSize(width: 1280, height: 800))
    }

    static func replay(dragFrom y: Double) throws -> (strip: PullDownStrip, records: [FrameRecord]) {
        let strip = PullDownStrip()
        let records = try KioskReplay.frames(of: try dragDown(from: y), on: StationTapLoopTests.demo,
                                             config: StationTapLoopTests.config) { $0.addTouchResponder(strip) }
        return (strip, records)
    }

    @Test func aTouchItClaimsIsWhollyItsAndTheMapStaysPut() throws {
        let (strip, records) = try Self.replay(dragFrom: 20)
        #expect(strip.offered == 1)
        #expect(strip.reports.map(\.phase) == [.down] + Array(repeating: .move, count: 20) + [.up], "every report of the touch")
        let first = try #require(records.first?.camera)
        #expect(records.allSatisfy { $0.camera == first }, "the map did not move under a touch the strip claimed")
    }

    @Test func aTouchItDeclinesGoesOnToTheMap() throws {
        let (strip, records) = try Self.replay(dragFrom: 300)
        #expect(strip.offered == 1)
        #expect(strip.reports.isEmpty)
        // At the home view the map may be at its edge: the rubber band still lets it follow the finger part way.
        let first = try #require(records.first?.camera), lowest = try #require(records.map(\.camera.offset.y).min())
        #expect(lowest < first.offset.y - 50, "the map followed the finger down: \(first.offset.y) → \(lowest)")
    }
}
