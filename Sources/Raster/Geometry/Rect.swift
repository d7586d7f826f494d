/// A rectangle in pixel space with fractional edges. Built normalised (minX <= maxX, minY <= maxY).
public struct Rect: Hashable, Sendable {
    public let minX: Float
    public let minY: Float
    public let maxX: Float
    public let maxY: Float

    public init(x: Float, y: Float, width: Float, height: Float) {
        self.init(minX: x, minY: y, maxX: x + width, maxY: y + height)
    }

    public init(minX: Float, minY: Float, maxX: Float, maxY: Float) {
        self.minX = Swift.min(minX, maxX)
        self.minY = Swift.min(minY, maxY)
        self.maxX = Swift.max(minX, maxX)
        self.maxY = Swift.max(minY, maxY)
    }

    /// The whole pixels `pixels` covers, edges on pixel boundaries (`enclosingPixels` gives them back).
    public init(_ pixels: IntRect) {
        self.init(minX: Float(pixels.x0), minY: Float(pixels.y0), maxX: Float(pixels.x1), maxY: Float(pixels.y1))
    }

    public var width: Float { maxX - minX }
    public var height: Float { maxY - minY }

    /// Whether the two share interior: rectangles that only touch along an edge do not overlap (two names set
    /// side by side meet nowhere).
    public func overlaps(_ other: Rect) -> Bool {
        minX < other.maxX && other.minX < maxX && minY < other.maxY && other.minY < maxY
    }

    /// The smallest pixel rectangle containing this one.
    public var enclosingPixels: IntRect {
        // Clamp before converting so a huge or non-finite coordinate cannot trap.
        func toInt(_ v: Float) -> Int { Int(Swift.max(-1.0e8, Swift.min(1.0e8, v.isNaN ? 0 : v))) }
        return IntRect(x0: toInt(minX.rounded(.down)), y0: toInt(minY.rounded(.down)),
                       x1: toInt(maxX.rounded(.up)), y1: toInt(maxY.rounded(.up)))
    }
}
