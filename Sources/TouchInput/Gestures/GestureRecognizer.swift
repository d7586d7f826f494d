import Physics

/// Turns touch frames into pans, pinches, taps and double taps, one update per frame.
///
/// Translation and scale advance only by what the fingers that stayed down through a frame did in it (their
/// centroid's motion, their spread's ratio): a finger arriving or lifting changes the centroid and the spread but
/// not the map, which is what keeps two-to-one and one-to-two finger changes from jumping.
public struct GestureRecognizer: Sendable {
    private enum Mode: Sendable {
        case idle
        /// Fingers are down but none has passed the slop: still a tap candidate.
        case possible
        case panning
        case pinching
        /// Cancelled: ignore the remaining fingers until all have lifted.
        case suppressed
    }

    private struct Finger: Sendable {
        var position: ScreenPoint
        var downPosition: ScreenPoint
        var downTimeMicroseconds: Int64
    }

    private struct Tap: Sendable {
        var location: ScreenPoint
        var liftTimeMicroseconds: Int64
    }

    public let configuration: GestureConfiguration
    public let panel: PanelGeometry
    private let slopPixels: Double
    private let doubleTapDistancePixels: Double

    private var mode = Mode.idle
    private var fingers: [Int: Finger] = [:]
    private var trackers: FingerVelocityTrackers
    private var mostFingersThisTouch = 0
    private var translation = ScreenPoint.zero
    private var scale = 1.0
    private var scaleTracker: VelocityTracker
    private var previousTap: Tap?
    /// The running pan took over from a pinch whose other fingers lifted: it has not been thrown by itself yet.
    private var panBornFromPinch = false

    public init(configuration: GestureConfiguration = GestureConfiguration(), panel: PanelGeometry = .kioskDefault) {
        self.configuration = configuration
        self.panel = panel
        slopPixels = panel.pixels(millimetres: configuration.touchSlopMillimetres)
        doubleTapDistancePixels = panel.pixels(millimetres: configuration.doubleTapMaximumDistanceMillimetres)
        trackers = FingerVelocityTrackers(strategy: configuration.velocityStrategy)
        scaleTracker = VelocityTracker(strategy: configuration.velocityStrategy)
    }

    /// The number of fingers down after the frames processed so far.
    public var fingerCount: Int { fingers.count }

    public mutating func process(_ frame: TouchFrame) -> [GestureEvent] {
        let time = frame.timeMicroseconds
        let lifts = trackers.process(frame)
        let before = fingers
        var arrived = Set<Int>()
        var lifted: [Int: Finger] = [:]
        var cancelled = false

        for event in frame.events {
            switch event.phase {
            case .down:
                guard let point = event.position else { continue }
                fingers[event.slot] = Finger(position: point, downPosition: point, downTimeMicroseconds: event.timeMicroseconds)
                arrived.insert(event.slot)
            case .move:
                guard let point = event.position else { continue }
                fingers[event.slot]?.position = point
            case .up:
                if let finger = fingers.removeValue(forKey: event.slot) { lifted[event.slot] = finger }
            case .cancel:
                if fingers.removeValue(forKey: event.slot) != nil { cancelled = true }
            }
        }

        var events: [GestureEvent] = []
        if mode == .idle, !fingers.isEmpty {
            mode = .possible
            mostFingersThisTouch = 0
        }
        mostFingersThisTouch = max(mostFingersThisTouch, fingers.count)

        if cancelled {
            if mode == .panning || mode == .pinching { events.append(.cancelled(timeMicroseconds: time)) }
            mode = fingers.isEmpty ? .idle : .suppressed
            return events
        }

        switch mode {
        case .idle:
            break
        case .suppressed:
            if fingers.isEmpty { mode = .idle }
        case .possible:
            if fingers.isEmpty {
                mode = .idle
                if lifted.count == 1, mostFingersThisTouch == 1, let finger = lifted.first?.value {
                    recognizeTap(finger, liftTime: time, into: &events)
                }
            } else if fingers.values.contains(where: { $0.position.distance(to: $0.downPosition) > slopPixels }) {
                previousTap = nil
                begin(fingers.count == 1 ? .panning : .pinching, at: time, into: &events)
            }
        case .panning, .pinching:
            advance(from: before, arrived: arrived, at: time, into: &events)
            let liftedPositions = lifted.keys.sorted().compactMap { lifted[$0]?.position }
            finishOrHandOff(lifts: lifts, liftedPositions: liftedPositions, at: time, into: &events)
        }
        return events
    }

    /// In slot order: dictionary order changes from run to run, and summation order must not change the result.
    private var centroid: ScreenPoint {
        Self.centroid(of: fingers.keys.sorted().compactMap { fingers[$0]?.position })
    }

    /// The fingers a pinch follows: with more than two down, the two that have travelled furthest since they landed.
    /// A resting finger (a hand steadying itself on the screen) would otherwise pull the centroid and the spread
    /// toward itself: the pinch stalled and the map slipped from under the fingers that moved.
    private func pinchingSlots(among slots: [Int]) -> [Int] {
        guard slots.count > 2 else { return slots }
        func travel(_ slot: Int) -> Double { fingers[slot].map { $0.position.distance(to: $0.downPosition) } ?? 0 }
        let ranked = slots.sorted { travel($0) != travel($1) ? travel($0) > travel($1) : $0 < $1 }
        return ranked.prefix(2).sorted()
    }

    /// The centroid a pinch is about: of the fingers it follows.
    private var pinchCentroid: ScreenPoint {
        Self.centroid(of: pinchingSlots(among: fingers.keys.sorted()).compactMap { fingers[$0]?.position })
    }

    private static func centroid(of points: [ScreenPoint]) -> ScreenPoint {
        guard !points.isEmpty else { return .zero }
        let sum = points.reduce(ScreenPoint.zero, +)
        return sum * (1 / Double(points.count))
    }

    private static func spread(of points: [ScreenPoint], around center: ScreenPoint) -> Double {
        guard !points.isEmpty else { return 0 }
        return points.reduce(0) { $0 + $1.distance(to: center) } / Double(points.count)
    }

    private mutating func begin(_ newMode: Mode, at time: Int64, into events: inout [GestureEvent]) {
        panBornFromPinch = newMode == .panning && mode == .pinching
        mode = newMode
        translation = .zero
        scale = 1
        if newMode == .panning {
            events.append(.panBegan(location: centroid, timeMicroseconds: time))
        } else {
            scaleTracker.reset()
            scaleTracker.addSample(x: scale, y: 0, timeMicroseconds: time)
            events.append(.pinchBegan(focalPoint: pinchCentroid, timeMicroseconds: time))
        }
    }

    /// Moves translation and scale by what the fingers present before and after this frame did.
    private mutating func advance(from before: [Int: Finger], arrived: Set<Int>, at time: Int64,
                                  into events: inout [GestureEvent]) {
        var stayed = fingers.keys.filter { before[$0] != nil && !arrived.contains($0) }.sorted()
        guard !stayed.isEmpty else { return }
        if mode == .pinching { stayed = pinchingSlots(among: stayed) }
        let old = stayed.compactMap { before[$0]?.position }
        let new = stayed.compactMap { fingers[$0]?.position }
        let oldCenter = Self.centroid(of: old), newCenter = Self.centroid(of: new)
        let delta = newCenter - oldCenter
        var ratio = 1.0
        if mode == .pinching, stayed.count >= 2 {
            let oldSpread = Self.spread(of: old, around: oldCenter)
            let newSpread = Self.spread(of: new, around: newCenter)
            if oldSpread > 0, newSpread > 0 { ratio = newSpread / oldSpread }
        }
        guard delta != .zero || ratio != 1 else { return }
        translation = translation + delta
        scale *= ratio
        if mode == .pinching {
            scaleTracker.addSample(x: scale, y: 0, timeMicroseconds: time)
            events.append(.pinchChanged(scale: scale, focalPoint: pinchCentroid, translation: translation, timeMicroseconds: time))
        } else {
            events.append(.panChanged(translation: translation, location: centroid, timeMicroseconds: time))
        }
    }

    private mutating func finishOrHandOff(lifts: [FingerLift], liftedPositions: [ScreenPoint], at time: Int64,
                                          into events: inout [GestureEvent]) {
        if fingers.isEmpty {
            let released = lifts.isEmpty ? Velocity.zero : Velocity(
                x: lifts.reduce(0) { $0 + $1.velocity.x } / Double(lifts.count),
                y: lifts.reduce(0) { $0 + $1.velocity.y } / Double(lifts.count))
            var velocity = configuration.flingLimits.apply(to: released)
            // The finger left over from a pinch was moving with the pinch, not throwing the map: its pan flings
            // only once it has moved its own touch slop (a pinch ended one finger at a time must not throw).
            if mode == .panning, panBornFromPinch, translation.distance(to: .zero) <= slopPixels { velocity = .zero }
            if mode == .panning {
                events.append(.panEnded(translation: translation, velocity: velocity, timeMicroseconds: time))
            } else {
                events.append(.pinchEnded(scale: scale, focalPoint: Self.centroid(of: liftedPositions), translation: translation,
                                          velocity: velocity, scaleVelocity: scaleTracker.releaseVelocity(liftMicroseconds: time).x,
                                          timeMicroseconds: time))
            }
            mode = .idle
        } else if mode == .panning, fingers.count >= 2 {
            events.append(.panEnded(translation: translation, velocity: .zero, timeMicroseconds: time))
            begin(.pinching, at: time, into: &events)
        } else if mode == .pinching, fingers.count == 1 {
            events.append(.pinchEnded(scale: scale, focalPoint: centroid, translation: translation, velocity: .zero,
                                      scaleVelocity: 0, timeMicroseconds: time))
            begin(.panning, at: time, into: &events)
        }
    }

    private mutating func recognizeTap(_ finger: Finger, liftTime: Int64, into events: inout [GestureEvent]) {
        guard liftTime - finger.downTimeMicroseconds <= configuration.tapMaximumDurationMicroseconds,
              finger.position.distance(to: finger.downPosition) <= slopPixels else {
            previousTap = nil
            return
        }
        let location = finger.downPosition
        events.append(.tapped(location: location, timeMicroseconds: liftTime))
        if let previous = previousTap,
           finger.downTimeMicroseconds - previous.liftTimeMicroseconds <= configuration.doubleTapMaximumIntervalMicroseconds,
           location.distance(to: previous.location) <= doubleTapDistancePixels {
            events.append(.doubleTapped(location: location, timeMicroseconds: liftTime))
            previousTap = nil
        } else {
            previousTap = Tap(location: location, liftTimeMicroseconds: liftTime)
        }
    }
}
