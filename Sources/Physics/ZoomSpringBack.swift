/// After a pinch released past a scale limit: the scale springs back to the limit in log space, starting with
/// the pinch's own scale velocity, while the point between the fingers stays where it was on screen.
public struct ZoomSpringBack: Equatable, Sendable {
    public let targetScale: Double
    public let focalPoint: Point
    public let initialScale: Double
    public let initialOffset: Point
    let logSpring: SpringTimingParameters

    /// `scaleVelocity` is in scale units per second (d scale / dt at release).
    public init(
        scale: Double,
        scaleVelocity: Double,
        offset: Point,
        focalPoint: Point,
        limits: ZoomLimits,
        spring: Spring = .bounce,
        logThreshold: Double = 0.001
    ) throws(PhysicsError) {
        try requirePositive(scale, "scale")
        try requireFinite(scaleVelocity, "scale velocity")
        try requireFinite(offset.x, "offset x")
        try requireFinite(offset.y, "offset y")
        try requireFinite(focalPoint.x, "focal point x")
        try requireFinite(focalPoint.y, "focal point y")
        targetScale = limits.clamped(scale)
        self.focalPoint = focalPoint
        initialScale = scale
        initialOffset = offset
        // d(ln s)/dt = (ds/dt)/s
        logSpring = try SpringTimingParameters(
            spring: spring, displacement: naturalLogarithm(scale / targetScale),
            initialVelocity: scaleVelocity / scale, threshold: logThreshold)
    }

    public var duration: Double { logSpring.duration }

    public func scale(at time: Double) -> Double {
        time >= duration ? targetScale : targetScale * exponential(logSpring.value(at: time))
    }

    public func offset(at time: Double) -> Point {
        ZoomGeometry.offsetKeepingFocalPointFixed(
            offset: initialOffset, scale: initialScale, newScale: scale(at: time), focalPoint: focalPoint)
    }
}
