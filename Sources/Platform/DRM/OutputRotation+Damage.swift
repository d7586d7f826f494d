import KioskCore
import Raster

extension OutputRotation {
    /// The scanout rectangle covered by an upright rectangle.
    public func scanoutRect(_ r: IntRect, uprightWidth w: Int, uprightHeight h: Int) -> IntRect {
        switch self {
        case .none: return r
        case .clockwise90: return IntRect(x: h - r.y0 - r.height, y: r.x0, width: r.height, height: r.width)
        case .upsideDown180: return IntRect(x: w - r.x0 - r.width, y: h - r.y0 - r.height, width: r.width, height: r.height)
        case .clockwise270: return IntRect(x: r.y0, y: w - r.x0 - r.width, width: r.height, height: r.width)
        }
    }
}
