/// An axis-aligned rectangle in scheme units; (x, y) is the top-left corner because y grows downward.
public struct SchemeRect: Hashable, Sendable {
    public var x: Double
    public var y: Double
    public var width: Double
    public var height: Double

    public init(x: Double, y: Double, width: Double, height: Double) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }

    /// The top-left corner.
    public var origin: SchemePoint { SchemePoint(x: x, y: y) }
    public var maxX: Double { x + width }
    public var maxY: Double { y + height }

    public func contains(_ point: SchemePoint) -> Bool {
        point.x >= x && point.x <= maxX && point.y >= y && point.y <= maxY
    }

    /// True when the interiors overlap; rectangles that only touch along an edge do not intersect.
    public func intersects(_ other: SchemeRect) -> Bool {
        x < other.maxX && other.x < maxX && y < other.maxY && other.y < maxY
    }

    /// The smallest rectangle holding both.
    public func union(_ other: SchemeRect) -> SchemeRect {
        let minX = Swift.min(x, other.x), minY = Swift.min(y, other.y)
        return SchemeRect(x: minX, y: minY,
                          width: Swift.max(maxX, other.maxX) - minX, height: Swift.max(maxY, other.maxY) - minY)
    }
}
