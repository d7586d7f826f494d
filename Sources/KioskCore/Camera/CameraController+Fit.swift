import MetroMap
import Physics

extension CameraGeometry {
    /// The camera that shows the scheme rectangle `minimum`…`maximum` as large as fits into the screen less `insets`
    /// (the part an overlay leaves uncovered), centred there, at a scale within `limits`, its offset kept in bounds.
    public func camera(fitting minimum: SchemePoint, _ maximum: SchemePoint, limits: ZoomLimits, margin: Double = 48) -> Camera {
        let width = max(viewport.width - insets.left - insets.right - 2 * margin, 1)
        let height = max(viewport.height - insets.top - insets.bottom - 2 * margin, 1)
        let spanX = max(maximum.x - minimum.x, 1e-6), spanY = max(maximum.y - minimum.y, 1e-6)
        let scale = limits.clamped(min(width / spanX, height / spanY))
        let centre = SchemePoint(x: (minimum.x + maximum.x) / 2, y: (minimum.y + maximum.y) / 2)
        // The route's centre goes to the centre of the uncovered part, not of the screen.
        let screenCentre = ScreenPoint(x: insets.left + (viewport.width - insets.left - insets.right) / 2,
                                       y: insets.top + (viewport.height - insets.top - insets.bottom) / 2)
        var camera = Camera(offset: ScreenPoint(x: (centre.x - contentOrigin.x) * scale - screenCentre.x,
                                                y: (centre.y - contentOrigin.y) * scale - screenCentre.y), scale: scale)
        if let bounds = try? offsetBounds(scale: scale) { camera.offset = bounds.clamped(camera.offset) }
        return camera
    }
}
