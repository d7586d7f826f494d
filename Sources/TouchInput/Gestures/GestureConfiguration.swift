/// The limits that tell a tap from a pan and a double tap from two taps. Defaults follow iOS/Flutter practice.
public struct GestureConfiguration: Sendable, Equatable {
    /// How far a finger must move before a pan or pinch begins (and beyond which a touch is no tap).
    public var touchSlopMillimetres: Double
    /// A touch held longer than this is not a tap.
    public var tapMaximumDurationMicroseconds: Int64
    /// From the first tap's lift to the second tap's touch-down.
    public var doubleTapMaximumIntervalMicroseconds: Int64
    /// Between the two taps' touch-down points.
    public var doubleTapMaximumDistanceMillimetres: Double
    /// Applied to pan and pinch release velocities.
    public var flingLimits: FlingLimits
    public var velocityStrategy: VelocityStrategy

    public init(touchSlopMillimetres: Double = 2,
                tapMaximumDurationMicroseconds: Int64 = 300_000,
                doubleTapMaximumIntervalMicroseconds: Int64 = 300_000,
                doubleTapMaximumDistanceMillimetres: Double = 10,
                flingLimits: FlingLimits = FlingLimits(),
                velocityStrategy: VelocityStrategy = .ios) {
        self.touchSlopMillimetres = touchSlopMillimetres
        self.tapMaximumDurationMicroseconds = tapMaximumDurationMicroseconds
        self.doubleTapMaximumIntervalMicroseconds = doubleTapMaximumIntervalMicroseconds
        self.doubleTapMaximumDistanceMillimetres = doubleTapMaximumDistanceMillimetres
        self.flingLimits = flingLimits
        self.velocityStrategy = velocityStrategy
    }
}
