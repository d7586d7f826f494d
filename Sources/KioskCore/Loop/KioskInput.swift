import TouchInput

/// What reaches the kiosk from the outside world, already in output pixels and CLOCK_MONOTONIC µs.
public enum KioskInputEvent: Sendable, Equatable {
    /// One hardware report of the touchscreen (or a mouse acting as one finger).
    case touch(TouchFrame)
    /// A mouse wheel: zoom by `factor` around `x, y` (maintenance with a mouse, QEMU's tablet).
    case zoom(factor: Double, x: Double, y: Double, timeMicroseconds: Int64)
    /// A key of a keypad or keyboard (audio mode).
    case key(KeyEvent)
    /// A keypad was plugged in while the kiosk ran (not one present at start): audio mode starts.
    case keypadAttached(timeMicroseconds: Int64)

    public var timeMicroseconds: Int64 {
        switch self {
        case let .touch(frame): return frame.timeMicroseconds
        case let .zoom(_, _, _, time): return time
        case let .key(event): return event.timeMicroseconds
        case let .keypadAttached(time): return time
        }
    }
}

/// A source of input: a recorded trace or a device.
public protocol KioskInput: AnyObject {
    /// Every event that happened at or before `time`, oldest first, each returned once.
    func events(upTo time: Int64) -> [KioskInputEvent]
    /// When the next event will happen, if the source knows (a trace does, a device cannot).
    var nextEventMicroseconds: Int64? { get }
    /// A trace that has been played to its end; a device never finishes.
    var isFinished: Bool { get }
}

/// A recorded trace played against the simulated clock.
public final class TraceInput: KioskInput {
    private let events: [KioskInputEvent]
    private var nextIndex = 0

    /// Touch frames and key events (a key trace) played together in time order; at equal times touch goes first.
    public convenience init(frames: [TouchFrame], keys: [KeyEvent] = []) {
        self.init(events: frames.map(KioskInputEvent.touch) + keys.map(KioskInputEvent.key))
    }

    /// Any events, played in time order; at equal times in the order given.
    public init(events: [KioskInputEvent]) {
        self.events = events.enumerated()
            .sorted { ($0.element.timeMicroseconds, $0.offset) < ($1.element.timeMicroseconds, $1.offset) }.map(\.element)
    }

    public func events(upTo time: Int64) -> [KioskInputEvent] {
        var due: [KioskInputEvent] = []
        while nextIndex < events.count, events[nextIndex].timeMicroseconds <= time {
            due.append(events[nextIndex])
            nextIndex += 1
        }
        return due
    }

    public var nextEventMicroseconds: Int64? { nextIndex < events.count ? events[nextIndex].timeMicroseconds : nil }
    public var isFinished: Bool { nextIndex >= events.count }

    /// The first event's time: a replay starts its clock just before it.
    public var firstEventMicroseconds: Int64? { events.first?.timeMicroseconds }
}
