import Physics
import Raster

// The one seam between screen positions (Double `ScreenPoint`: touches, the map's projection, hit tests) and the
// rasterizer's Float geometry (what an element draws, and its `frame`, the extent it draws and damages).

extension Raster.Point {
    /// The pixel-space point drawn at screen point `point`.
    public init(_ point: ScreenPoint) {
        self.init(Float(point.x), Float(point.y))
    }
}

extension Rect {
    /// Whether screen point `point` is inside (left and top edges in, right and bottom out): an element's hit test.
    public func contains(_ point: ScreenPoint) -> Bool {
        point.x >= Double(minX) && point.x < Double(maxX) && point.y >= Double(minY) && point.y < Double(maxY)
    }
}
