import TouchInput

/// Gathers libinput's per-contact touch events into frames and keeps track of which contacts each device holds,
/// so that a device unplugged mid-gesture cancels its contacts (no lift, hence no fling).
/// Pure bookkeeping: the libinput adapter feeds it, tests feed it directly.
public struct TouchFrameAssembler: Sendable {
    private var pending: [TouchEvent] = []
    private var pendingDevice: Int? = nil
    /// Seat slots that are down, by device.
    private var activeSlots: [Int: Set<Int>] = [:]

    public init() {}

    /// A down, move, up or cancel (positions already in upright output pixels). Events wait for `frame`.
    public mutating func add(_ event: TouchEvent, device: Int) {
        switch event.phase {
        case .down: activeSlots[device, default: []].insert(event.slot)
        case .up, .cancel: activeSlots[device]?.remove(event.slot)
        case .move: break
        }
        pending.append(event)
        pendingDevice = device
    }

    /// libinput's frame: everything since the last one, as one frame (nil if nothing happened).
    public mutating func frame(timeMicroseconds: Int64) -> TouchFrame? {
        guard !pending.isEmpty else { return nil }
        defer { pending = []; pendingDevice = nil }
        return TouchFrame(timeMicroseconds: timeMicroseconds, events: pending)
    }

    /// The device is gone: a frame cancelling every contact it still held (and whatever it had pending, unframed).
    public mutating func deviceRemoved(_ device: Int, timeMicroseconds: Int64) -> TouchFrame? {
        let unframed = pendingDevice == device ? pending : []
        if pendingDevice == device { pending = []; pendingDevice = nil }
        // A lift that never got its frame is not trusted: the contact is cancelled instead, so no fling starts.
        var events = unframed.filter { $0.phase != .up }
        var held = activeSlots.removeValue(forKey: device) ?? []
        for lift in unframed where lift.phase == .up { held.insert(lift.slot) }
        for slot in held.sorted() where !events.contains(where: { $0.slot == slot && $0.phase == .cancel }) {
            events.append(TouchEvent(slot: slot, phase: .cancel, timeMicroseconds: timeMicroseconds))
        }
        guard !events.isEmpty else { return nil }
        return TouchFrame(timeMicroseconds: timeMicroseconds, events: events)
    }

    public func slotsHeld(by device: Int) -> Set<Int> { activeSlots[device] ?? [] }
}
