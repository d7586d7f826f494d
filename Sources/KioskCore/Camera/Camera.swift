import Physics

/// What the passenger sees of the map: UIScrollView's contentOffset (in output pixels, relative to the map's
/// top-left corner scaled) and zoom scale (output pixels per scheme unit).
public struct Camera: Equatable, Sendable {
    public var offset: ScreenPoint
    public var scale: Double

    public init(offset: ScreenPoint, scale: Double) {
        self.offset = offset
        self.scale = scale
    }
}

/// What the camera is doing, as `frames.jsonl` and the logs name it.
public enum CameraState: String, Equatable, Sendable {
    case idle, dragging, pinching, decelerating, bouncing, zooming, homing
}

public struct CameraSample: Equatable, Sendable {
    public var camera: Camera
    public var state: CameraState
}
