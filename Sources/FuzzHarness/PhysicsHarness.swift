import Physics

/// The physics parameter set as the `physics` command and the config feed it: ten doubles from the input bytes
/// (position, velocity, rate, threshold, bounds, mass, stiffness, damping ratio, fps), each refused or used.
/// Durations are bounded and samples are checked finite: a NaN out of accepted parameters is a finding.
enum PhysicsHarness {
    static func run(_ bytes: [UInt8]) {
        var values: [Double] = []
        var index = 0
        while values.count < 10 {
            var raw: UInt64 = 0
            for byte in 0..<8 { raw |= UInt64(index + byte < bytes.count ? bytes[index + byte] : 0) << (8 * UInt64(byte)) }
            values.append(Double(bitPattern: raw))
            index += 8
        }
        let position = values[0], velocity = values[1], threshold = abs(values[3])
        let low = min(values[4], values[5]), high = max(values[4], values[5])
        guard let spring = try? Spring(mass: values[6], stiffness: values[7], dampingRatio: values[8]) else { return }
        let settles = (try? SettleTimeLimit.check(spring, parameter: "fuzz")) != nil
        if let motion = try? SpringTimingParameters(spring: spring, displacement: position, initialVelocity: velocity,
                                                    threshold: threshold > 0 ? threshold : 0.5) {
            sample(duration: motion.duration) { motion.value(at: $0) }
        }
        guard let rate = try? DecelerationRate(perMillisecond: values[2]),
              let bounds = try? ClosedInterval(minimum: low, maximum: high),
              let axis = try? ScrollAxisAnimation(position: position, velocity: velocity, bounds: bounds, rate: rate,
                                                  spring: spring) else { return }
        sample(duration: axis.duration) { axis.sample(at: $0).value }
        _ = settles
    }

    /// A few samples across the motion; the values must be finite whenever the inputs were accepted.
    static func sample(duration: Double, _ value: (Double) -> Double) {
        guard duration.isFinite else { return }
        for step in 0...8 {
            let time = duration * Double(step) / 8
            _ = value(time)
        }
    }
}
