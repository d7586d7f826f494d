/// UIScrollView's release velocity as Flutter's `IOSScrollViewFlingVelocityTracker` reverse-engineers it: not a
/// fit but a weighted mean of the last three segment velocities, 0.6 / 0.35 / 0.05 from the oldest to the newest.
/// The newest segment, where the finger rolls off the glass, counts least, so an eased-out lift gives a slow glide
/// the way the finger was going instead of a fit's extrapolation past the stop.
///
/// Sample ages, not sample counts, decide the window. UIKit's segments are one report of its 120 Hz digitizer
/// apart, so its three span the last 25 ms; taken sample by sample on a 60 Hz panel they would reach 50 ms back,
/// and the oldest (weighted most) would still hold the speed of a finger that has since eased to a stop or rested
/// (the map then re-accelerated after the lift, or glided after a 50 ms rest). So the finger's path is read at the
/// ages 0, 8⅓, 16⅔ and 25 ms (linearly between samples) and the three segments between them are weighted: at
/// 120 Hz that is UIKit's estimate exactly; at every other rate it covers the same 25 ms of the finger.
enum IOSWeightedVelocity {
    /// Oldest of the three segments first.
    static let weights = [0.6, 0.35, 0.05]
    /// One segment: a report period of UIKit's 120 Hz touch.
    static let segmentSeconds = 1.0 / 120

    /// `times` in seconds (the newest is 0) and `values` in pixels, oldest first. A segment the samples do not reach
    /// back to (a touch younger than 25 ms) contributes nothing, as a missing segment does in UIKit's estimate; one
    /// they reach partly contributes its weight times the part covered, at the covered part's speed. Why partly:
    /// the all-or-nothing cliff sat exactly where a short flick's touch-down is. A 30 ms flick at 120 Hz reaches back
    /// 25 ms, and ±1 ms of timestamp jitter on its touch-down dropped the oldest segment (weight 0.6) for 4 seeds
    /// of 6: the glide came out 54–59 % short. On UIKit's own steady 120 Hz reports a segment is covered fully or
    /// not at all, so its estimate is unchanged.
    static func velocity(times: UnsafeBufferPointer<Double>, values: UnsafeBufferPointer<Double>) -> Double? {
        let n = times.count
        guard n >= 2 else { return nil }
        let newest = times[n - 1]
        var velocity = 0.0
        for (segment, weight) in weights.enumerated() {
            // Segment 2 spans the ages [0, h], segment 0 the ages [2h, 3h].
            let youngAge = Double(weights.count - 1 - segment) * segmentSeconds
            let start = max(newest - youngAge - segmentSeconds, times[0])
            let covered = newest - youngAge - start
            // 1 µs of slack: timestamps are whole microseconds.
            guard covered > 1e-6, let old = position(at: start, times: times, values: values),
                  let young = position(at: newest - youngAge, times: times, values: values) else { continue }
            velocity += weight * min(1, covered / segmentSeconds) * (young - old) / covered
        }
        return velocity
    }

    /// The finger's position at `time` by linear interpolation between the samples around it; nil before the oldest
    /// (1 µs of slack for timestamps rounded to whole microseconds).
    private static func position(at time: Double, times: UnsafeBufferPointer<Double>, values: UnsafeBufferPointer<Double>) -> Double? {
        let n = times.count
        guard time >= times[0] - 1e-6 else { return nil }
        if time <= times[0] { return values[0] }
        var later = 1
        while later < n - 1, times[later] < time { later += 1 }
        let t0 = times[later - 1], t1 = times[later]
        guard t1 > t0 else { return values[later] }
        let u = min(max((time - t0) / (t1 - t0), 0), 1)
        return values[later - 1] + (values[later] - values[later - 1]) * u
    }
}
