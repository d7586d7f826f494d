import Physics

/// What a finger did, in the one vocabulary shared by recorded traces and the live libinput device.
public enum TouchPhase: String, Sendable, Equatable {
    case down, move, up, cancel
}

/// One contact's event. Times are CLOCK_MONOTONIC microseconds, as libinput and DRM flip timestamps report them.
/// Positions are output pixels (y grows downward); a lift or a cancel carries no position, as in libinput.
public struct TouchEvent: Sendable, Equatable {
    public var slot: Int
    public var phase: TouchPhase
    public var x: Double?
    public var y: Double?
    public var timeMicroseconds: Int64

    public init(slot: Int, phase: TouchPhase, x: Double? = nil, y: Double? = nil, timeMicroseconds: Int64) {
        self.slot = slot
        self.phase = phase
        self.x = x
        self.y = y
        self.timeMicroseconds = timeMicroseconds
    }

    /// Where the finger is (down and move); nil when the event carries no position.
    public var position: ScreenPoint? {
        guard let x, let y else { return nil }
        return ScreenPoint(x: x, y: y)
    }
}

/// The events that belong to one hardware report (libinput's touch frame, evdev's SYN_REPORT):
/// the gesture recognizer updates once per frame, so two fingers moving together never look like a twist.
public struct TouchFrame: Sendable, Equatable {
    public var timeMicroseconds: Int64
    public var events: [TouchEvent]

    public init(timeMicroseconds: Int64, events: [TouchEvent]) {
        self.timeMicroseconds = timeMicroseconds
        self.events = events
    }
}
