/// UIScrollView's resistance past an edge: f(x) = (1 − 1/(x·c/D + 1))·D for an overshoot x along an axis of
/// length D. It starts at slope c and never reaches D, so the content follows the finger ever more reluctantly.
///
/// It is applied to the absolute drag target, not to per-event deltas, so where the content ends up depends only
/// on where the finger is, never on the path it took.
public struct RubberBand: Equatable, Sendable {
    public let coefficient: Double
    public let dimension: Double
    public let bounds: ClosedInterval

    public init(coefficient: Double = FeelDefaults.rubberBandCoefficient, dimension: Double, bounds: ClosedInterval) throws(PhysicsError) {
        try requirePositive(coefficient, "rubber band coefficient")
        try requirePositive(dimension, "rubber band dimension")
        self.coefficient = coefficient
        self.dimension = dimension
        self.bounds = bounds
    }

    /// The resisted distance for an overshoot past a limit: always ≥ 0 and < dimension.
    public func resistedOvershoot(_ overshoot: Double) -> Double {
        guard overshoot > 0 else { return 0 }
        return (1 - 1 / (overshoot * coefficient / dimension + 1)) * dimension
    }

    /// How fast the shown overshoot moves per unit of finger motion at an overshoot: f′(x) = c/(1 + x·c/D)².
    /// A release past a limit hands its spring the finger's velocity times this, the speed seen on screen.
    public func slope(atOvershoot overshoot: Double) -> Double {
        guard overshoot > 0 else { return 1 }
        let stretch = 1 + overshoot * coefficient / dimension
        return coefficient / (stretch * stretch)
    }

    /// The slope of `clamp` at a drag target: 1 inside the bounds, the rubber band's beyond them.
    public func slope(at target: Double) -> Double {
        if target < bounds.minimum { return slope(atOvershoot: bounds.minimum - target) }
        if target > bounds.maximum { return slope(atOvershoot: target - bounds.maximum) }
        return 1
    }

    /// Where content dragged to `target` is shown: unchanged inside the bounds, resisted beyond them.
    public func clamp(_ target: Double) -> Double {
        if target < bounds.minimum { return bounds.minimum - resistedOvershoot(bounds.minimum - target) }
        if target > bounds.maximum { return bounds.maximum + resistedOvershoot(target - bounds.maximum) }
        return target
    }

    /// The drag target that `clamp` shows at `shown`: needed to take over a bouncing edge without a jump.
    public func unclamp(_ shown: Double) -> Double {
        if shown < bounds.minimum { return bounds.minimum - inverseResistedOvershoot(bounds.minimum - shown) }
        if shown > bounds.maximum { return bounds.maximum + inverseResistedOvershoot(shown - bounds.maximum) }
        return shown
    }

    private func inverseResistedOvershoot(_ resisted: Double) -> Double {
        // f(x) = D·x·c/(x·c + D) solved for x; past D the content can never be shown, so saturate.
        let shown = min(resisted, dimension * (1 - 1e-12))
        return shown * dimension / (coefficient * (dimension - shown))
    }
}

/// The rubber band on both axes at once, each with its own dimension and bounds.
public struct RubberBand2D: Equatable, Sendable {
    public let horizontal: RubberBand
    public let vertical: RubberBand

    public init(coefficient: Double = FeelDefaults.rubberBandCoefficient, size: ScreenSize, bounds: Rectangle) throws(PhysicsError) {
        horizontal = try RubberBand(coefficient: coefficient, dimension: size.width, bounds: bounds.horizontal)
        vertical = try RubberBand(coefficient: coefficient, dimension: size.height, bounds: bounds.vertical)
    }

    public func clamp(_ target: ScreenPoint) -> ScreenPoint {
        ScreenPoint(x: horizontal.clamp(target.x), y: vertical.clamp(target.y))
    }

    public func unclamp(_ shown: ScreenPoint) -> ScreenPoint {
        ScreenPoint(x: horizontal.unclamp(shown.x), y: vertical.unclamp(shown.y))
    }
}
