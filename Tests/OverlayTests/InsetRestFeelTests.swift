import Physics
import Raster
import Testing
@testable import Overlay

/// The overview inset held still before the lift (issue 28, item 6): the `inset-rest-before-lift` gesture of
/// `traces/feel` at 60–240 Hz, replayed with the loop's touch latency. A still finger flings nothing: the inset goes
/// to the corner nearest where it was let go, never on toward the far corner the drag was heading for.
struct InsetRestFeelTests {
    @Test(arguments: [60, 90, 120, 144, 240])
    func aRestBeforeTheLiftFlingsTheInsetNowhere(rate: Int) throws {
        let replay = try InsetTraceReplay(trace: "inset-rest-before-lift-\(rate)hz", latency: CardTraceReplay.loopLatency)
        let lift = try #require(replay.frames.lastIndex { $0.timeMicroseconds < replay.upMicroseconds })
        let released = replay.frames[lift].origin
        // Where the drag left it (about (405, 180)): nearer the top-left corner (30, 30) than any other.
        let nearest = try #require(OverviewInsetTests.corners.min { a, b in
            func d(_ p: Raster.Point) -> Float { (p.x - released.x) * (p.x - released.x) + (p.y - released.y) * (p.y - released.y) }
            return d(a.origin) < d(b.origin)
        })
        #expect(nearest.corner == .topLeft)
        #expect(replay.inset.corner == nearest.corner, "\(rate) Hz: landed \(replay.inset.corner) from \(released)")
        #expect(replay.frames.last?.origin == nearest.origin)
        // Never on the way the drag went (right and down) after the lift.
        let furthest = replay.frames[lift...].map { $0.origin.x - released.x }.max() ?? 0
        #expect(furthest <= 1, "\(rate) Hz: moved on \(furthest) px after the lift")
    }
}
