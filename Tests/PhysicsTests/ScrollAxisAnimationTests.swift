import Testing
@testable import Physics

struct ScrollAxisAnimationTests {
    let bounds = try! ClosedInterval(minimum: 0, maximum: 500)

    @Test func withoutBoundsItOnlyDecelerates() throws {
        let axis = try ScrollAxisAnimation(position: 0, velocity: 3000, bounds: nil)
        let glide = try DecelerationTimingParameters(initialValue: 0, initialVelocity: 3000)
        #expect(axis.duration == glide.duration)
        #expect(axis.restingValue == glide.destination)
        for t in stride(from: 0.0, to: axis.duration, by: 0.1) {
            #expect(axis.sample(at: t).phase == .decelerating)
            #expect(axis.sample(at: t).value == glide.value(at: t))
        }
    }

    @Test func aFlingThatStaysInsideNeverBounces() throws {
        let axis = try ScrollAxisAnimation(position: 100, velocity: 500, bounds: bounds)
        for t in stride(from: 0.0, through: axis.duration + 1, by: 0.01) {
            #expect(axis.sample(at: t).phase != .bouncing)
        }
    }

    @Test func crossingABoundHandsOffWithContinuousPositionAndVelocity() throws {
        let axis = try ScrollAxisAnimation(position: 0, velocity: 3000, bounds: bounds)
        guard case let .glideThenBounce(glide, crossing, bound, _) = axis.plan else {
            Issue.record("a 3000 px/s fling from 0 must cross 500")
            return
        }
        #expect(bound == 500)
        #expect(abs(glide.value(at: crossing) - 500) < 1e-9)
        let h = 1e-7
        let before = axis.sample(at: crossing - h), after = axis.sample(at: crossing + h)
        #expect(before.phase == .decelerating)
        #expect(after.phase == .bouncing)
        #expect(abs(before.value - after.value) < 1e-3)
        #expect(abs(before.velocity - after.velocity) < 1e-2)
        #expect(after.velocity > 0, "carries the velocity it had at the crossing past the bound")
        #expect(axis.restingValue == 500)
        #expect(axis.sample(at: axis.duration + 0.01) == ScrollAxisSample(value: 500, velocity: 0, phase: .rest))
    }

    @Test func aBounceOvershootsThenComesBackToTheBound() throws {
        let axis = try ScrollAxisAnimation(position: 400, velocity: -4000, bounds: bounds)
        let overshoot = stride(from: 0.0, through: axis.duration, by: 0.001).map { axis.sample(at: $0).value }.min() ?? 0
        #expect(overshoot < -10)
        #expect(abs(axis.sample(at: axis.duration - 1e-6).value) <= 0.5 + 1e-3)
    }

    @Test func aReleaseOutsideTheBoundsSpringsBackWithTheReleaseVelocity() throws {
        let axis = try ScrollAxisAnimation(position: 560, velocity: 300, bounds: bounds)
        let start = axis.sample(at: 0)
        #expect(start.phase == .bouncing)
        #expect(start.value == 560)
        #expect(start.velocity == 300)
        #expect(axis.restingValue == 500)
    }

    @Test func theSpringEndsAtItsSettleDurationAndRestsAtTheBound() throws {
        let axis = try ScrollAxisAnimation(position: -80, velocity: 0, bounds: bounds)
        let spring = try SpringTimingParameters(spring: FeelDefaults.bounceSpring, displacement: -80, initialVelocity: 0)
        #expect(axis.duration == spring.duration)
        #expect(axis.sample(at: axis.duration).value == 0)
    }

    @Test func eachAxisRunsIndependently() throws {
        // The same release on two axes with different bounds: one bounces while the other still glides.
        let x = try ScrollAxisAnimation(position: 0, velocity: 2000, bounds: try ClosedInterval(minimum: 0, maximum: 100))
        let y = try ScrollAxisAnimation(position: 0, velocity: 2000, bounds: try ClosedInterval(minimum: 0, maximum: 5000))
        #expect(x.sample(at: 0.2).phase == .bouncing)
        #expect(y.sample(at: 0.2).phase == .decelerating)
    }

    @Test func decelerationSlowsMonotonically() throws {
        let axis = try ScrollAxisAnimation(position: 0, velocity: 2500, bounds: try ClosedInterval(minimum: -1e6, maximum: 1e6))
        var previousSpeed = Double.infinity
        for t in stride(from: 0.0, to: axis.duration, by: 1.0 / 60) {
            let speed = abs(axis.sample(at: t).velocity)
            #expect(speed <= previousSpeed)
            previousSpeed = speed
        }
    }
}

/// The hand-offs at a bound beyond the glide→bounce one: per-purpose springs, the bounce velocity cap and the
/// spring→glide mirror for a throw out of the overscroll.
struct ScrollAxisHandOffTests {
    let bounds = try! ClosedInterval(minimum: 0, maximum: 500)

    @Test func aHardThrowOutOfTheOverscrollGlidesOnPastTheBound() throws {
        let axis = try ScrollAxisAnimation(position: -60, velocity: 1500, bounds: bounds, spring: FeelDefaults.bounceSpring, springBack: FeelDefaults.springBackSpring)
        guard case let .springBackThenGlide(bound, spring, crossing, then) = axis.plan else {
            Issue.record("a throw back at 1500 px/s from 60 px out must cross the bound")
            return
        }
        #expect(bound == 0)
        #expect(abs(spring.value(at: crossing)) < 1e-9)
        let h = 1e-7
        let before = axis.sample(at: crossing - h), after = axis.sample(at: crossing + h)
        #expect(abs(before.value - after.value) < 1e-3)
        #expect(abs(before.velocity - after.velocity) < 1e-2)
        #expect(after.phase == .decelerating)
        guard case let .glide(glide) = then else {
            Issue.record("the glide stays inside")
            return
        }
        #expect(axis.restingValue == glide.destination)
        #expect(axis.restingValue > 20, "glides on into the content")
        var previous = -Double.infinity
        for t in stride(from: crossing, through: axis.duration, by: 0.001) {
            #expect(axis.sample(at: t).value >= previous - 1e-9, "never turns back toward the edge")
            previous = axis.sample(at: t).value
        }
    }

    @Test func aGentleReturnFromTheOverscrollStillStopsAtTheBound() throws {
        let axis = try ScrollAxisAnimation(position: -60, velocity: 0, bounds: bounds, springBack: FeelDefaults.springBackSpring)
        guard case .springBack = axis.plan else {
            Issue.record("no throw, no crossing")
            return
        }
        #expect(axis.restingValue == 0)
    }

    @Test func theBounceVelocityIsCappedAndTheOvershootWithIt() throws {
        let free = try ScrollAxisAnimation(position: 400, velocity: -8000, bounds: bounds, spring: .reference)
        let capped = try ScrollAxisAnimation(position: 400, velocity: -8000, bounds: bounds, spring: .reference, maximumBounceVelocity: 5000)
        guard case let .glideThenBounce(_, _, _, spring) = capped.plan else {
            Issue.record("must bounce")
            return
        }
        #expect(spring.initialVelocity == -5000)
        func overshoot(_ axis: ScrollAxisAnimation) -> Double {
            -(stride(from: 0.0, through: axis.duration, by: 0.0005).map { axis.sample(at: $0).value }.min() ?? 0)
        }
        // Critically damped from the bound: the largest overshoot is v/(ω0·e).
        #expect(abs(overshoot(capped) - 5000 / (10 * 2.718281828459045)) < 0.5)
        #expect(overshoot(free) > overshoot(capped))
    }

    @Test func theSpringBackUsesItsOwnSpring() throws {
        let axis = try ScrollAxisAnimation(position: 560, velocity: 0, bounds: bounds, spring: FeelDefaults.snapSpring, springBack: FeelDefaults.springBackSpring)
        let expected = try SpringTimingParameters(spring: FeelDefaults.springBackSpring, displacement: 60, initialVelocity: 0)
        #expect(axis.duration == expected.duration)
    }

    @Test(arguments: [0.5, 1.0, 1.5])
    func theFirstZeroCrossingIsWhereTheSpringPassesItsRest(dampingRatio: Double) throws {
        let spring = try Spring(mass: 1, stiffness: 100, dampingRatio: dampingRatio)
        let thrown = try SpringTimingParameters(spring: spring, displacement: -50, initialVelocity: 2000)
        let crossing = try #require(thrown.firstZeroCrossing)
        #expect(abs(thrown.value(at: crossing)) < 1e-6)
        for t in stride(from: 0.0, to: crossing, by: crossing / 100) { #expect(thrown.value(at: t) < 1e-9) }
        let gentle = try SpringTimingParameters(spring: spring, displacement: -50, initialVelocity: 0)
        #expect((gentle.firstZeroCrossing == nil) == (dampingRatio >= 1))
    }
}
