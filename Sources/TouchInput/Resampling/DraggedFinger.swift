import Physics

/// One finger dragging an element outside the map (the journey card and its step list, the search results, the
/// overview inset): the resampled path the frames show it on and the velocity tracker its lift flings with. Every
/// such element releases through `lift`, so none keeps an estimator of its own (issue 36: the card, the list and the
/// inset each clamped and capped the tracker's estimate their own way, and the list counted the lift as a sample),
/// and follows the finger through `shown(at:following:)`, so none keeps its own copy of where a frame shows the
/// finger or of the lift's hand-over (issue 28: the results list, without one, followed the newest report).
///
/// The release, the map's policy: the default estimator (`VelocityTracker`, `.ios`) over the finger's reports, on the
/// element's axes only (a sheet moves along y), its speed capped at the fling cap with its direction kept (as
/// `FlingLimits`), and, when the frames show the resampled finger, no faster than the path moves where it ends (an
/// eased or rested lift does not kick), handed over where and when the screen shows the path's end.
public struct DraggedFinger: Sendable {
    /// The directions the dragged element moves in: a velocity along any other is not the element's.
    public enum Axes: Sendable { case both, vertical }

    /// What a lift hands the element's animation.
    public struct Release: Equatable, Sendable {
        /// The finger's velocity (px/s) the animation starts with.
        public var velocity: Velocity
        /// Where the finger is when the animation takes over; nil when the frames show the newest report (no
        /// latency), and the element is already there.
        public var point: ScreenPoint?
        /// The presentation time the animation takes over at (the lift's time without a latency).
        public var presentationMicroseconds: Int64
    }

    /// What the frame presented at a time shows of the finger (`shown(at:following:)`).
    public enum Shown: Equatable, Sendable {
        /// The element is where the finger is shown at `point`.
        case finger(ScreenPoint)
        /// The screen has reached the lift: the element is where the finger is shown at `point`, and its animation
        /// takes over from there at `presentationMicroseconds` with `velocity` (px/s, the finger's).
        case released(point: ScreenPoint, velocity: Velocity, presentationMicroseconds: Int64)
    }

    public let axes: Axes
    /// The largest release speed (px/s) handed on.
    public let maximumSpeed: Double
    /// How far behind each frame's presentation time the frames show the finger: the map's latency, set by the loop,
    /// so every element follows the same resampled finger as the map. 0 shows the newest report: the element moves
    /// on each report (`isResampled` false) and a lift hands over at once.
    public var latencyMicroseconds: Int64 = 0
    /// The finger's reports, resampled for the frames.
    public private(set) var path = FingerPath()
    private var tracker = VelocityTracker(strategy: .ios)
    /// The presentation time of the last frame `shown(at:following:)` was asked for: what the screen shows (or is
    /// about to).
    public private(set) var shownMicroseconds: Int64?
    /// A lift not yet on screen: the element follows the finger's path until the presentation time that shows its
    /// end, then hands over from there.
    private var handOver: (point: ScreenPoint, velocity: Velocity, presentationMicroseconds: Int64)?

    public init(axes: Axes, maximumSpeed: Double = FeelDefaults.maximumFlingVelocity) {
        self.axes = axes
        self.maximumSpeed = maximumSpeed
    }

    /// A finger came down at `point`: the path and the velocity start there. `predictionMicroseconds`: how far the
    /// path predicts past its newest report (`FingerPath`).
    public mutating func begin(at point: ScreenPoint, timeMicroseconds: Int64,
                               predictionMicroseconds: Int64 = FingerPath.maximumPredictionMicroseconds) {
        // A finger landing on a lift still handing over catches the element where the screen shows it.
        handOver = nil
        path = FingerPath(predictionMicroseconds: predictionMicroseconds)
        path.reset(point, at: timeMicroseconds)
        tracker.reset()
        tracker.addSample(x: point.x, y: point.y, timeMicroseconds: timeMicroseconds)
    }

    /// The velocity starts again at `point` (the path goes on): an element that waits for the finger to cross a
    /// slop flings only with what came after.
    public mutating func restartVelocity(at point: ScreenPoint, timeMicroseconds: Int64) {
        tracker.reset()
        tracker.addSample(x: point.x, y: point.y, timeMicroseconds: timeMicroseconds)
    }

    public mutating func move(to point: ScreenPoint, timeMicroseconds: Int64) {
        path.append(point, at: timeMicroseconds)
        tracker.addSample(x: point.x, y: point.y, timeMicroseconds: timeMicroseconds)
    }

    /// Whether the frames show the resampled finger (`shown(at:following:)`) rather than each report as it comes.
    public var isResampled: Bool { latencyMicroseconds > 0 }

    /// The finger lifted at touch time `lift` (a lift has no position of its own). `handingOver`: whether the
    /// element was following the finger and goes on following its path until the screen shows where it ended
    /// (`shown(at:following:)` then reports `.released`); otherwise (a tap, or no latency) the element hands the
    /// release to its animation itself, at once.
    public mutating func lift(atMicroseconds lift: Int64, handingOver: Bool = false) -> Release {
        var velocity = Self.limited(onAxes(tracker.releaseVelocity(liftMicroseconds: lift)), to: maximumSpeed)
        guard isResampled,
              let start = path.release(liftMicroseconds: lift, latency: latencyMicroseconds, shownMicroseconds: shownMicroseconds)
        else { return Release(velocity: velocity, point: nil, presentationMicroseconds: lift) }
        if let shown = path.finalVelocity { velocity = Self.limited(velocity, to: onAxes(shown).length) }
        if handingOver { handOver = (start.point, velocity, start.presentationMicroseconds) }
        return Release(velocity: velocity, point: start.point, presentationMicroseconds: start.presentationMicroseconds)
    }

    /// Whether a lift is still to be handed over (`shown(at:following:)`).
    public var isHandingOver: Bool { handOver != nil }

    /// The element stopped following the finger (put away, cancelled, moved by other means): no hand-over comes.
    public mutating func cancelHandOver() { handOver = nil }

    /// The finger as the frame presented at `time` shows it, `latencyMicroseconds` behind (the map's own policy):
    /// for an element `following` it (dragging now), the resampled path, predicted a little past the newest report;
    /// after a lift, the path up to its end, and once the screen reaches that, the hand-over (reported once). Nil:
    /// the frame shows nothing new of the finger (not following, or the element moves with each report).
    public mutating func shown(at time: Int64, following: Bool) -> Shown? {
        shownMicroseconds = time
        let touchTime = time - latencyMicroseconds
        if let handOver {
            if time >= handOver.presentationMicroseconds {
                self.handOver = nil
                return .released(point: handOver.point, velocity: handOver.velocity,
                                 presentationMicroseconds: handOver.presentationMicroseconds)
            }
            return path.point(at: touchTime, predicting: false).map(Shown.finger)
        }
        guard isResampled, following, let point = path.point(at: touchTime, predicting: true) else { return nil }
        return .finger(point)
    }

    /// When the element must be shown again for the finger: the hand-over's time (or at once, while the path runs
    /// on toward it), or at once while the resampled path of a finger it is `following` still has motion to show.
    /// Nil: nothing of the finger is left to show.
    public func nextFrameMicroseconds(following: Bool) -> Int64? {
        if let handOver { return min(handOver.presentationMicroseconds, shownMicroseconds ?? .max) }
        guard isResampled, following, let shown = shownMicroseconds,
              path.hasMotion(after: shown - latencyMicroseconds, predicting: true) else { return nil }
        return shown
    }

    private func onAxes(_ velocity: Velocity) -> Velocity {
        switch axes {
        case .both: velocity
        case .vertical: Velocity(x: 0, y: velocity.y)
        }
    }

    /// `velocity` no faster than `speed`, its direction kept.
    private static func limited(_ velocity: Velocity, to speed: Double) -> Velocity {
        let length = velocity.length
        guard length > speed else { return velocity }
        return length > 0 && speed > 0 ? velocity * (speed / length) : .zero
    }
}
