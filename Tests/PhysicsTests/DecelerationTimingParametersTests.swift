import Testing
@testable import Physics

struct DecelerationTimingParametersTests {
    @Test func thousandPixelsPerSecondAtNormalRateProjectsToHalfAThousandPixels() throws {
        let glide = try DecelerationTimingParameters(initialValue: 0, initialVelocity: 1000, rate: .normal)
        // k = 1000·ln 0.998 = −2.00200267…, X = −v0/k = 499.49983…
        #expect(abs(glide.destination - 499.5) < 0.01)
        #expect(abs(glide.destination - 1000 / 2.0020026706730794) < 1e-6)
    }

    @Test func fastRateStopsSooner() throws {
        let normal = try DecelerationTimingParameters(initialValue: 0, initialVelocity: 1000, rate: .normal)
        let fast = try DecelerationTimingParameters(initialValue: 0, initialVelocity: 1000, rate: .fast)
        // k = 1000·ln 0.99 = −10.0503…, X = 99.499…
        #expect(abs(fast.destination - 99.4992) < 0.001)
        #expect(fast.duration < normal.duration)
    }

    @Test func startsAtItsValueAndVelocity() throws {
        let glide = try DecelerationTimingParameters(initialValue: 120, initialVelocity: -800, rate: try DecelerationRate(perMillisecond: 0.995))
        #expect(glide.value(at: 0) == 120)
        #expect(glide.velocity(at: 0) == -800)
    }

    @Test func velocityIsTheDerivativeOfValue() throws {
        let glide = try DecelerationTimingParameters(initialValue: 10, initialVelocity: 2500)
        for t in stride(from: 0.25, through: 3.0, by: 0.25) {
            let h = 1e-6
            let numeric = (glide.value(at: t + h) - glide.value(at: t - h)) / (2 * h)
            #expect(abs(numeric - glide.velocity(at: t)) < 1e-3 * max(1, abs(glide.velocity(at: t))))
        }
    }

    @Test func restsWithinTheThresholdOfItsDestinationAtItsDuration() throws {
        for velocity in [-5000.0, -300, 40, 1000, 8000] {
            for rate in [DecelerationRate.normal, .fast] {
                let glide = try DecelerationTimingParameters(initialValue: 50, initialVelocity: velocity, rate: rate, threshold: 0.5)
                let remaining = abs(glide.destination - glide.value(at: glide.duration))
                #expect(abs(remaining - 0.5) < 1e-9, "v0 \(velocity): remaining \(remaining)")
            }
        }
    }

    @Test func durationMatchesTheClosedForm() throws {
        let glide = try DecelerationTimingParameters(initialValue: 0, initialVelocity: 1000, rate: .normal, threshold: 0.5)
        let k = -2.0020026706730794
        // T = ln(−k·ε/|v0|)/k = ln(0.00100100)/(−2.0020027) = 3.44992…
        #expect(abs(glide.duration - (-6.906754444647406) / k) < 1e-9)
        #expect(abs(glide.duration - 3.44992) < 1e-5)
    }

    @Test func tinyVelocityGivesZeroDurationNeverNegative() throws {
        // |v0| < |k|·ε: the glide would not even travel the threshold.
        let glide = try DecelerationTimingParameters(initialValue: 0, initialVelocity: 0.5, rate: .normal, threshold: 0.5)
        #expect(glide.duration == 0)
        let still = try DecelerationTimingParameters(initialValue: 0, initialVelocity: 0)
        #expect(still.duration == 0)
    }

    @Test func timeToReachAPointIsWhereTheValueIsThatPoint() throws {
        let glide = try DecelerationTimingParameters(initialValue: 100, initialVelocity: -2000)
        let time = try #require(glide.time(toReach: -500))
        #expect(abs(glide.value(at: time) - (-500)) < 1e-9)
        #expect(glide.time(toReach: 100) == 0)
        #expect(glide.time(toReach: 200) == nil, "behind the start")
        #expect(glide.time(toReach: glide.destination - 1) == nil, "beyond the destination")
    }

    @Test func hugeVelocityIsLimitedByTheMaximumFlingVelocity() throws {
        let glide = try DecelerationTimingParameters(initialValue: 0, initialVelocity: -1e7, maximumVelocity: 8000)
        #expect(glide.initialVelocity == -8000)
    }

    @Test func anyRateStrictlyBetweenZeroAndOneIsAccepted() throws {
        for rate in [0.001, 0.5, 0.9, 0.9999] {
            #expect(throws: Never.self) { try DecelerationRate(perMillisecond: rate) }
        }
    }
}
