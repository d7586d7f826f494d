import Physics

/// One finger dragging an element outside the map (the journey card and its step list, the search results, the
/// overview inset): the resampled path the frames show it on and the velocity tracker its lift flings with. Every
/// such element releases through `lift`, so none keeps an estimator of its own (issue 36: the card, the list and the
/// inset each clamped and capped the tracker's estimate their own way, and the list counted the lift as a sample).
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

    public let axes: Axes
    /// The largest release speed (px/s) handed on.
    public let maximumSpeed: Double
    /// The finger's reports, resampled for the frames.
    public private(set) var path = FingerPath()
    private var tracker = VelocityTracker(strategy: .ios)

    public init(axes: Axes, maximumSpeed: Double = FeelDefaults.maximumFlingVelocity) {
        self.axes = axes
        self.maximumSpeed = maximumSpeed
    }

    /// A finger came down at `point`: the path and the velocity start there. `predictionMicroseconds`: how far the
    /// path predicts past its newest report (`FingerPath`).
    public mutating func begin(at point: ScreenPoint, timeMicroseconds: Int64,
                               predictionMicroseconds: Int64 = FingerPath.maximumPredictionMicroseconds) {
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

    /// The finger lifted at touch time `lift` (a lift has no position of its own). `latency`: how far behind each
    /// frame's presentation time the frames show the finger (0: the newest report); `shownMicroseconds`: the
    /// presentation time of the last frame drawn.
    public mutating func lift(atMicroseconds lift: Int64, latency: Int64, shownMicroseconds: Int64?) -> Release {
        var velocity = Self.limited(onAxes(tracker.releaseVelocity(liftMicroseconds: lift)), to: maximumSpeed)
        guard latency > 0, let start = path.release(liftMicroseconds: lift, latency: latency, shownMicroseconds: shownMicroseconds)
        else { return Release(velocity: velocity, point: nil, presentationMicroseconds: lift) }
        if let shown = path.finalVelocity { velocity = Self.limited(velocity, to: onAxes(shown).length) }
        return Release(velocity: velocity, point: start.point, presentationMicroseconds: start.presentationMicroseconds)
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
