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
        let spring = try SpringTimingParameters(spring: .bounce, displacement: -80, initialVelocity: 0)
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
