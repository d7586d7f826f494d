// The few geometric values the physics needs besides `ScreenPoint`: sizes, each in its unit, and allowed ranges.

/// A size on the screen, in output pixels: the viewport, the span a rubber band stretches over.
public struct ScreenSize: Equatable, Sendable {
    public var width: Double
    public var height: Double
    public init(width: Double, height: Double) { self.width = width; self.height = height }
}

/// The content's size in its own units (a scheme's), before a scale makes it pixels: a type of its own so a content
/// size is never passed where a viewport is meant (`ZoomGeometry.offsetBounds` takes one of each).
public struct ContentSize: Equatable, Sendable {
    public var width: Double
    public var height: Double
    public init(width: Double, height: Double) { self.width = width; self.height = height }

    /// Its size on the screen at `scale` output pixels per unit.
    public func scaled(by scale: Double) -> ScreenSize { ScreenSize(width: width * scale, height: height * scale) }
}

/// A physical size on the panel, in millimetres (the glass as configured or as the connector reports it): a type
/// of its own so it is never taken for pixels.
public struct MillimetreSize: Equatable, Sendable {
    public var width: Double
    public var height: Double
    public init(width: Double, height: Double) { self.width = width; self.height = height }
}

/// A range of allowed values along one axis, checked at construction so no animation meets an inverted one.
public struct ClosedInterval: Equatable, Sendable {
    public let minimum: Double
    public let maximum: Double

    public init(minimum: Double, maximum: Double) throws(PhysicsError) {
        try requireFinite(minimum, "minimum")
        try requireFinite(maximum, "maximum")
        guard minimum <= maximum else { throw .invertedBounds(minimum: minimum, maximum: maximum) }
        self.minimum = minimum
        self.maximum = maximum
    }

    /// A single allowed value, as for content smaller than the viewport, which stays centred.
    public init(exactly value: Double) throws(PhysicsError) {
        try self.init(minimum: value, maximum: value)
    }

    public func contains(_ value: Double) -> Bool { value >= minimum && value <= maximum }

    public func clamped(_ value: Double) -> Double { min(max(value, minimum), maximum) }
}

/// Allowed offsets on both axes.
public struct Rectangle: Equatable, Sendable {
    public let horizontal: ClosedInterval
    public let vertical: ClosedInterval

    public init(horizontal: ClosedInterval, vertical: ClosedInterval) {
        self.horizontal = horizontal
        self.vertical = vertical
    }

    public func contains(_ point: ScreenPoint) -> Bool { horizontal.contains(point.x) && vertical.contains(point.y) }

    public func clamped(_ point: ScreenPoint) -> ScreenPoint {
        ScreenPoint(x: horizontal.clamped(point.x), y: vertical.clamped(point.y))
    }
}
