/// Snapping a release to one of a set of resting places (stations on a line, pages, cards): project where the
/// glide would end, pick the anchor nearest that projection, and spring there carrying the release velocity,
/// so a flick travels to the anchor it points at rather than stopping dead.
public struct AnchorProjection: Equatable, Sendable {
    public let projection: Double
    public let anchor: Double
    public let spring: SpringTimingParameters
    /// Dragging beyond the first or last anchor meets the rubber band.
    public let anchorRange: ClosedInterval

    public init(
        position: Double,
        velocity: Double,
        anchors: [Double],
        rate: DecelerationRate = FeelDefaults.decelerationRate,
        spring: Spring = FeelDefaults.snapSpring,
        threshold: Double = 0.5
    ) throws(PhysicsError) {
        guard var nearest = anchors.first else { throw .noAnchors }
        for anchor in anchors { try requireFinite(anchor, "anchor") }
        let glide = try DecelerationTimingParameters(initialValue: position, initialVelocity: velocity, rate: rate, threshold: threshold)
        let projection = glide.destination
        for anchor in anchors where abs(anchor - projection) < abs(nearest - projection) {
            nearest = anchor
        }
        self.projection = projection
        self.anchor = nearest
        self.spring = try SpringTimingParameters(
            spring: spring, displacement: position - nearest, initialVelocity: velocity, threshold: threshold)
        self.anchorRange = try ClosedInterval(minimum: anchors.min() ?? nearest, maximum: anchors.max() ?? nearest)
    }

    public func value(at time: Double) -> Double { anchor + spring.value(at: time) }
    public func velocity(at time: Double) -> Double { spring.velocity(at: time) }
    public var duration: Double { spring.duration }

    /// The rubber band a drag meets past the outermost anchors, for a view `dimension` long.
    public func dragRubberBand(dimension: Double, coefficient: Double = FeelDefaults.rubberBandCoefficient) throws(PhysicsError) -> RubberBand {
        try RubberBand(coefficient: coefficient, dimension: dimension, bounds: anchorRange)
    }
}
