/// The longest a spring may take to settle. Every spring a config or command line sets is checked here before it
/// can drive an animation: a spring of mass 1e9 and stiffness 1e-6 is accepted by per-number ranges yet would
/// animate for centuries. Any spring key (bounce, snap, and those that come later) calls `check`.
public enum SettleTimeLimit {
    /// Seconds; the default bounce settles in under a second.
    public static let maximumSeconds = 10.0
    /// The displacement the limit is measured from: a bounce from a full screen's rubber-band overshoot.
    public static let referenceDisplacement = 1000.0
    /// At rest within half a pixel, as the animations use.
    public static let referenceThreshold = 0.5

    /// Throws `.settlesTooSlowly` naming `parameter` when `spring`, released at rest from the reference
    /// displacement, is not guaranteed to settle within `maximumSeconds`.
    public static func check(_ spring: Spring, parameter: String) throws(PhysicsError) {
        let motion = try SpringTimingParameters(spring: spring, displacement: referenceDisplacement, initialVelocity: 0,
                                                threshold: referenceThreshold)
        let seconds = motion.settleTimeBound
        guard seconds.isFinite, seconds <= maximumSeconds else {
            throw .settlesTooSlowly(parameter: parameter, seconds: seconds, limit: maximumSeconds)
        }
    }
}
