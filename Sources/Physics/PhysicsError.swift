/// A number the physics refuses: bad values never flow into an animation, they stop at the door with a reason.
public enum PhysicsError: Error, Equatable, CustomStringConvertible {
    /// NaN or ±infinity where a finite number is needed.
    case notFinite(parameter: String, value: Double)
    /// A deceleration rate must lie strictly between 0 and 1 (it is the velocity kept per millisecond).
    case decelerationRateOutOfRange(Double)
    /// Mass, stiffness, damping ratio, threshold, dimension... must be strictly positive.
    case notPositive(parameter: String, value: Double)
    /// Bounds whose minimum lies above their maximum.
    case invertedBounds(minimum: Double, maximum: Double)
    /// Projection needs at least one anchor to snap to.
    case noAnchors
    /// A spring so soft or so heavy that it would take longer than `SettleTimeLimit.maximumSeconds` to come to rest.
    case settlesTooSlowly(parameter: String, seconds: Double, limit: Double)

    public var description: String {
        switch self {
        case let .notFinite(parameter, value):
            return "\(parameter) must be a finite number, got \(value)"
        case let .decelerationRateOutOfRange(rate):
            return "deceleration rate must be between 0 and 1 (exclusive), got \(rate)"
        case let .notPositive(parameter, value):
            return "\(parameter) must be greater than 0, got \(value)"
        case let .invertedBounds(minimum, maximum):
            return "bounds minimum \(minimum) is greater than maximum \(maximum)"
        case .noAnchors:
            return "at least one anchor is needed"
        case let .settlesTooSlowly(parameter, seconds, limit):
            let shown = seconds.isFinite && seconds < 1e6 ? "\((seconds * 10).rounded() / 10) s" : "forever"
            return "\(parameter) would take \(shown) to settle from a 1000 px displacement; the limit is \(limit) s "
                + "(raise stiffness, or lower mass)"
        }
    }
}

@inline(__always) func requireFinite(_ value: Double, _ parameter: String) throws(PhysicsError) {
    guard value.isFinite else { throw .notFinite(parameter: parameter, value: value) }
}

@inline(__always) func requirePositive(_ value: Double, _ parameter: String) throws(PhysicsError) {
    try requireFinite(value, parameter)
    guard value > 0 else { throw .notPositive(parameter: parameter, value: value) }
}
