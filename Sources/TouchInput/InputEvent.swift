/// What reaches the kiosk from the outside world, in upright output pixels and CLOCK_MONOTONIC µs: one type from the
/// device (`LibinputInput`) or a recorded trace to the run loop. Touch and keys live in this layer, so the event does
/// too; the loop acts on touch, the wheel, keys and a keypad plugged in, and passes over the device reports, which
/// the `inputs` command prints and the service logs.
public enum InputEvent: Sendable, Equatable {
    /// One hardware report of the touchscreen (or a mouse acting as one finger).
    case touch(TouchFrame)
    /// A mouse wheel turned (maintenance with a mouse, QEMU's tablet): the loop zooms around the pointer.
    case wheel(WheelZoom)
    /// A key of a keypad or keyboard (audio mode).
    case key(KeyEvent)
    /// A keypad (or keyboard with digits) plugged in while the kiosk ran, besides its `deviceAdded`: audio mode
    /// starts. One present at start is announced by `deviceAdded` alone.
    case keypadAttached(name: String, timeMicroseconds: Int64)
    case deviceAdded(name: String, timeMicroseconds: Int64)
    case deviceRemoved(name: String, timeMicroseconds: Int64)

    public var timeMicroseconds: Int64 {
        switch self {
        case let .touch(frame): return frame.timeMicroseconds
        case let .wheel(wheel): return wheel.timeMicroseconds
        case let .key(event): return event.timeMicroseconds
        case let .keypadAttached(_, time), let .deviceAdded(_, time), let .deviceRemoved(_, time): return time
        }
    }
}
