import Foundation
import Physics
import Testing
@testable import KioskCore

/// The feel conformance suite: every hand-off from touch-down to rest, replayed from `traces/feel/` at the touch
/// rates of real panels, holds the invariant a passenger would notice breaking. These are invariants of the
/// trajectory, not timings.
@Suite(.serialized) struct FeelConformanceTests {
    @Test(arguments: FeelTrace.rates) func anEasedLiftNeverGlidesBackwards(rate: Int) throws {
        for name in ["eased-lift", "abrupt-stop"] {
            let trace = try FeelTrace(name, rate: rate)
            let lift = try #require(trace.liftIndex(), "\(trace.name)")
            // The finger moved left, so the content offset grew; it must not shrink after the lift.
            var furthest = trace.frames[lift - 1].camera.offset.x
            var worst = 0.0
            for frame in trace.frames[lift...] {
                furthest = max(furthest, frame.camera.offset.x)
                worst = max(worst, furthest - frame.camera.offset.x)
            }
            #expect(worst <= 1, "\(trace.name): moved back \(worst) px after the lift")
        }
    }

    @Test(arguments: FeelTrace.rates) func aSteadyDragStepsEvenlyAndTheLiftNeitherKicksNorStalls(rate: Int) throws {
        let trace = try FeelTrace("flick", rate: rate)
        let lift = try #require(trace.liftIndex())
        let start = try #require(trace.frames.firstIndex { $0.presentationMicroseconds >= 100_000 + 150_000 })
        let dragSteps = (start..<lift).map { trace.speed(at: $0) }
        let median = dragSteps.sorted()[dragSteps.count / 2]
        for (offset, speed) in dragSteps.enumerated() {
            #expect(abs(speed / median - 1) <= 0.15, "\(trace.name): frame \(start + offset) moves at \(speed) px/s, median \(median)")
        }
        let lastDrag = (lift - 3..<lift).map { trace.speed(at: $0) }.reduce(0, +) / 3
        let firstGlide = trace.speed(at: lift)
        #expect(firstGlide <= 1.15 * lastDrag, "\(trace.name): first step after the lift \(firstGlide) px/s after \(lastDrag)")
        for index in lift - 2...lift + 2 {
            let ratio = trace.speed(at: index) / trace.speed(at: index - 1)
            #expect(ratio <= 1.1 && ratio >= 1 / 1.1, "\(trace.name): speed changes \(ratio)x at frame \(index)")
        }
    }

    @Test(arguments: FeelTrace.rates) func catchingAGlideFreezesTheMapWhereItIsShown(rate: Int) throws {
        let trace = try FeelTrace("catch", rate: rate)
        let caught = try #require(trace.touchIndex(1))
        #expect(trace.frames[caught - 1].state == .decelerating)
        let jump = abs(trace.frames[caught].camera.offset.x - trace.frames[caught - 1].camera.offset.x)
        #expect(jump <= 2, "\(trace.name): the map jumps \(jump) px under the catching finger")
        #expect(trace.frames.allSatisfy { $0.station == nil }, "\(trace.name): the catching touch selected a station")
    }

    @Test(arguments: FeelTrace.rates) func aTouchThatStopsTheMapSelectsNothing(rate: Int) throws {
        let trace = try FeelTrace("stopping-taps", rate: rate)
        let selected = Set(trace.frames.compactMap(\.station))
        #expect(selected.isEmpty, "\(trace.name): stopping taps selected \(selected.sorted())")
    }

    @Test(arguments: FeelTrace.rates) func aStaggeredPinchEndLeavesTheMapUnderTheLastFinger(rate: Int) throws {
        for (name, finger) in [("pinch-staggered", ScreenPoint(x: 800, y: 400)),
                               ("pinch-staggered-past-max", ScreenPoint(x: 1040, y: 400))] {
            let trace = try FeelTrace(name, rate: rate)
            let lift = try #require(trace.liftIndex(), "\(trace.name)")
            let drift = (lift..<trace.frames.count).map { trace.drift(of: finger, from: lift - 1, to: $0) }.max() ?? 0
            #expect(drift <= 5, "\(trace.name): the point under the last finger drifts \(drift) px")
            let springBack = (lift..<trace.frames.count).filter { trace.frames[$0].state == .bouncing }
            let focal = springBack.map { trace.drift(of: finger, from: lift - 1, to: $0) }.max() ?? 0
            #expect(focal <= 2, "\(trace.name): the focal point moves \(focal) px during the zoom spring-back")
            let last = try #require(trace.frames.last)
            #expect(Self.limits.contains(last.camera.scale), "\(trace.name)")
        }
    }

    @Test(arguments: FeelTrace.rates) func aPinchReleasedPastTheMinimumSpringsBackInLogSpace(rate: Int) throws {
        let trace = try FeelTrace("pinch-past-min", rate: rate)
        // The last frame that shows the fingers' own pinch (the screen shows them a latency late).
        let released = try #require(trace.frames.lastIndex { $0.state == .pinching })
        let scale = trace.frames[released].camera.scale
        let smallest = trace.frames[released...].map(\.camera.scale).min() ?? scale
        // Handed the on-screen rate, the spring carries on shrinking only for its own stopping distance (a few %);
        // with the fingers' relative rate as an absolute one it shrank 20 % more.
        #expect(smallest >= 0.94 * scale, "\(trace.name): shrinks to \(smallest / scale) of the released scale")
        let rest = try #require(trace.frames.last)
        #expect(abs(rest.camera.scale - Self.limits.minimumScale) < 1e-9)
        let ratio = try #require(try FineFeelReplay(trace.touches).handOffRatio({ log($0.scale) }, floor: 0.05))
        #expect(ratio <= 1.1, "\(trace.name): d(ln s)/dt changes \(ratio)x at the release")
    }

    @Test(arguments: FeelTrace.rates) func anOverscrolledReleaseKeepsTheSpeedShownOnScreen(rate: Int) throws {
        for name in ["overscroll-release", "overscroll-throw-back", "flick"] {
            let trace = try FeelTrace(name, rate: rate)
            let ratio = try #require(try FineFeelReplay(trace.touches).handOffRatio({ $0.offset.x }, floor: 20), "\(trace.name)")
            #expect(ratio <= 1.1, "\(trace.name): on-screen speed changes \(ratio)x at the release")
        }
    }

    @Test(arguments: FeelTrace.rates) func aHardThrowOutOfTheOverscrollGlidesOnIntoTheMap(rate: Int) throws {
        let trace = try FeelTrace("overscroll-throw-back", rate: rate)
        let lift = try #require(trace.liftIndex())
        #expect(trace.frames[lift - 1].camera.offset.x < 0, "released past the left edge")
        let crossed = try #require(trace.frames[lift...].firstIndex { $0.camera.offset.x > 0 })
        var furthest = 0.0
        for frame in trace.frames[crossed...] {
            #expect(frame.camera.offset.x >= furthest - 0.5, "\(trace.name): turns back toward the edge")
            furthest = max(furthest, frame.camera.offset.x)
        }
        #expect(furthest > 20, "\(trace.name): glides on only \(furthest) px past the edge")
    }

    @Test(arguments: FeelTrace.rates) func aPinchOnARubberBandedMapDoesNotJump(rate: Int) throws {
        let trace = try FeelTrace("pinch-on-banded", rate: rate)
        let pinch = try #require(trace.frames.firstIndex { $0.state == .pinching })
        for index in pinch...pinch + 8 {
            let a = trace.frames[index - 1].camera, b = trace.frames[index].camera
            let step = max(abs(a.offset.x - b.offset.x), abs(a.offset.y - b.offset.y))
            #expect(step <= 2, "\(trace.name): the map jumps \(step) px at frame \(index) as the pinch begins")
        }
    }

    @Test(arguments: FeelTrace.rates) func aFlingAtTheCapOvershootsLessThanFifteenPercent(rate: Int) throws {
        let trace = try FeelTrace("fling-at-cap", rate: rate)
        #expect(trace.frames.contains { $0.state == .bouncing })
        let overshoot = -(trace.frames.map(\.camera.offset.y).min() ?? 0)
        #expect(overshoot < 0.15 * FeelTrace.viewport.height, "\(trace.name): overshoots the top edge by \(overshoot) px")
    }

    @Test(arguments: FeelTrace.rates) func repeatedFlicksCarryMomentum(rate: Int) throws {
        let carried = try FeelTrace("repeated-flicks", rate: rate)
        var off = FeelTrace.config
        off.physics.carriedMomentum = 0
        let plain = try FeelTrace("repeated-flicks", rate: rate, config: off)
        let liftCarried = try #require(carried.liftIndex(1)), liftPlain = try #require(plain.liftIndex(1))
        let fast = carried.speed(at: liftCarried + 2), normal = plain.speed(at: liftPlain + 2)
        #expect(fast > 1.2 * normal, "\(carried.name): second glide \(fast) px/s, without carried momentum \(normal)")
        #expect(normal < 1.1 * 1500, "\(plain.name): with carried_momentum = 0 the glide starts at the finger's speed")
    }

    static var limits: ZoomLimits {
        try! FeelTrace.config.cameraSettings(geometry: FeelTrace.geometry).zoomLimits
    }
}
