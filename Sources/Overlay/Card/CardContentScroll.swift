import Physics

/// The step list scrolling inside the card at `full`, with the map's physics: it follows the finger, rubber-bands
/// past either end (the visible list's height as the band's dimension), and on release glides with the deceleration
/// rate and bounces at the ends (`ScrollAxisAnimation` with `FeelDefaults.listBounceSpring`, the list's own, softer
/// than the map's edge bounce). The offset is how far the list is scrolled (0: its top).
public struct CardContentScroll: Sendable {
    /// How far the list can scroll: its height less the visible part.
    public let maximumOffset: Double
    /// The visible part's height.
    public let viewport: Double
    public let rate: DecelerationRate

    enum Mode: Sendable {
        case resting(Double)
        case dragging(grabTarget: Double, grabFinger: Double)
        case animating(ScrollAxisAnimation, startMicroseconds: Int64)
    }

    private var mode: Mode = .resting(0)
    public private(set) var offset = 0.0
    public private(set) var phase: ScrollPhase = .rest

    public init(contentHeight: Double, viewport: Double, rate: DecelerationRate) {
        maximumOffset = max(contentHeight - viewport, 0)
        self.viewport = max(viewport, 1)
        self.rate = rate
    }

    public var canScroll: Bool { maximumOffset > 0 }

    /// A finger holds the list (between its grab and its release).
    public var isDragging: Bool {
        if case .dragging = mode { return true }
        return false
    }

    /// Released and still moving (gliding, or bouncing back from an end) until a sample finds it at rest.
    public var isAnimating: Bool {
        if case .animating = mode { return true }
        return false
    }

    private var band: RubberBand? {
        guard let bounds = try? ClosedInterval(minimum: 0, maximum: maximumOffset) else { return nil }
        return try? RubberBand(dimension: viewport, bounds: bounds)
    }

    public mutating func grab(finger: Double) {
        mode = .dragging(grabTarget: band?.unclamp(offset) ?? offset, grabFinger: finger)
        phase = .rest
    }

    /// The finger at `finger` (screen y): the list moves with it, up the list scrolls on.
    public mutating func drag(finger: Double) {
        guard case let .dragging(grabTarget, grabFinger) = mode else { return }
        let target = grabTarget + (grabFinger - finger)
        offset = band?.clamp(target) ?? target
    }

    public mutating func release(fingerVelocity: Double, at time: Int64) {
        guard case .dragging = mode, let bounds = try? ClosedInterval(minimum: 0, maximum: maximumOffset) else { return }
        let slope = band.map { band in band.slope(at: band.unclamp(offset)) } ?? 1
        if let animation = try? ScrollAxisAnimation(position: offset, velocity: -fingerVelocity * slope, bounds: bounds, rate: rate,
                                                    spring: FeelDefaults.listBounceSpring),
           animation.duration > 0 {
            mode = .animating(animation, startMicroseconds: time)
        } else {
            mode = .resting(bounds.clamped(offset))
        }
    }

    public mutating func sample(at time: Int64) {
        switch mode {
        case let .resting(value):
            offset = value
            phase = .rest
        case .dragging:
            phase = .rest
        case let .animating(animation, start):
            let sample = animation.sample(at: Double(time - start) / 1_000_000)
            offset = sample.value
            phase = sample.phase
            if sample.phase == .rest { mode = .resting(sample.value) }
        }
    }

    /// Scrolls at once (no glide, as a phone's list jumps to a row reached by keyboard) by the least that brings
    /// `top...bottom` (content coordinates) into view; a span taller than the view shows its top. A finger holding
    /// the list keeps it.
    public mutating func reveal(top: Double, bottom: Double) {
        guard !isDragging else { return }
        var target = offset
        if bottom > target + viewport { target = bottom - viewport }
        if top < target { target = top }
        target = min(max(target, 0), maximumOffset)
        mode = .resting(target)
        offset = target
        phase = .rest
    }

    public var endMicroseconds: Int64? {
        guard case let .animating(animation, start) = mode else { return nil }
        return start + Int64((animation.duration * 1_000_000).rounded(.up))
    }
}

/// The card's header collapsing as the list scrolls, as the scroll-linked-header article builds it: its height
/// follows the content offset between 0 and the collapse range, and ignores the bounce phase, since an offset above
/// the top (negative, a bounce) or past the end is clamped first: only real scrolling moves the header.
public struct CollapsingHeader: Equatable, Sendable {
    public let expandedHeight: Double
    public let collapsedHeight: Double

    public init(expandedHeight: Double, collapsedHeight: Double) {
        self.expandedHeight = expandedHeight
        self.collapsedHeight = min(collapsedHeight, expandedHeight)
    }

    /// Scrolling this far collapses it fully.
    public var collapseRange: Double { expandedHeight - collapsedHeight }

    public func height(forContentOffset offset: Double, maximumOffset: Double) -> Double {
        let scrolled = min(max(offset, 0), max(maximumOffset, 0))
        return expandedHeight - min(scrolled, collapseRange)
    }
}
