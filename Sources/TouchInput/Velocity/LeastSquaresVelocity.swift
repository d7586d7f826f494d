/// Fits x(t) = a + b·t + c·t² by unweighted least squares with t relative to the newest sample, and returns b:
/// the finger's velocity at its last known position. With only two samples (or samples whose times make the
/// quadratic degenerate) the fit drops to a line, as Android's does; one sample gives no estimate.
enum LeastSquaresVelocity {
    /// `times` in seconds (≤ 0, newest last or first: order does not matter), `values` in pixels.
    static func slope(times: UnsafeBufferPointer<Double>, values: UnsafeBufferPointer<Double>) -> Double? {
        let n = times.count
        guard n >= 2 else { return nil }
        var s1 = 0.0, s2 = 0.0, s3 = 0.0, s4 = 0.0
        var v0 = 0.0, v1 = 0.0, v2 = 0.0
        for i in 0..<n {
            let t = times[i], t2 = t * t, value = values[i]
            s1 += t; s2 += t2; s3 += t2 * t; s4 += t2 * t2
            v0 += value; v1 += value * t; v2 += value * t2
        }
        let s0 = Double(n)
        if n >= 3 {
            // Normal equations [s0 s1 s2; s1 s2 s3; s2 s3 s4]·[a b c] = [v0 v1 v2], solved for b by Cramer's rule.
            let determinant = s0 * (s2 * s4 - s3 * s3) - s1 * (s1 * s4 - s3 * s2) + s2 * (s1 * s3 - s2 * s2)
            let scale = s0 * s2 * s4
            if scale > 0, abs(determinant) > 1e-9 * scale {
                let numerator = s0 * (v1 * s4 - s3 * v2) - v0 * (s1 * s4 - s3 * s2) + s2 * (s1 * v2 - v1 * s2)
                return numerator / determinant
            }
        }
        let determinant = s0 * s2 - s1 * s1
        guard s2 > 0, abs(determinant) > 1e-9 * s0 * s2 else { return nil }
        return (s0 * v1 - s1 * v0) / determinant
    }
}
