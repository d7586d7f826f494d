import TouchInput

/// What reaches the kiosk from the outside world, already in output pixels and CLOCK_MONOTONIC µs.
public enum KioskInputEvent: Sendable, Equatable {
    /// One hardware report of the touchscreen (or a mouse acting as one finger).
    case touch(TouchFrame)
    /// A mouse wheel: zoom by `factor` around `x, y` (maintenance with a mouse, QEMU's tablet).
    case zoom(factor: Double, x: Double, y: Double, timeMicroseconds: Int64)

    public var timeMicroseconds: Int64 {
        switch self {
        case let .touch(frame): return frame.timeMicroseconds
        case let .zoom(_, _, _, time): return time
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

    public init(frames: [TouchFrame]) {
        events = frames.map(KioskInputEvent.touch).sorted { $0.timeMicroseconds < $1.timeMicroseconds }
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
