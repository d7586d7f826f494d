/// UIScrollView's deceleration after a fling, in closed form: the velocity decays by the rate every millisecond.
///
/// With k = 1000·ln(rate): v(t) = v0·e^(kt), x(t) = x0 + v0·(e^(kt) − 1)/k, and the glide ends at x0 − v0/k.
public struct DecelerationTimingParameters: Equatable, Sendable {
    public let initialValue: Double
    /// Release velocity in units per second, already limited to the maximum fling velocity.
    public let initialVelocity: Double
    public let rate: DecelerationRate
    /// The glide is over once the remaining distance is below this (0.5 px: less than a pixel can show).
    public let threshold: Double

    public init(
        initialValue: Double,
        initialVelocity: Double,
        rate: DecelerationRate = FeelDefaults.decelerationRate,
        threshold: Double = 0.5,
        maximumVelocity: Double = .infinity
    ) throws(PhysicsError) {
        try requireFinite(initialValue, "initial value")
        try requireFinite(initialVelocity, "initial velocity")
        try requirePositive(threshold, "threshold")
        guard !maximumVelocity.isNaN else { throw .notFinite(parameter: "maximum velocity", value: maximumVelocity) }
        guard maximumVelocity > 0 else { throw .notPositive(parameter: "maximum velocity", value: maximumVelocity) }
        self.initialValue = initialValue
        self.initialVelocity = min(max(initialVelocity, -maximumVelocity), maximumVelocity)
        self.rate = rate
        self.threshold = threshold
    }

    private var k: Double { rate.exponentPerSecond }

    /// Where the glide comes to rest: the projection of the release.
    public var destination: Double { initialValue - initialVelocity / k }

    public func value(at time: Double) -> Double {
        initialValue + initialVelocity * (exponentialDecay(at: time) - 1) / k
    }

    public func velocity(at time: Double) -> Double {
        initialVelocity * exponentialDecay(at: time)
    }

    /// Time until the remaining distance |v(t)/k| falls to the threshold. Zero, never negative,
    /// for a release too slow to travel further than the threshold.
    public var duration: Double {
        guard initialVelocity != 0 else { return 0 }
        let time = naturalLogarithm(-k * threshold / abs(initialVelocity)) / k
        return max(time, 0)
    }

    /// Time at which the glide passes `point`, or nil when the point is behind the start or beyond the destination.
    public func time(toReach point: Double) -> Double? {
        let distance = point - initialValue
        if distance == 0 { return 0 }
        guard initialVelocity != 0, (distance > 0) == (initialVelocity > 0) else { return nil }
        let fraction = 1 + k * abs(distance) / abs(initialVelocity)
        guard fraction > 0 else { return nil }
        return naturalLogarithm(fraction) / k
    }

    @inline(__always) private func exponentialDecay(at time: Double) -> Double {
        exponential(k * max(time, 0))
    }
}
