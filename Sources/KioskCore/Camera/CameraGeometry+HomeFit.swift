import MetroMap
import Physics

extension CameraGeometry {
    /// The scale of the fitted home view: the whole map on a screen of its own shape; but a landscape scheme on a
    /// portrait panel fills the panel's height and scrolls sideways, as a printed scheme on a tall wall panel
    /// would be cropped, rather than sitting in the middle third with two thirds of the screen empty. Pinching out
    /// still reaches the whole map (the zoom limit stays `fittingScale`).
    public var homeFittingScale: Double {
        guard contentSize.width > 0, contentSize.height > 0 else { return fittingScale }
        let portrait = viewport.height > viewport.width, landscapeScheme = contentSize.width > contentSize.height
        guard portrait, landscapeScheme else { return fittingScale }
        return max(viewport.height / contentSize.height, fittingScale)
    }

    /// The fitted home view: `homeFittingScale`, centred on the map; on a map with extra schemes beside the main
    /// one, the main scheme fitted (the extra ones are a pan or the overview inset away).
    public var homeFittedCamera: Camera {
        if let main = mainScheme, main.width > 0, main.height > 0 {
            let scale = max(min(viewport.width / main.width, viewport.height / main.height), fittingScale)
            var camera = self.camera(centredOn: SchemePoint(x: main.x + main.width / 2, y: main.y + main.height / 2), scale: scale)
            if let bounds = try? offsetBounds(scale: scale) { camera.offset = bounds.clamped(camera.offset) }
            return camera
        }
        let scale = homeFittingScale
        var camera = self.camera(centredOn: SchemePoint(x: contentOrigin.x + contentSize.width / 2, y: contentOrigin.y + contentSize.height / 2),
                                 scale: scale)
        if let bounds = try? offsetBounds(scale: scale) { camera.offset = bounds.clamped(camera.offset) }
        return camera
    }
}
