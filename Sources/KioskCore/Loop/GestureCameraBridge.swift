import Physics
import TouchInput

/// Hands the recognizer's gestures to the camera: both speak in `ScreenPoint`s, release velocities included.
extension CameraController {
    public mutating func apply(_ gesture: GestureEvent) {
        switch gesture {
        case let .panBegan(location, time):
            dragBegan(at: time, location: location)
        case let .panChanged(translation, location, time):
            dragChanged(translation: translation, location: location, at: time)
        case let .panEnded(translation, velocity, time):
            dragChanged(translation: translation, at: time)
            dragEnded(velocity: velocity, at: time)
        case let .pinchBegan(focalPoint, time):
            pinchBegan(focalPoint: focalPoint, at: time)
        case let .pinchChanged(scale, _, translation, time):
            pinchChanged(scale: scale, translation: translation, at: time)
        case let .pinchEnded(_, _, _, velocity, scaleVelocity, time):
            // The last pinchChanged already placed the camera.
            pinchEnded(scaleVelocity: scaleVelocity, focalVelocity: velocity, at: time)
        case let .tapped(_, time):
            tapped(at: time)
        case let .doubleTapped(location, time):
            doubleTapped(at: location, time: time)
        case let .cancelled(time):
            cancelled(at: time)
        }
    }
}

