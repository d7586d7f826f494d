/// How a finger's release velocity is estimated from its recent samples.
public enum VelocityStrategy: String, Sendable, CaseIterable {
    /// UIScrollView's weighted mean of the last three segment velocities (the kiosk's default).
    case ios
    /// Quadratic least squares over the last 100 ms (Android's and Flutter's default).
    case lsq2
    /// Android's impulse strategy: the velocity whose kinetic energy equals the work the finger did.
    case impulse
}
