import Testing
@testable import Physics

/// A spring accepted number by number can still take forever: the settle time is computed in bounded time and
/// checked against a documented limit.
struct SettleTimeLimitTests {
    @Test func theDefaultSpringsAreWellWithinTheLimit() throws {
        for (spring, name) in [(FeelDefaults.bounceSpring, "bounce"), (FeelDefaults.springBackSpring, "spring back"),
                               (FeelDefaults.zoomSpring, "zoom"), (FeelDefaults.snapSpring, "snap"),
                               (FeelDefaults.cardSpring, "card"), (FeelDefaults.listBounceSpring, "list bounce")] {
            try SettleTimeLimit.check(spring, parameter: name)
        }
    }

    @Test func aHeavySoftSpringIsRefusedWithItsName() throws {
        let soft = try Spring(mass: 1e9, stiffness: 1e-6, dampingRatio: 1)
        #expect(throws: PhysicsError.self) { try SettleTimeLimit.check(soft, parameter: "[physics] bounce_spring") }
        let barelyDamped = try Spring(mass: 1, stiffness: 100, dampingRatio: 0.01)
        do {
            try SettleTimeLimit.check(barelyDamped, parameter: "x")
            Issue.record("a spring with ζ 0.01 rings for about 80 s and must be refused")
        } catch {
            guard case let .settlesTooSlowly(_, seconds, limit) = error else { Issue.record("\(error)"); return }
            #expect(seconds > 70 && seconds < 90)
            #expect(limit == SettleTimeLimit.maximumSeconds)
        }
    }

    /// The settle time of a spring far outside the limit (it once walked back 10^15 steps, every frame) is bounded
    /// work and still an upper bound of where the motion is within threshold.
    @Test func theSettleTimeOfAnAbsurdSpringIsComputedInBoundedSteps() throws {
        let soft = try Spring(mass: 1e9, stiffness: 1e-6, dampingRatio: 1)
        let motion = try SpringTimingParameters(spring: soft, displacement: 1000, initialVelocity: 0)
        #expect(motion.duration > 0)
        #expect(abs(motion.value(at: motion.duration)) < 0.5 || motion.duration >= motion.settleTimeBound * 0.999)
    }
}
