import Raster

/// One frame the loop drew, as `frames.jsonl` records it and the device logs it.
public struct FrameRecord: Sendable {
    public var presentationMicroseconds: Int64
    public var camera: Camera
    public var state: CameraState
    public var touches: Int
    /// Pixels that changed; nil when the picture did not (the camera came to rest where it already was).
    public var damage: IntRect?
    public var method: MapFrameRenderer.Method
    /// The station whose callout is on screen, if any.
    public var station: String?
}
