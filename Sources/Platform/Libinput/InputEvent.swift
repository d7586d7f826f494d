import TouchInput

/// What the input layer hands the run loop: touch frames (from touchscreens, and from a mouse acting as one finger),
/// and the few things a mouse does that a finger cannot.
public enum InputEvent: Sendable, Equatable {
    case touch(TouchFrame)
    /// Mouse wheel: zoom around the pointer.
    case zoom(WheelZoom)
    /// A keypad or keyboard key (audio mode).
    case key(KeyEvent)
    case deviceAdded(name: String)
    /// A keypad (or keyboard with digits) plugged in after start, besides its `deviceAdded`: audio mode starts.
    case keypadAttached(name: String, timeMicroseconds: Int64)
    case deviceRemoved(name: String)
}

/// One wheel movement. `steps` counts detents (fractions on hi-res wheels); positive zooms in (wheel pushed away
/// from the user). The focus is where the pointer is, in upright output pixels.
public struct WheelZoom: Sendable, Equatable {
    public var steps: Double
    public var focusX: Double
    public var focusY: Double
    public var timeMicroseconds: Int64

    public init(steps: Double, focusX: Double, focusY: Double, timeMicroseconds: Int64) {
        self.steps = steps
        self.focusX = focusX
        self.focusY = focusY
        self.timeMicroseconds = timeMicroseconds
    }
}
