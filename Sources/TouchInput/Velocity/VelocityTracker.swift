import Physics

/// Estimates one finger's velocity from its own event timestamps (never the time they were read), in fixed memory.
///
/// Every strategy looks at the same window, Android's: at most 20 samples, none more than 100 ms older than the
/// newest (compared as integer microseconds, so one exactly 100 ms older is inside), and none before a gap of more
/// than 40 ms, which means the finger rested there. A lift more than 40 ms after the last sample means it rested
/// before lifting: no fling.
///
/// `releaseVelocity(liftMicroseconds:)` is what a lift flings with. `lsq2` and `impulse` are the published
/// algorithms and give exactly what Flutter's and AOSP's recorded expectations say, backwards extrapolations
/// included. The default estimator (`ios`) is the kiosk's own and adds a policy (`ReversedEstimateGuard`): an
/// estimate that points against the finger's net motion over the window is dropped, axis by axis, as Compose
/// Multiplatform does on iOS, because a map gliding the wrong way after a lift is the one thing a passenger never
/// expects. `velocity(liftMicroseconds:)` is the raw estimate of any strategy.
public struct VelocityTracker: Sendable {
    public static let maximumSampleCount = 20
    public static let horizonMicroseconds: Int64 = 100_000
    public static let assumeStoppedMicroseconds: Int64 = 40_000

    public let strategy: VelocityStrategy
    private var samples = VelocitySampleRing(capacity: VelocityTracker.maximumSampleCount)

    public init(strategy: VelocityStrategy = .ios) {
        self.strategy = strategy
    }

    public var sampleCount: Int { samples.count }

    /// Adds the finger's position at an event. A sample after a rest of more than 40 ms starts afresh.
    public mutating func addSample(x: Double, y: Double, timeMicroseconds: Int64) {
        if let newest = samples.newest, timeMicroseconds - newest.timeMicroseconds > Self.assumeStoppedMicroseconds {
            samples.removeAll()
        }
        samples.append(VelocitySample(x: x, y: y, timeMicroseconds: timeMicroseconds))
    }

    public mutating func reset() {
        samples.removeAll()
    }

    /// The velocity at the newest sample, as if the finger were still moving then.
    public func velocity() -> Velocity {
        guard let newest = samples.newest else { return .zero }
        return estimate(newestTime: newest.timeMicroseconds, guarded: false)
    }

    /// The release velocity for a lift at `liftMicroseconds`: the lift has no position of its own (libinput
    /// gives none), so only its time counts, to tell a flick from a finger that stopped and then lifted.
    public func velocity(liftMicroseconds: Int64) -> Velocity {
        guard let newest = samples.newest,
              liftMicroseconds - newest.timeMicroseconds <= Self.assumeStoppedMicroseconds else { return .zero }
        return estimate(newestTime: newest.timeMicroseconds, guarded: false)
    }

    /// The velocity a lift at `liftMicroseconds` flings with: the published strategies' own estimate; the default
    /// one's without any axis that points against the finger's net motion over the window.
    public func releaseVelocity(liftMicroseconds: Int64) -> Velocity {
        guard let newest = samples.newest,
              liftMicroseconds - newest.timeMicroseconds <= Self.assumeStoppedMicroseconds else { return .zero }
        return estimate(newestTime: newest.timeMicroseconds, guarded: strategy.guardsReversedEstimates)
    }

    private func estimate(newestTime: Int64, guarded: Bool) -> Velocity {
        // Stack buffers: an estimate allocates nothing.
        withUnsafeTemporaryAllocation(of: Double.self, capacity: Self.maximumSampleCount * 3) { buffer in
            var used = 0
            var previousTime = newestTime
            // Oldest first, which the impulse strategy needs and the fit does not mind.
            while used < samples.count {
                let sample = samples[age: used]
                if newestTime - sample.timeMicroseconds > Self.horizonMicroseconds { break }
                if previousTime - sample.timeMicroseconds > Self.assumeStoppedMicroseconds { break }
                previousTime = sample.timeMicroseconds
                used += 1
            }
            guard used >= 2, let base = buffer.baseAddress else { return .zero }
            let times = UnsafeMutableBufferPointer(start: base, count: used)
            let xs = UnsafeMutableBufferPointer(start: base + used, count: used)
            let ys = UnsafeMutableBufferPointer(start: base + 2 * used, count: used)
            for age in 0..<used {
                let sample = samples[age: age]
                let index = used - 1 - age
                times[index] = Double(sample.timeMicroseconds - newestTime) / 1_000_000
                xs[index] = sample.x
                ys[index] = sample.y
            }
            let t = UnsafeBufferPointer(times)
            let estimate: (UnsafeBufferPointer<Double>) -> Double?
            switch strategy {
            case .ios: estimate = { IOSWeightedVelocity.velocity(times: t, values: $0) }
            case .lsq2: estimate = { LeastSquaresVelocity.slope(times: t, values: $0) }
            case .impulse: estimate = { ImpulseVelocity.velocity(times: t, values: $0) }
            }
            guard let vx = estimate(UnsafeBufferPointer(xs)), let vy = estimate(UnsafeBufferPointer(ys)) else { return .zero }
            guard guarded else { return Velocity(x: vx, y: vy) }
            return Velocity(x: ReversedEstimateGuard.alongNetMotion(vx, xs[used - 1] - xs[0]),
                            y: ReversedEstimateGuard.alongNetMotion(vy, ys[used - 1] - ys[0]))
        }
    }
}
