/// The fingers down on the panel, by slot, under the one rule every layer reads them by (the screen's gate, the
/// touch router, the gestures): a down with a position puts a finger down, a lift or a cancel takes it up, and a move
/// puts none down (a move of a finger never seen down, one resting on the glass when the device was opened, is no
/// finger: counted, it would hold a touch open that never ends).
public struct FingersDown: Sendable, Equatable {
    public private(set) var slots: Set<Int> = []

    public init() {}

    public var isEmpty: Bool { slots.isEmpty }
    public var count: Int { slots.count }

    /// Whether `frame` begins a touch: no finger is down and one comes down in it.
    public func begins(_ frame: TouchFrame) -> Bool {
        slots.isEmpty && frame.events.contains { $0.phase == .down && $0.position != nil }
    }

    /// The fingers after `frame`.
    public mutating func take(_ frame: TouchFrame) {
        for event in frame.events {
            switch event.phase {
            case .down where event.position != nil: slots.insert(event.slot)
            case .up, .cancel: slots.remove(event.slot)
            case .down, .move: break
            }
        }
    }

    /// A report cancelling every finger down, in slot order (nil when none is): what a touch gets when the kiosk
    /// stops listening to it, as UIKit cancels the touches under way when the screen locks.
    public func cancellation(atMicroseconds time: Int64) -> TouchFrame? {
        guard !slots.isEmpty else { return nil }
        return TouchFrame(timeMicroseconds: time,
                          events: slots.sorted().map { TouchEvent(slot: $0, phase: .cancel, timeMicroseconds: time) })
    }
}
