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

    /// The share of the screen the main scheme must cover at home: the rest may show the extra schemes beside it
    /// (or the empty margin of a scheme of another shape), but they never dominate.
    public static let mainSchemeShare = 0.7

    /// The smallest scale at which `main`, centred, covers `mainSchemeShare` of the screen: the main scheme fitted
    /// when that covers enough; else closer, cropping it along its longer side (a pan shows the rest).
    func mainSchemeScale(_ main: SchemeRect) -> Double {
        func coverage(_ scale: Double) -> Double {
            min(main.width * scale, viewport.width) * min(main.height * scale, viewport.height) / (viewport.width * viewport.height)
        }
        var low = min(viewport.width / main.width, viewport.height / main.height)
        var high = max(viewport.width / main.width, viewport.height / main.height)
        guard coverage(low) < Self.mainSchemeShare else { return low }
        for _ in 0..<50 {
            let middle = (low + high) / 2
            if coverage(middle) >= Self.mainSchemeShare { high = middle } else { low = middle }
        }
        return high
    }

    /// The fitted home view: `homeFittingScale`, centred on the map; on a map with extra schemes beside the main
    /// one, the main scheme fitted (the extra ones are a pan or the overview inset away).
    public var homeFittedCamera: Camera {
        if let main = mainScheme, main.width > 0, main.height > 0 {
            let scale = max(mainSchemeScale(main), fittingScale)
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
