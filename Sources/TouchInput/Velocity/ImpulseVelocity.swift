/// Android's impulse strategy: treat each segment between samples as a push that changes the kinetic energy
/// of a unit mass; the release velocity is the one with the accumulated energy, `v = sign(W)·√(2|W|)`.
/// It reacts to the last segments more than a fit does, which favours the finger's final flick.
enum ImpulseVelocity {
    /// `times` in seconds and `values` in pixels, oldest first.
    static func velocity(times: UnsafeBufferPointer<Double>, values: UnsafeBufferPointer<Double>) -> Double? {
        let n = times.count
        guard n >= 2 else { return nil }
        if n == 2 {
            let dt = times[1] - times[0]
            return dt > 0 ? (values[1] - values[0]) / dt : 0
        }
        var work = 0.0
        var firstSegment = true
        for i in 1..<n {
            let dt = times[i] - times[i - 1]
            // Equal timestamps carry no rate information (Android skips them the same way).
            guard dt > 0 else { continue }
            let previousVelocity = velocity(fromWork: work)
            let currentVelocity = (values[i] - values[i - 1]) / dt
            work += (currentVelocity - previousVelocity) * abs(currentVelocity)
            if firstSegment {
                // The finger starts from rest: the first segment only brings it up to speed, which is half the work.
                work *= 0.5
                firstSegment = false
            }
        }
        return velocity(fromWork: work)
    }

    private static func velocity(fromWork work: Double) -> Double {
        (work < 0 ? -1.0 : 1.0) * (2 * abs(work)).squareRoot()
    }
}
