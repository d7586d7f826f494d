/// A spring from one view of the content to another, scale and offset together: after a pinch released past a
/// scale limit, for a double-tap zoom, and for the trip back home.
///
/// The scale springs in log space (zooming ×2 and ÷2 take the same time), and the offset follows the scale so
/// that the content under `focalPoint` stays put on screen. When the target offset is not the one that keeps the
/// focal point fixed (content would leave the viewport's bounds, or the target is elsewhere altogether), the
/// difference is made up by a second spring on the offset, starting from zero so nothing jumps.
public struct ZoomTransition: Equatable, Sendable {
    public let initialScale: Double
    public let initialOffset: ScreenPoint
    public let targetScale: Double
    public let targetOffset: ScreenPoint
    public let focalPoint: ScreenPoint
    let logScale: SpringTimingParameters
    let correctionX: SpringTimingParameters
    let correctionY: SpringTimingParameters

    /// `scaleVelocity` in scale units per second; `offsetVelocity` in offset units per second, beyond what the
    /// scale change itself causes (a pinch's centroid moving as the fingers lift).
    public init(
        scale: Double,
        scaleVelocity: Double = 0,
        offset: ScreenPoint,
        offsetVelocity: ScreenPoint = .zero,
        focalPoint: ScreenPoint,
        targetScale: Double,
        targetOffset: ScreenPoint? = nil,
        spring: Spring = FeelDefaults.snapSpring,
        threshold: Double = 0.5
    ) throws(PhysicsError) {
        try requirePositive(scale, "scale")
        try requirePositive(targetScale, "target scale")
        for (value, name) in [(scaleVelocity, "scale velocity"), (offset.x, "offset x"), (offset.y, "offset y"),
                              (offsetVelocity.x, "offset velocity x"), (offsetVelocity.y, "offset velocity y"),
                              (focalPoint.x, "focal point x"), (focalPoint.y, "focal point y")] {
            try requireFinite(value, name)
        }
        let focalFixedTarget = ZoomGeometry.offsetKeepingFocalPointFixed(
            offset: offset, scale: scale, newScale: targetScale, focalPoint: focalPoint)
        let target = targetOffset ?? focalFixedTarget
        try requireFinite(target.x, "target offset x")
        try requireFinite(target.y, "target offset y")
        initialScale = scale
        initialOffset = offset
        self.targetScale = targetScale
        self.targetOffset = target
        self.focalPoint = focalPoint
        // The scale is at rest when what it still has to change moves no pixel by more than the threshold: a
        // relative scale error e moves the screen point p by about e·|p + offset|, the farthest visible point's.
        let reach = max(abs(focalFixedTarget.x) + 2 * abs(focalPoint.x), abs(focalFixedTarget.y) + 2 * abs(focalPoint.y), 1)
        // d(ln s)/dt = (ds/dt)/s
        logScale = try SpringTimingParameters(
            spring: spring, displacement: naturalLogarithm(scale / targetScale),
            initialVelocity: scaleVelocity / scale, threshold: min(threshold / reach, 0.001))
        // The correction starts at zero (no jump) and ends at the gap between the focal-fixed and the wanted offset.
        correctionX = try SpringTimingParameters(
            spring: spring, displacement: focalFixedTarget.x - target.x, initialVelocity: offsetVelocity.x, threshold: threshold)
        correctionY = try SpringTimingParameters(
            spring: spring, displacement: focalFixedTarget.y - target.y, initialVelocity: offsetVelocity.y, threshold: threshold)
    }

    /// A pinch released past a scale limit: back to the nearest limit, the focal point fixed.
    public init(
        springingBackFrom scale: Double,
        scaleVelocity: Double,
        offset: ScreenPoint,
        focalPoint: ScreenPoint,
        limits: ZoomLimits,
        spring: Spring = FeelDefaults.zoomSpring
    ) throws(PhysicsError) {
        try requirePositive(scale, "scale")
        try self.init(scale: scale, scaleVelocity: scaleVelocity, offset: offset, focalPoint: focalPoint,
                      targetScale: limits.clamped(scale), spring: spring)
    }

    public var duration: Double { max(logScale.duration, correctionX.duration, correctionY.duration) }

    public func scale(at time: Double) -> Double {
        time >= duration ? targetScale : targetScale * exponential(logScale.value(at: time))
    }

    /// d(ln scale)/dt at `time`: what a following zoom carries on.
    public func logScaleVelocity(at time: Double) -> Double {
        time >= duration ? 0 : logScale.velocity(at: time)
    }

    public func offset(at time: Double) -> ScreenPoint {
        if time >= duration { return targetOffset }
        let focalFixed = ZoomGeometry.offsetKeepingFocalPointFixed(
            offset: initialOffset, scale: initialScale, newScale: scale(at: time), focalPoint: focalPoint)
        // correction(t) = spring(t) − spring(0): zero at the start, target − focalFixed(target) at the end.
        return ScreenPoint(x: focalFixed.x + correctionX.value(at: time) - correctionX.initialDisplacement,
                           y: focalFixed.y + correctionY.value(at: time) - correctionY.initialDisplacement)
    }
}
