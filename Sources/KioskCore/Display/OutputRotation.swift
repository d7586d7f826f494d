import TouchInput

/// How the panel is mounted: the upright image is turned this many degrees clockwise on its way to scanout.
/// Touch panels are glued to the display, so touch positions come in scanout coordinates and are turned back
/// with the inverse of the same map. One type from the config's `[display] rotation` down to the DRM copy and the
/// libinput transform.
public enum OutputRotation: Int, Equatable, Sendable, CaseIterable {
    case none = 0
    case clockwise90 = 90
    case upsideDown180 = 180
    case clockwise270 = 270

    public init?(degrees: Int) {
        self.init(rawValue: ((degrees % 360) + 360) % 360)
    }

    /// Whether width and height trade places between the upright frame and the scanout.
    public var swapsAxes: Bool { self == .clockwise90 || self == .clockwise270 }

    /// Scanout size for an upright frame of the given size.
    public func scanoutSize(uprightWidth: Int, uprightHeight: Int) -> OutputSize {
        swapsAxes ? OutputSize(width: uprightHeight, height: uprightWidth) : OutputSize(width: uprightWidth, height: uprightHeight)
    }

    /// Upright frame size for a scanout (mode) of the given size.
    public func uprightSize(scanoutWidth: Int, scanoutHeight: Int) -> OutputSize {
        swapsAxes ? OutputSize(width: scanoutHeight, height: scanoutWidth) : OutputSize(width: scanoutWidth, height: scanoutHeight)
    }

    /// Where upright pixel (x, y) of a width×height frame lands in the scanout buffer (integer pixel indices).
    public func scanoutPixel(x: Int, y: Int, uprightWidth w: Int, uprightHeight h: Int) -> (x: Int, y: Int) {
        switch self {
        case .none: return (x, y)
        case .clockwise90: return (h - 1 - y, x)
        case .upsideDown180: return (w - 1 - x, h - 1 - y)
        case .clockwise270: return (y, w - 1 - x)
        }
    }

    /// A continuous point on the scanout (a touch, in scanout pixels) back to upright coordinates:
    /// the exact inverse of how the image is turned, so the finger lands on the pixel under it.
    public func uprightPoint(scanoutX sx: Double, scanoutY sy: Double,
                             uprightWidth w: Double, uprightHeight h: Double) -> (x: Double, y: Double) {
        switch self {
        case .none: return (sx, sy)
        case .clockwise90: return (sy, h - sx)
        case .upsideDown180: return (w - sx, h - sy)
        case .clockwise270: return (w - sy, sx)
        }
    }
}
