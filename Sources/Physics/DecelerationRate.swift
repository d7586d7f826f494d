/// The fraction of velocity kept per millisecond, as UIScrollView defines its deceleration rates.
public struct DecelerationRate: Equatable, Sendable {
    public let perMillisecond: Double

    /// UIScrollView.DecelerationRate.normal: a long glide, for free scrolling.
    public static let normal = DecelerationRate(uncheckedPerMillisecond: 0.998)
    /// UIScrollView.DecelerationRate.fast: a short glide, for paging and snapping.
    public static let fast = DecelerationRate(uncheckedPerMillisecond: 0.99)

    public init(perMillisecond rate: Double) throws(PhysicsError) {
        try requireFinite(rate, "deceleration rate")
        guard rate > 0, rate < 1 else { throw .decelerationRateOutOfRange(rate) }
        self.perMillisecond = rate
    }

    private init(uncheckedPerMillisecond rate: Double) {
        self.perMillisecond = rate
    }

    /// k = 1000·ln(d), per second and negative: v(t) = v0·e^(k·t).
    public var exponentPerSecond: Double { 1000 * naturalLogarithm(perMillisecond) }
}
