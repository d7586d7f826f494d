import Physics

/// What the gesture layer does to a release velocity before physics sees it: too slow is no fling at all,
/// too fast is clamped in magnitude (its direction kept), so a glitchy sample cannot throw the map away.
public struct FlingLimits: Sendable, Equatable {
    /// Below this speed (px/s) a release is a stop, not a fling.
    public var minimumSpeed: Double
    /// The largest release speed (px/s) passed on.
    public var maximumSpeed: Double

    /// The kiosk's fling limits by default (`FeelDefaults`).
    public init(minimumSpeed: Double = FeelDefaults.minimumFlingVelocity, maximumSpeed: Double = FeelDefaults.maximumFlingVelocity) {
        self.minimumSpeed = minimumSpeed
        self.maximumSpeed = maximumSpeed
    }

    public func apply(to velocity: Velocity) -> Velocity {
        let speed = velocity.length
        guard speed.isFinite, speed >= minimumSpeed, speed > 0 else { return .zero }
        guard speed > maximumSpeed else { return velocity }
        let factor = maximumSpeed / speed
        return Velocity(x: velocity.x * factor, y: velocity.y * factor)
    }
}
