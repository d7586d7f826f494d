import Cartography

extension MapFrameRenderer.View {
    /// The camera clamped to `CameraLimits` first, so the conversion to whole pixels cannot trap whatever the
    /// map or the animation produced (a map at 1e15 scheme units once overflowed `Int` here).
    public init(camera: Camera) {
        let camera = CameraLimits.clamp(camera)
        self.init(offsetX: Int(camera.offset.x.rounded()), offsetY: Int(camera.offset.y.rounded()), scale: camera.scale)
    }
}
