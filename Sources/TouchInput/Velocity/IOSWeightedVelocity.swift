/// UIScrollView's release velocity as Flutter's `IOSScrollViewFlingVelocityTracker` reverse-engineers it: not a
/// fit but a weighted mean of the last three sample-to-sample velocities, 0.6 / 0.35 / 0.05 from the oldest to the
/// newest. The newest segment, where the finger rolls off the glass, counts least, so an eased-out lift gives a
/// slow glide the way the finger was going instead of a fit's extrapolation past the stop.
enum IOSWeightedVelocity {
    /// Oldest of the three segments first.
    static let weights = [0.6, 0.35, 0.05]

    /// `times` in seconds and `values` in pixels, oldest first. A segment that does not exist (fewer than four
    /// samples) or has no duration contributes nothing, as in UIKit's reverse-engineered estimate.
    static func velocity(times: UnsafeBufferPointer<Double>, values: UnsafeBufferPointer<Double>) -> Double? {
        let n = times.count
        guard n >= 2 else { return nil }
        var velocity = 0.0
        for (segment, weight) in weights.enumerated() {
            // Segment 2 ends at the newest sample, segment 0 two samples before.
            let end = n - 3 + segment
            guard end >= 1 else { continue }
            let dt = times[end] - times[end - 1]
            guard dt > 0 else { continue }
            velocity += weight * (values[end] - values[end - 1]) / dt
        }
        return velocity
    }
}
