import KioskCore

extension OutputRotation {
    /// The scanout rectangle covered by an upright rectangle.
    public func scanoutRect(_ r: DamageRect, uprightWidth w: Int, uprightHeight h: Int) -> DamageRect {
        switch self {
        case .none: return r
        case .clockwise90: return DamageRect(x: h - r.y - r.height, y: r.x, width: r.height, height: r.width)
        case .upsideDown180: return DamageRect(x: w - r.x - r.width, y: h - r.y - r.height, width: r.width, height: r.height)
        case .clockwise270: return DamageRect(x: r.y, y: w - r.x - r.width, width: r.height, height: r.width)
        }
    }
}
