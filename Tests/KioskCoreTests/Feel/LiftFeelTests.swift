import Foundation
import Physics
import Testing
@testable import KioskCore

/// The feel suite's lifts that come after the finger stopped, slowed or went quiet (issue 28): a hold on a panel
/// that reports nothing while a finger is still, an eased lift, a rest, a lift reported late. At 60–240 Hz touch.
@Suite(.serialized) struct LiftFeelTests {
    @Test(arguments: FeelTrace.wideRates) func aLiftAfterAHoldPastTheEdgeStartsFromRest(rate: Int) throws {
        for name in ["hold-past-edge-200ms", "hold-past-edge-500ms"] {
            let trace = try FeelTrace(name, rate: rate)
            let lift = try #require(trace.liftIndex(), "\(trace.name)")
            #expect(trace.frames[lift - 1].camera.offset.x < 0, "\(trace.name): held past the left edge")
            let motion = try #require(trace.firstMotion(from: lift) { $0.offset.x }, "\(trace.name): springs back")
            #expect(motion.step <= 1.15 * motion.next,
                    "\(trace.name): first frame moves \(motion.step) px, the next \(motion.next) px")
            #expect(abs(trace.frames.last?.camera.offset.x ?? -1) < 1e-6, "\(trace.name): rests on the edge")
        }
    }

    @Test(arguments: FeelTrace.wideRates) func aLiftAfterAPinchHeldPastALimitStartsFromRest(rate: Int) throws {
        for name in ["pinch-hold-past-max", "pinch-hold-past-min"] {
            let trace = try FeelTrace(name, rate: rate)
            let lift = try #require(trace.liftIndex(), "\(trace.name)")
            #expect(!FeelConformanceTests.limits.contains(trace.frames[lift - 1].camera.scale), "\(trace.name): held past the limit")
            let motion = try #require(trace.firstMotion(from: lift) { log($0.scale) }, "\(trace.name): springs back")
            #expect(motion.step <= 1.15 * motion.next,
                    "\(trace.name): first frame changes ln(scale) by \(motion.step), the next by \(motion.next)")
            #expect(FeelConformanceTests.limits.contains(trace.frames.last?.camera.scale ?? 0), "\(trace.name)")
        }
    }

    @Test(arguments: FeelTrace.wideRates) func anEasedLiftNeverAccelerates(rate: Int) throws {
        let trace = try FeelTrace("eased-lift-60ms", rate: rate)
        let lift = try #require(trace.liftIndex())
        // From the last frame drawn with the finger down, each frame moves no further than the one before it.
        for index in lift..<trace.frames.count where trace.speed(at: index - 1) > 3 {
            let ratio = trace.speed(at: index) / trace.speed(at: index - 1)
            #expect(ratio <= 1.02, "\(trace.name): speeds up \(ratio)x at frame \(index)")
        }
    }

    @Test(arguments: FeelTrace.wideRates) func aFiftyMillisecondRestBeforeTheLiftLeavesNoGlide(rate: Int) throws {
        let trace = try FeelTrace("rest-before-lift", rate: rate)
        let lift = try #require(trace.liftIndex())
        let moved = abs((trace.frames.last?.camera.offset.x ?? 0) - trace.frames[lift - 1].camera.offset.x)
        #expect(moved < 1, "\(trace.name): glides \(moved) px after the rest")
    }

    @Test(arguments: FeelTrace.wideRates) func aLateLiftNeverStepsBack(rate: Int) throws {
        for name in ["late-lift-24ms", "late-lift-38ms"] {
            let trace = try FeelTrace(name, rate: rate)
            // The finger moved left: the content offset only grows, from touch-down to rest.
            var furthest = -Double.infinity, worst = 0.0
            for frame in trace.frames {
                furthest = max(furthest, frame.camera.offset.x)
                worst = max(worst, furthest - frame.camera.offset.x)
            }
            #expect(worst <= 0.01, "\(trace.name): steps back \(worst) px")
            #expect(trace.frames.contains { $0.state == .decelerating }, "\(trace.name): a late lift still flings")
        }
    }
}

/// Pinches past the zoom limits (issue 28).
@Suite(.serialized) struct PinchLimitFeelTests {
    @Test(arguments: FeelTrace.wideRates) func belowTheMinimumTheCentroidStaysUnderTheFingers(rate: Int) throws {
        let trace = try FeelTrace("pinch-below-min", rate: rate)
        let centroid = ScreenPoint(x: 400, y: 300)
        let pinching = trace.frames.indices.filter { trace.frames[$0].state == .pinching }
        let below = pinching.filter { trace.frames[$0].camera.scale < FeelConformanceTests.limits.minimumScale }
        #expect(below.count > 3, "\(trace.name): pinched below the minimum")
        // From the first frame below the minimum (above it the map's edges band the offset, as they should).
        let reference = try #require(below.first)
        let drift = below.map { trace.drift(of: centroid, from: reference, to: $0) }.max() ?? 0
        #expect(drift <= 2, "\(trace.name): the point under the fingers drifts \(drift) px below the minimum")
    }
}
