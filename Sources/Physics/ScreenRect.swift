/// A rectangle on the output, in pixels (x to the right, y downward), with fractional edges: where an overlay element
/// is, for hit tests and damage, in the same units as the `ScreenPoint`s that touch it. Built normalised
/// (minX <= maxX, minY <= maxY). The rasterizer's Float `Rect` is what gets drawn; the overlay converts at its seam.
public struct ScreenRect: Hashable, Sendable {
    public let minX: Double
    public let minY: Double
    public let maxX: Double
    public let maxY: Double

    public init(minX: Double, minY: Double, maxX: Double, maxY: Double) {
        self.minX = Swift.min(minX, maxX)
        self.minY = Swift.min(minY, maxY)
        self.maxX = Swift.max(minX, maxX)
        self.maxY = Swift.max(minY, maxY)
    }

    public init(x: Double, y: Double, width: Double, height: Double) {
        self.init(minX: x, minY: y, maxX: x + width, maxY: y + height)
    }

    public var width: Double { maxX - minX }
    public var height: Double { maxY - minY }

    /// Whether `point` is inside (left and top edges in, right and bottom out), as pixel rows and columns count.
    public func contains(_ point: ScreenPoint) -> Bool {
        point.x >= minX && point.x < maxX && point.y >= minY && point.y < maxY
    }
}
