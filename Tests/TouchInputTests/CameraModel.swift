import Physics
@testable import TouchInput

/// The simplest camera a controller could build from gesture events, to check what a user would see:
/// screen = offset + scale · content. It stores its state at each `began` and applies every later event to it.
struct CameraModel {
    var offset = ScreenPoint.zero
    var scale = 1.0
    private var startOffset = ScreenPoint.zero
    private var startScale = 1.0
    private var pinchFocal = ScreenPoint.zero
    private var pinchAnchor = ScreenPoint.zero

    func content(at screen: ScreenPoint) -> ScreenPoint { (screen - offset) * (1 / scale) }
    func screen(of content: ScreenPoint) -> ScreenPoint { offset + content * scale }

    mutating func apply(_ event: GestureEvent) {
        switch event {
        case .panBegan:
            startOffset = offset
        case let .panChanged(translation, _, _), let .panEnded(translation, _, _):
            offset = startOffset + translation
        case let .pinchBegan(focal, _):
            startScale = scale
            pinchFocal = focal
            pinchAnchor = content(at: focal)
        case let .pinchChanged(relativeScale, _, translation, _), let .pinchEnded(relativeScale, _, translation, _, _, _):
            scale = startScale * relativeScale
            offset = pinchFocal + translation - pinchAnchor * scale
        case .tapped, .doubleTapped, .cancelled:
            break
        }
    }
}
