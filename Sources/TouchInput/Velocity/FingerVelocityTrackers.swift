import Physics

/// A finger's lift with the velocity its tracker estimated for it (before fling limits).
public struct FingerLift: Sendable, Equatable {
    public var slot: Int
    public var timeMicroseconds: Int64
    public var velocity: Velocity

    public init(slot: Int, timeMicroseconds: Int64, velocity: Velocity) {
        self.slot = slot
        self.timeMicroseconds = timeMicroseconds
        self.velocity = velocity
    }
}

/// One velocity tracker per touch slot, fed frame by frame; reports every lift with its release velocity.
/// A cancel is not a lift: it reports nothing and forgets the finger.
public struct FingerVelocityTrackers: Sendable {
    public let strategy: VelocityStrategy
    private var trackers: [Int: VelocityTracker] = [:]

    public init(strategy: VelocityStrategy = .ios) {
        self.strategy = strategy
    }

    /// Feeds one frame; returns the lifts in it, in event order.
    public mutating func process(_ frame: TouchFrame) -> [FingerLift] {
        var lifts: [FingerLift] = []
        for event in frame.events {
            switch event.phase {
            case .down:
                var tracker = VelocityTracker(strategy: strategy)
                if let x = event.x, let y = event.y { tracker.addSample(x: x, y: y, timeMicroseconds: event.timeMicroseconds) }
                trackers[event.slot] = tracker
            case .move:
                if let x = event.x, let y = event.y {
                    trackers[event.slot, default: VelocityTracker(strategy: strategy)]
                        .addSample(x: x, y: y, timeMicroseconds: event.timeMicroseconds)
                }
            case .up:
                let velocity = trackers[event.slot]?.releaseVelocity(liftMicroseconds: event.timeMicroseconds) ?? .zero
                trackers[event.slot] = nil
                lifts.append(FingerLift(slot: event.slot, timeMicroseconds: event.timeMicroseconds, velocity: velocity))
            case .cancel:
                trackers[event.slot] = nil
            }
        }
        return lifts
    }

    /// The current estimate for a finger still down (zero when unknown).
    public func velocity(slot: Int) -> Velocity {
        trackers[slot]?.velocity() ?? .zero
    }

    /// The release estimate a finger would get if it lifted at `timeMicroseconds`.
    public func velocity(slot: Int, liftMicroseconds: Int64) -> Velocity {
        trackers[slot]?.velocity(liftMicroseconds: liftMicroseconds) ?? .zero
    }
}
