import Physics

/// How far the journey card reaches into the screen from its edge (its extent, in output pixels) as a closed-form
/// function of time, as the scroll-mechanics talk builds its card: it follows the finger, rubber-bands past the
/// `peek` and `full` anchors with the distance to the screen edge as the band's dimension, and on release projects
/// the glide with the deceleration rate, picks the nearest anchor (or off screen, for a fling down past `peek`) and
/// springs there carrying the release velocity (`AnchorProjection`).
public struct CardSheetMotion: Sendable {
    /// The screen's length along the sheet's axis (its height: the card rises from the bottom edge).
    public let length: Double
    public let settings: CardSettings

    enum Mode: Sendable {
        case hidden
        /// `grabTarget` is the unresisted extent the finger took hold of at `grabFinger` (its coordinate on the axis).
        case dragging(grabTarget: Double, grabFinger: Double, target: Double)
        /// `anchor` nil: springing off screen (dismissed).
        case springing(AnchorProjection, anchor: CardAnchor?, startMicroseconds: Int64)
        case resting(CardAnchor)
    }

    private(set) var mode: Mode = .hidden
    /// The extent last sampled: what the screen shows, so a finger that catches the card takes it from there.
    public private(set) var shownExtent = 0.0

    public init(length: Double, settings: CardSettings) {
        self.length = length
        self.settings = settings
    }

    public func extent(of anchor: CardAnchor) -> Double {
        switch anchor {
        case .peek: return settings.peek * length
        case .half: return settings.half * length
        case .full: return settings.full * length
        }
    }

    private var peekExtent: Double { extent(of: .peek) }
    private var fullExtent: Double { extent(of: .full) }

    public var isShown: Bool {
        if case .hidden = mode { return false }
        return true
    }

    public var isDragging: Bool {
        if case .dragging = mode { return true }
        return false
    }

    /// Where the card is heading or resting; nil while hidden, dragged or dismissed.
    public var anchor: CardAnchor? {
        switch mode {
        case let .resting(anchor): return anchor
        case let .springing(_, anchor, _): return anchor
        case .hidden, .dragging: return nil
        }
    }

    // MARK: Rubber band

    /// Past `full` the band's dimension is the room left to the far screen edge; below `peek`, the peek itself (the
    /// distance to the near edge).
    public func upperRubberBand() throws(PhysicsError) -> RubberBand {
        try RubberBand(coefficient: settings.rubberBandCoefficient, dimension: length - fullExtent,
                       bounds: ClosedInterval(minimum: peekExtent, maximum: fullExtent))
    }

    public func lowerRubberBand() throws(PhysicsError) -> RubberBand {
        try RubberBand(coefficient: settings.rubberBandCoefficient, dimension: peekExtent,
                       bounds: ClosedInterval(minimum: peekExtent, maximum: fullExtent))
    }

    private func band(for target: Double) -> RubberBand? {
        target > fullExtent ? try? upperRubberBand() : try? lowerRubberBand()
    }

    /// The extent shown for a drag target (the unresisted extent the finger asks for).
    public func shown(forTarget target: Double) -> Double { band(for: target)?.clamp(target) ?? target }

    func target(forShown shown: Double) -> Double { band(for: shown)?.unclamp(shown) ?? shown }

    // MARK: Changes

    /// A station was tapped: a hidden card springs in to `peek` from the screen edge; a shown one stays where it is.
    public mutating func present(at time: Int64) {
        guard case .hidden = mode else { return }
        spring(from: 0, velocity: 0, anchors: [peekExtent], at: time)
    }

    /// The card springs off screen from where it is shown.
    public mutating func dismiss(at time: Int64) {
        guard isShown else { return }
        spring(from: shownExtent, velocity: 0, anchors: [0], at: time)
    }

    /// Springs to `anchor` from where the card is shown (a tap on the card, a request).
    public mutating func move(to anchor: CardAnchor, at time: Int64) {
        guard isShown else { return }
        spring(from: shownExtent, velocity: 0, anchors: [extent(of: anchor)], at: time)
    }

    /// A finger took hold of the card at `finger` (its coordinate along the axis, growing away from the card's edge:
    /// screen y for a bottom sheet). It takes the card where the screen shows it, springing or not: no jump.
    public mutating func grab(finger: Double) {
        let target = target(forShown: shownExtent)
        mode = .dragging(grabTarget: target, grabFinger: finger, target: target)
    }

    /// The finger moved to `finger`: the card follows it one to one between the anchors, resisted beyond them.
    public mutating func drag(finger: Double) {
        guard case let .dragging(grabTarget, grabFinger, _) = mode else { return }
        let target = grabTarget + (grabFinger - finger)
        mode = .dragging(grabTarget: grabTarget, grabFinger: grabFinger, target: target)
        shownExtent = shown(forTarget: target)
    }

    /// The finger lifted with `fingerVelocity` (px/s along the axis, screen y: negative is up). The card's velocity
    /// on screen is the finger's through the rubber band's slope where it was let go. A release that lands on
    /// `full` is bounded as the map's bounce is: its spring never carries the card further past `full` than the
    /// rubber band lets a finger pull it (`fullOvershootReach`), however hard the flick.
    public mutating func release(fingerVelocity: Double, at time: Int64) {
        guard case let .dragging(_, _, target) = mode else { return }
        let slope = band(for: target)?.slope(at: target) ?? 1
        spring(from: shownExtent, velocity: -fingerVelocity * slope, anchors: [0, peekExtent, extent(of: .half), fullExtent],
               at: time)
        guard case let .springing(projection, anchor, start) = mode, anchor == .full,
              Self.peak(of: projection) > fullExtent + fullOvershootReach else { return }
        // The anchor stays the one the flick projected to; only the spring's start velocity is lowered, to the
        // largest that keeps its overshoot within the reach (the overshoot grows with the velocity: bisection).
        var low = 0.0, high = projection.spring.initialVelocity
        var bounded = projection
        for _ in 0..<40 {
            let middle = (low + high) / 2
            guard let trial = try? AnchorProjection(position: shownExtent, velocity: middle, anchors: [fullExtent],
                                                    rate: settings.rate, spring: settings.spring) else { break }
            if Self.peak(of: trial) <= fullExtent + fullOvershootReach { low = middle; bounded = trial } else { high = middle }
        }
        mode = .springing(bounded, anchor: anchor, startMicroseconds: start)
    }

    /// How far past `full` a finger can pull the card: the rubber band's resistance to a drag the whole screen's
    /// length beyond it.
    public var fullOvershootReach: Double {
        (try? upperRubberBand())?.resistedOvershoot(length) ?? 0
    }

    /// The largest extent a spring reaches (sampled every millisecond, finer than any frame).
    static func peak(of projection: AnchorProjection) -> Double {
        var peak = projection.value(at: 0)
        var time = 0.0
        while time < projection.duration {
            time += 0.001
            peak = max(peak, projection.value(at: time))
        }
        return peak
    }

    private mutating func spring(from extent: Double, velocity: Double, anchors: [Double], at time: Int64) {
        guard let projection = try? AnchorProjection(position: extent, velocity: velocity, anchors: anchors,
                                                     rate: settings.rate, spring: settings.spring) else {
            mode = .hidden
            shownExtent = 0
            return
        }
        let anchor = CardAnchor.allCases.first { self.extent(of: $0) == projection.anchor }
        mode = .springing(projection, anchor: projection.anchor == 0 ? nil : anchor, startMicroseconds: time)
        shownExtent = extent
    }

    // MARK: Sampling

    /// The extent and state at presentation time `time`; a finished spring comes to rest (or hides) here.
    public mutating func sample(at time: Int64) -> (extent: Double, state: CardState) {
        switch mode {
        case .hidden:
            shownExtent = 0
            return (0, .hidden)
        case .dragging:
            return (shownExtent, .dragging)
        case let .resting(anchor):
            shownExtent = extent(of: anchor)
            return (shownExtent, .resting)
        case let .springing(projection, anchor, start):
            let elapsed = Double(time - start) / 1_000_000
            if elapsed >= projection.duration {
                if let anchor {
                    mode = .resting(anchor)
                    shownExtent = extent(of: anchor)
                    return (shownExtent, .resting)
                }
                mode = .hidden
                shownExtent = 0
                return (0, .hidden)
            }
            shownExtent = projection.value(at: elapsed)
            return (shownExtent, anchor == nil ? .dismissing : .springing)
        }
    }

    /// When the spring under way settles; nil when nothing moves by itself.
    public var endMicroseconds: Int64? {
        guard case let .springing(projection, _, start) = mode else { return nil }
        return start + Int64((projection.duration * 1_000_000).rounded(.up))
    }

    /// The release under way, for tests and the journal: the projection it springs by and when it started.
    public var springing: (projection: AnchorProjection, startMicroseconds: Int64)? {
        guard case let .springing(projection, _, start) = mode else { return nil }
        return (projection, start)
    }
}
