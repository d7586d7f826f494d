import Physics
import TouchInput

/// Hands the recognizer's gestures to the camera, converting the touch layer's types to the physics layer's.
extension CameraController {
    public mutating func apply(_ gesture: GestureEvent) {
        switch gesture {
        case let .panBegan(location, time):
            dragBegan(at: time, location: Point(location))
        case let .panChanged(translation, location, time):
            dragChanged(translation: Point(translation), location: Point(location), at: time)
        case let .panEnded(translation, velocity, time):
            dragChanged(translation: Point(translation), at: time)
            dragEnded(velocity: Point(x: velocity.x, y: velocity.y), at: time)
        case let .pinchBegan(focalPoint, time):
            pinchBegan(focalPoint: Point(focalPoint), at: time)
        case let .pinchChanged(scale, _, translation, time):
            pinchChanged(scale: scale, translation: Point(translation), at: time)
        case let .pinchEnded(_, _, _, velocity, scaleVelocity, time):
            // The last pinchChanged already placed the camera.
            pinchEnded(scaleVelocity: scaleVelocity, focalVelocity: Point(x: velocity.x, y: velocity.y), at: time)
        case let .tapped(_, time):
            tapped(at: time)
        case let .doubleTapped(location, time):
            doubleTapped(at: Point(location), time: time)
        case let .cancelled(time):
            cancelled(at: time)
        }
    }
}

extension Point {
    init(_ point: TouchPoint) {
        self.init(x: point.x, y: point.y)
    }
}
