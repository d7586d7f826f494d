/// The scales a map may rest at, and how pinching past them resists.
///
/// The resistance works on the logarithm of the scale: zooming out from 1 to 0.5 is the same gesture as
/// zooming in from 1 to 2, so the rubber band must feel the same both ways, which it does only in log space.
public struct ZoomLimits: Equatable, Sendable {
    public let minimumScale: Double
    public let maximumScale: Double
    /// How far past a limit (as a log-scale distance) the rubber band lets a pinch go at most, asymptotically.
    public let logOvershootDimension: Double
    public let coefficient: Double

    /// ln 2: however hard one pinches, the scale stays within a factor of 2 of the limit (about 1.28× for a
    /// pinch that asks for twice the limit).
    public static let defaultLogOvershootDimension = 0.6931471805599453

    public init(
        minimumScale: Double,
        maximumScale: Double,
        logOvershootDimension: Double = ZoomLimits.defaultLogOvershootDimension,
        coefficient: Double = FeelDefaults.rubberBandCoefficient
    ) throws(PhysicsError) {
        try requirePositive(minimumScale, "minimum scale")
        try requirePositive(maximumScale, "maximum scale")
        guard minimumScale <= maximumScale else { throw .invertedBounds(minimum: minimumScale, maximum: maximumScale) }
        try requirePositive(logOvershootDimension, "log overshoot dimension")
        try requirePositive(coefficient, "rubber band coefficient")
        self.minimumScale = minimumScale
        self.maximumScale = maximumScale
        self.logOvershootDimension = logOvershootDimension
        self.coefficient = coefficient
        logRubberBand = try RubberBand(
            coefficient: coefficient, dimension: logOvershootDimension,
            bounds: ClosedInterval(minimum: naturalLogarithm(minimumScale), maximum: naturalLogarithm(maximumScale)))
    }

    public func contains(_ scale: Double) -> Bool { scale >= minimumScale && scale <= maximumScale }

    /// The limit a scale springs back to.
    public func clamped(_ scale: Double) -> Double { min(max(scale, minimumScale), maximumScale) }

    private let logRubberBand: RubberBand

    /// The scale shown while the fingers ask for `requestedScale`: unchanged within the limits, resisted past them.
    public func rubberBanded(_ requestedScale: Double) throws(PhysicsError) -> Double {
        try requirePositive(requestedScale, "scale")
        return exponential(logRubberBand.clamp(naturalLogarithm(requestedScale)))
    }

    /// d(ln shown)/d(ln requested) at a requested scale: 1 within the limits, the log-space rubber band's slope
    /// past them. A pinch released past a limit hands its spring the fingers' log-scale velocity times this, the
    /// rate at which the scale was changing on screen.
    public func logSlope(atRequested requestedScale: Double) throws(PhysicsError) -> Double {
        try requirePositive(requestedScale, "scale")
        return logRubberBand.slope(at: naturalLogarithm(requestedScale))
    }

    /// The scale the fingers would have asked for to show `shownScale`: lets a new pinch take over an
    /// overshooting zoom without a jump.
    public func unrubberBanded(_ shownScale: Double) throws(PhysicsError) -> Double {
        try requirePositive(shownScale, "scale")
        return exponential(logRubberBand.unclamp(naturalLogarithm(shownScale)))
    }
}
