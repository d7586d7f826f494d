import Physics

/// What the camera controller hears from the touch layer. Positions are output pixels, times CLOCK_MONOTONIC µs.
///
/// A pan (one finger) and a pinch (two or more) each run began → changed… → ended or cancelled. Translations and
/// scales are cumulative since their `began`, and stay continuous when fingers are added or lifted: a camera that
/// stores its state at `began` and applies each `changed` to that stored state never jumps.
/// When the finger count crosses between one and two, the running gesture ends with zero velocity (no fling) and
/// the other begins in the same frame, from the map's current state.
public enum GestureEvent: Sendable, Equatable {
    /// One finger moved past the touch slop; `location` is where it is now (translation 0 here, so no jump).
    case panBegan(location: ScreenPoint, timeMicroseconds: Int64)
    /// `translation` since `panBegan`; `location` is the finger now.
    case panChanged(translation: ScreenPoint, location: ScreenPoint, timeMicroseconds: Int64)
    /// The finger lifted. `velocity` is its release velocity after fling limits (zero: no fling).
    case panEnded(translation: ScreenPoint, velocity: Velocity, timeMicroseconds: Int64)

    /// Two or more fingers: `focalPoint` is their centroid, the point to zoom about.
    case pinchBegan(focalPoint: ScreenPoint, timeMicroseconds: Int64)
    /// `scale` relative to `pinchBegan` (finger spread ratio); `translation` is how far the began focal point has
    /// been carried (the centroid's motion, simultaneous pan); `focalPoint` is the centroid now.
    /// Camera: keep the content under `began focalPoint` at `began focalPoint + translation`, scaled by `scale`.
    case pinchChanged(scale: Double, focalPoint: ScreenPoint, translation: ScreenPoint, timeMicroseconds: Int64)
    /// The fingers lifted. `velocity` is the centroid's release velocity after fling limits, `scaleVelocity` the
    /// rate of change of `scale` per second at release (zero: no zoom fling).
    case pinchEnded(scale: Double, focalPoint: ScreenPoint, translation: ScreenPoint, velocity: Velocity,
                    scaleVelocity: Double, timeMicroseconds: Int64)

    /// One finger down and up within the tap limits, never past the slop.
    case tapped(location: ScreenPoint, timeMicroseconds: Int64)
    /// Follows the second `tapped` of a pair within the double-tap time and distance limits.
    case doubleTapped(location: ScreenPoint, timeMicroseconds: Int64)
    /// The running pan or pinch was cancelled (the device lost events or gave the touch away): no fling.
    /// Fingers still down are ignored until all have lifted.
    case cancelled(timeMicroseconds: Int64)

    public var timeMicroseconds: Int64 {
        switch self {
        case let .panBegan(_, time), let .panChanged(_, _, time), let .panEnded(_, _, time),
             let .pinchBegan(_, time), let .pinchChanged(_, _, _, time), let .pinchEnded(_, _, _, _, _, time),
             let .tapped(_, time), let .doubleTapped(_, time), let .cancelled(time):
            return time
        }
    }
}
