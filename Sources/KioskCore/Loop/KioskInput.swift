import TouchInput

/// A source of input: a recorded trace or a device.
public protocol KioskInput: AnyObject {
    /// Every event that happened at or before `time`, oldest first, each returned once.
    func events(upTo time: Int64) -> [InputEvent]
    /// When the next event will happen, if the source knows (a trace does, a device cannot).
    var nextEventMicroseconds: Int64? { get }
    /// A trace that has been played to its end; a device never finishes.
    var isFinished: Bool { get }
}

/// A recorded trace played against the simulated clock.
public final class TraceInput: KioskInput {
    private let events: [InputEvent]
    private var nextIndex = 0

    /// Touch frames and key events (a key trace) played together in time order; at equal times touch goes first.
    public convenience init(frames: [TouchFrame], keys: [KeyEvent] = []) {
        self.init(events: frames.map(InputEvent.touch) + keys.map(InputEvent.key))
    }

    /// Any events, played in time order; at equal times in the order given.
    public init(events: [InputEvent]) {
        self.events = events.enumerated()
            .sorted { ($0.element.timeMicroseconds, $0.offset) < ($1.element.timeMicroseconds, $1.offset) }.map(\.element)
    }

    public func events(upTo time: Int64) -> [InputEvent] {
        var due: [InputEvent] = []
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
