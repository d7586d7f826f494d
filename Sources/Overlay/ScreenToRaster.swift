import Physics
import Raster

// The one seam between screen geometry (Double `ScreenPoint` and `ScreenRect`: touches, the map's projection, hit
// tests, element frames) and the rasterizer's geometry (Float `Raster.Point`/`Rect` drawn, `IntRect` damaged).

extension Raster.Point {
    /// The pixel-space point drawn at screen point `point`.
    public init(_ point: ScreenPoint) {
        self.init(Float(point.x), Float(point.y))
    }
}

extension Rect {
    /// The pixel-space rectangle drawn at screen rectangle `rect`.
    public init(_ rect: ScreenRect) {
        self.init(minX: Float(rect.minX), minY: Float(rect.minY), maxX: Float(rect.maxX), maxY: Float(rect.maxY))
    }
}

extension ScreenRect {
    /// The screen rectangle a layout computed in the rasterizer's Float units covers (exact: Float widens to Double).
    public init(_ rect: Rect) {
        self.init(minX: Double(rect.minX), minY: Double(rect.minY), maxX: Double(rect.maxX), maxY: Double(rect.maxY))
    }

    /// The smallest pixel rectangle containing this one: what the element damages and is clipped to.
    public var enclosingPixels: IntRect {
        // Clamp before converting so a huge or non-finite coordinate cannot trap.
        func toInt(_ v: Double) -> Int { Int(Swift.max(-1.0e8, Swift.min(1.0e8, v.isNaN ? 0 : v))) }
        return IntRect(x0: toInt(minX.rounded(.down)), y0: toInt(minY.rounded(.down)),
                       x1: toInt(maxX.rounded(.up)), y1: toInt(maxY.rounded(.up)))
    }
}
