import Testing
@testable import Physics

struct SpringTimingParametersTests {
    static let regimes: [Double] = [0.2, 0.5, 0.9, 1, 1.1, 1.25, 3]
    static let starts: [(x0: Double, v0: Double)] = [(100, 0), (-40, 0), (0, 1500), (0, -800), (60, -2000), (-25, 300)]

    @Test(arguments: regimes)
    func startsAtItsDisplacementAndVelocityInEveryRegime(dampingRatio: Double) throws {
        let spring = try Spring(mass: 1, stiffness: 100, dampingRatio: dampingRatio)
        for start in Self.starts {
            let motion = try SpringTimingParameters(spring: spring, displacement: start.x0, initialVelocity: start.v0)
            #expect(abs(motion.value(at: 0) - start.x0) < 1e-9)
            #expect(abs(motion.velocity(at: 0) - start.v0) < 1e-9)
        }
    }

    @Test(arguments: regimes)
    func velocityIsTheDerivativeOfDisplacement(dampingRatio: Double) throws {
        let spring = try Spring(mass: 0.5, stiffness: 180, dampingRatio: dampingRatio)
        let motion = try SpringTimingParameters(spring: spring, displacement: 30, initialVelocity: -700)
        for t in stride(from: 0.01, through: 1.0, by: 0.07) {
            let h = 1e-6
            let numeric = (motion.value(at: t + h) - motion.value(at: t - h)) / (2 * h)
            #expect(abs(numeric - motion.velocity(at: t)) < 1e-4 * max(1, abs(numeric)))
        }
    }

    @Test(arguments: regimes)
    func satisfiesTheEquationOfMotion(dampingRatio: Double) throws {
        // m·x'' + c·x' + s·x = 0
        let spring = try Spring(mass: 2, stiffness: 150, dampingRatio: dampingRatio)
        let motion = try SpringTimingParameters(spring: spring, displacement: -12, initialVelocity: 400)
        for t in stride(from: 0.02, through: 1.0, by: 0.09) {
            let h = 1e-5
            let acceleration = (motion.velocity(at: t + h) - motion.velocity(at: t - h)) / (2 * h)
            let residual = spring.mass * acceleration + spring.damping * motion.velocity(at: t) + spring.stiffness * motion.value(at: t)
            #expect(abs(residual) < 1e-3 * max(1, spring.stiffness * abs(motion.value(at: t))))
        }
    }

    @Test func criticallyDampedMatchesHandWorkedNumbers() throws {
        // β = 10: x(t) = (100 + 1000·t)·e^(−10t); x(0.1) = 200/e
        let motion = try SpringTimingParameters(spring: .reference, displacement: 100, initialVelocity: 0)
        #expect(abs(motion.value(at: 0.1) - 73.57588823428847) < 1e-9)
    }

    @Test func underdampedMatchesHandWorkedNumbers() throws {
        // β = 5, ω' = 10·√0.75; x(0.1) = e^(−0.5)·(cos 0.866 + 0.57735·sin 0.866)
        let spring = try Spring(mass: 1, stiffness: 100, dampingRatio: 0.5)
        let motion = try SpringTimingParameters(spring: spring, displacement: 1, initialVelocity: 0)
        #expect(abs(motion.value(at: 0.1) - 0.6597) < 1e-4)
        #expect(motion.value(at: 0.4) < 0, "an underdamped spring overshoots its rest point")
    }

    @Test func overdampedMatchesHandWorkedNumbers() throws {
        // ζ = 1.25: r1 = −5, r2 = −20, a1 = 4/3, a2 = −1/3
        let spring = try Spring(mass: 1, stiffness: 100, dampingRatio: 1.25)
        let motion = try SpringTimingParameters(spring: spring, displacement: 1, initialVelocity: 0)
        let expected = 4.0 / 3 * 0.6065306597126334 - 1.0 / 3 * 0.1353352832366127
        #expect(abs(motion.value(at: 0.1) - expected) < 1e-12)
        for t in stride(from: 0.0, through: 2, by: 0.01) {
            #expect(motion.value(at: t) > 0, "overdamped from rest never crosses its rest point")
        }
    }

    @Test func fromZeroDisplacementWithVelocityItLeavesAndComesBack() throws {
        let motion = try SpringTimingParameters(spring: .reference, displacement: 0, initialVelocity: 1000)
        #expect(motion.value(at: 0.05) > 10)
        #expect(motion.duration > 0.3)
        #expect(abs(motion.value(at: motion.duration)) <= 0.5 + 1e-9)
    }

    @Test(arguments: regimes)
    func settleDurationIsTightNotJustAnUpperBound(dampingRatio: Double) throws {
        let spring = try Spring(mass: 1, stiffness: 100, dampingRatio: dampingRatio)
        for start in Self.starts {
            let motion = try SpringTimingParameters(spring: spring, displacement: start.x0, initialVelocity: start.v0, threshold: 0.5)
            let settle = motion.duration
            // At the settle time it is exactly at the threshold…
            #expect(abs(abs(motion.value(at: settle)) - 0.5) < 1e-6, "ζ \(dampingRatio) \(start)")
            // …and never leaves it afterwards.
            var t = settle
            while t < settle + 5 {
                t += 0.0005
                #expect(abs(motion.value(at: t)) <= 0.5 + 1e-9)
                if abs(motion.value(at: t)) > 0.5 + 1e-9 { break }
            }
        }
    }

    @Test func aSpringThatNeverLeavesTheThresholdSettlesAtOnce() throws {
        let motion = try SpringTimingParameters(spring: .reference, displacement: 0.1, initialVelocity: 0, threshold: 0.5)
        #expect(motion.duration == 0)
    }
}
