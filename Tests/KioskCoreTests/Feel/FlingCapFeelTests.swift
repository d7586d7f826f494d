import Foundation
import Physics
import Testing
@testable import KioskCore

/// The fling cap (issue 28, item 9): it bounds how far a flick throws the map, not how fast it leaves the finger.
struct FlingCapFeelTests {
    @Test(arguments: FeelTrace.wideRates) func aFlickPastTheCapDoesNotBrakeAtTheLift(rate: Int) throws {
        let trace = try FeelTrace("flick-past-cap", rate: rate)
        let lastDrag = try #require(trace.frames.lastIndex { $0.state == .dragging })
        let firstGlide = try #require(trace.frames.firstIndex { $0.state == .decelerating })
        let drag = trace.speed(at: lastDrag), glide = trace.speed(at: firstGlide)
        #expect(drag > 11_000, "\(trace.name): the drag shows the finger's 12000 px/s (\(drag))")
        #expect(glide >= 0.9 * drag, "\(trace.name): the glide starts at \(glide) px/s after a drag at \(drag) px/s")
        // As far as a glide at the cap: 8000 px/s at the normal rate stops 8000 / (1000 · −ln 0.998) px on.
        let start = trace.frames[firstGlide - 1].camera.offset.x
        let distance = abs((trace.frames.last?.camera.offset.x ?? 0) - start)
        #expect(distance <= 8000 / (-1000 * log(0.998)) + 50, "\(trace.name): glided \(distance) px")
    }
}
