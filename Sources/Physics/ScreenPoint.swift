/// A point or a displacement on the output, in pixels: x to the right, y downward. The one screen-position type of
/// every layer above the rasterizer: touch positions and gestures, camera offsets and focal points, overlay hit tests.
/// The map's own coordinates are `SchemePoint` (MetroMap), reached only through the camera; the rasterizer draws
/// in its own Float `Raster.Point`.
public struct ScreenPoint: Hashable, Sendable {
    public var x: Double
    public var y: Double

    public init(x: Double, y: Double) {
        self.x = x
        self.y = y
    }

    public static let zero = ScreenPoint(x: 0, y: 0)

    public var length: Double { (x * x + y * y).squareRoot() }

    public func distance(to other: ScreenPoint) -> Double { (self - other).length }

    public static func + (a: ScreenPoint, b: ScreenPoint) -> ScreenPoint { ScreenPoint(x: a.x + b.x, y: a.y + b.y) }
    public static func - (a: ScreenPoint, b: ScreenPoint) -> ScreenPoint { ScreenPoint(x: a.x - b.x, y: a.y - b.y) }
    public static func * (a: ScreenPoint, k: Double) -> ScreenPoint { ScreenPoint(x: a.x * k, y: a.y * k) }
}
