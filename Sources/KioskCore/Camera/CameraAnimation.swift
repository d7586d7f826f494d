import Physics

/// An animation the camera is running, as a closed-form function of the time since it started: sampling it at
/// any presentation time gives the same answer, so a late or dropped frame never changes where the map ends up.
enum CameraAnimation: Equatable, Sendable {
    /// A release: each axis glides and bounces on its own at a fixed scale.
    case scroll(x: ScrollAxisAnimation, y: ScrollAxisAnimation, scale: Double, startMicroseconds: Int64)
    /// Scale and offset together: pinch spring-back, double-tap zoom, going home.
    case zoom(ZoomTransition, state: CameraState, startMicroseconds: Int64)
    /// A held zoom button: scale and offset at a steady rate (`ZoomRamp`).
    case ramp(ZoomRamp, startMicroseconds: Int64)

    var startMicroseconds: Int64 {
        switch self {
        case let .scroll(_, _, _, start): return start
        case let .zoom(_, _, start): return start
        case let .ramp(_, start): return start
        }
    }

    /// No animation runs longer than this, whatever its parameters: config validation keeps springs within
    /// `SettleTimeLimit` (10 s) and a fling at the highest velocity and slowest rate allowed stops in far less, so
    /// the cap only ends animations that slipped past validation; they stop where they are at that moment.
    static let maximumSeconds = 30.0

    var durationSeconds: Double {
        let natural: Double
        switch self {
        case let .scroll(x, y, _, _): natural = max(x.duration, y.duration)
        case let .zoom(transition, _, _): natural = transition.duration
        case let .ramp(ramp, _): natural = ramp.durationSeconds
        }
        return natural.isNaN ? 0 : min(natural, Self.maximumSeconds)
    }

    var endMicroseconds: Int64 {
        startMicroseconds + Int64((durationSeconds * 1_000_000).rounded(.up))
    }

    func sample(at timeMicroseconds: Int64) -> CameraSample {
        let elapsed = Double(max(timeMicroseconds - startMicroseconds, 0)) / 1_000_000
        switch self {
        case let .scroll(x, y, scale, _):
            let sx = x.sample(at: elapsed), sy = y.sample(at: elapsed)
            // One axis may bounce while the other still glides: the bounce is what the passenger notices.
            let state: CameraState = (sx.phase == .bouncing || sy.phase == .bouncing) ? .bouncing : .decelerating
            return CameraSample(camera: Camera(offset: ScreenPoint(x: sx.value, y: sy.value), scale: scale), state: state)
        case let .zoom(transition, state, _):
            return CameraSample(camera: Camera(offset: transition.offset(at: elapsed), scale: transition.scale(at: elapsed)),
                                state: state)
        case let .ramp(ramp, _):
            return CameraSample(camera: ramp.camera(at: elapsed), state: .zooming)
        }
    }

    /// Velocity of the offset at a moment, for the animations that have one.
    func offsetVelocity(at timeMicroseconds: Int64) -> ScreenPoint {
        let elapsed = Double(max(timeMicroseconds - startMicroseconds, 0)) / 1_000_000
        switch self {
        case let .scroll(x, y, _, _):
            return ScreenPoint(x: x.sample(at: elapsed).velocity, y: y.sample(at: elapsed).velocity)
        case .zoom, .ramp:
            return .zero
        }
    }
}
