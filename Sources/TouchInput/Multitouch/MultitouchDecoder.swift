/// Turns a device's evdev stream into touch frames: multitouch protocol B (protocol A arrives translated by
/// libmtdev, see `EvdevFrameDecoder`) (slots, tracking ids, SYN_REPORT
/// frames) for multitouch devices, BTN_TOUCH + ABS_X/ABS_Y for single-touch ones.
///
/// Shared by every evdev-level trace format (evemu, libinput record), so they cannot disagree.
public struct MultitouchDecoder: Sendable {
    private struct Slot: Sendable {
        /// The kernel's current tracking id for the slot (−1: no contact).
        var trackingID: Int32 = -1
        var rawX: Int32 = 0
        var rawY: Int32 = 0
        var moved = false
        /// The contact this decoder has announced with a `down` (−1: none).
        var publishedID: Int32 = -1
        /// A contact cancelled by SYN_DROPPED, ignored until the first complete frame after the drop resynchronises
        /// the slots (then it comes back as a new `down`, never as motion across the gap).
        var suppressedID: Int32 = -1
    }

    public static let maximumSlotCount = 256

    public let device: TouchDeviceDescription
    public let outputSize: OutputSize
    /// Named in errors.
    public let file: String

    private let xRange: AxisRange
    private let yRange: AxisRange
    private var slots: [Slot]
    private var currentSlot: Int
    private var touchButtonDown = false
    private var droppingUntilReport = false
    /// The drop's SYN_REPORT has passed; the next complete frame is the slots' resynchronised state.
    private var resynchronising = false
    private var lastTimeMicroseconds: Int64?

    public init(device: TouchDeviceDescription, outputSize: OutputSize, file: String, line: Int = 0) throws {
        self.device = device
        self.outputSize = outputSize
        self.file = file
        let xCode = device.isMultitouch ? EvdevCode.absMTPositionX : EvdevCode.absX
        let yCode = device.isMultitouch ? EvdevCode.absMTPositionY : EvdevCode.absY
        guard let xRange = device.axes[xCode], let yRange = device.axes[yCode] else {
            throw TraceError(file: file, line: line, message:
                "expected a touchscreen: the device description has neither ABS_MT_SLOT with ABS_MT_POSITION_X/Y nor ABS_X/ABS_Y")
        }
        guard xRange.maximum > xRange.minimum, yRange.maximum > yRange.minimum else {
            throw TraceError(file: file, line: line, message:
                "expected position axes with maximum > minimum, got x \(xRange.minimum)...\(xRange.maximum), y \(yRange.minimum)...\(yRange.maximum)")
        }
        // The kernel's limit is far lower (touchscreens report 2 to 60 slots); a bigger number is a broken header.
        guard !device.isMultitouch || device.slotCount <= Self.maximumSlotCount else {
            throw TraceError(file: file, line: line, message:
                "expected ABS_MT_SLOT's maximum below \(Self.maximumSlotCount), got \(device.slotCount - 1)")
        }
        self.xRange = xRange
        self.yRange = yRange
        let slotCount = device.isMultitouch ? max(device.slotCount, 1) : 1
        self.slots = Array(repeating: Slot(), count: slotCount)
        self.currentSlot = min(max(device.initialSlot, 0), slotCount - 1)
    }

    /// Feeds one event; returns a frame when a SYN_REPORT completes one that has touch events.
    public mutating func feed(_ event: EvdevEvent) throws -> TouchFrame? {
        try checkTime(event)

        if event.type == EvdevCode.evSyn {
            switch event.code {
            case EvdevCode.synReport:
                if droppingUntilReport {
                    droppingUntilReport = false
                    resynchronising = true
                    return nil
                }
                if resynchronising {
                    // libevdev's rule after SYN_DROPPED, as far as a recording allows: the first complete frame is
                    // the device's state. Contacts still down return as new touches at their current position (so
                    // no velocity is measured across the gap); lifts and new contacts are taken as they are.
                    resynchronising = false
                    for index in slots.indices { slots[index].suppressedID = -1 }
                }
                return publishFrame(at: event.timeMicroseconds)
            case EvdevCode.synDropped:
                droppingUntilReport = true
                return cancelAll(at: event.timeMicroseconds)
            case EvdevCode.synMTReport:
                // Protocol A devices are translated by libmtdev before they get here (`EvdevFrameDecoder`); a device
                // that declares slots and still sends SYN_MT_REPORT mixes the protocols.
                throw TraceError(file: file, line: event.line, message:
                    "SYN_MT_REPORT (multitouch protocol A) from a device whose description has ABS_MT_SLOT (protocol B): expected one protocol")
            default:
                return nil
            }
        }
        // The kernel's rule after SYN_DROPPED (Documentation/input/event-codes.rst): ignore everything up to and
        // including the next SYN_REPORT.
        if droppingUntilReport { return nil }

        if device.isMultitouch {
            try applyMultitouch(event)
        } else {
            applySingleTouch(event)
        }
        return nil
    }

    /// Time never goes backwards in a recording: a step back is a located error (an edited or spliced file).
    mutating func checkTime(_ event: EvdevEvent) throws {
        if let last = lastTimeMicroseconds, event.timeMicroseconds < last {
            throw TraceError(file: file, line: event.line, message:
                "expected time not to go backwards: \(event.timeMicroseconds) µs after \(last) µs")
        }
        lastTimeMicroseconds = event.timeMicroseconds
    }

    /// Ends the recording: an unfinished frame is discarded (the kernel never completed it) and every touch
    /// still down is cancelled, because a recording cut off mid-gesture must not read as a fling.
    public mutating func finish() -> TouchFrame? {
        guard let time = lastTimeMicroseconds else { return nil }
        return cancelAll(at: time)
    }

    private mutating func applyMultitouch(_ event: EvdevEvent) throws {
        guard event.type == EvdevCode.evAbs else { return }
        switch event.code {
        case EvdevCode.absMTSlot:
            guard event.value >= 0, Int(event.value) < slots.count else {
                throw TraceError(file: file, line: event.line, message:
                    "expected ABS_MT_SLOT in 0...\(slots.count - 1) (the device's slots), got \(event.value)")
            }
            currentSlot = Int(event.value)
        case EvdevCode.absMTTrackingID:
            guard event.value >= -1 else {
                throw TraceError(file: file, line: event.line, message:
                    "expected ABS_MT_TRACKING_ID of -1 (lift) or a non-negative id, got \(event.value)")
            }
            slots[currentSlot].trackingID = event.value
        case EvdevCode.absMTPositionX:
            slots[currentSlot].rawX = event.value
            slots[currentSlot].moved = true
        case EvdevCode.absMTPositionY:
            slots[currentSlot].rawY = event.value
            slots[currentSlot].moved = true
        default:
            return
        }
    }

    private mutating func applySingleTouch(_ event: EvdevEvent) {
        if event.type == EvdevCode.evKey, event.code == EvdevCode.btnTouch {
            touchButtonDown = event.value != 0
            // A single-touch device has no tracking ids: give each press its own, so a press after
            // SYN_DROPPED is a new contact while the interrupted one stays suppressed.
            if touchButtonDown {
                let previous = max(slots[0].publishedID, slots[0].suppressedID, slots[0].trackingID)
                slots[0].trackingID = previous + 1
            } else {
                slots[0].trackingID = -1
            }
        } else if event.type == EvdevCode.evAbs, event.code == EvdevCode.absX {
            slots[0].rawX = event.value
            slots[0].moved = true
        } else if event.type == EvdevCode.evAbs, event.code == EvdevCode.absY {
            slots[0].rawY = event.value
            slots[0].moved = true
        }
    }

    private mutating func publishFrame(at time: Int64) -> TouchFrame? {
        var events: [TouchEvent] = []
        for index in slots.indices {
            var slot = slots[index]
            defer { slots[index] = slot }
            let moved = slot.moved
            slot.moved = false

            if slot.suppressedID >= 0 {
                if slot.trackingID == slot.suppressedID { continue }
                slot.suppressedID = -1
            }
            if slot.publishedID >= 0, slot.publishedID != slot.trackingID {
                events.append(TouchEvent(slot: index, phase: .up, timeMicroseconds: time))
                slot.publishedID = -1
            }
            guard slot.trackingID >= 0 else { continue }
            let x = xRange.pixels(slot.rawX, outputPixels: outputSize.width)
            let y = yRange.pixels(slot.rawY, outputPixels: outputSize.height)
            if slot.publishedID < 0 {
                events.append(TouchEvent(slot: index, phase: .down, x: x, y: y, timeMicroseconds: time))
                slot.publishedID = slot.trackingID
            } else if moved {
                events.append(TouchEvent(slot: index, phase: .move, x: x, y: y, timeMicroseconds: time))
            }
        }
        return events.isEmpty ? nil : TouchFrame(timeMicroseconds: time, events: events)
    }

    private mutating func cancelAll(at time: Int64) -> TouchFrame? {
        var events: [TouchEvent] = []
        for index in slots.indices where slots[index].publishedID >= 0 {
            events.append(TouchEvent(slot: index, phase: .cancel, timeMicroseconds: time))
            slots[index].suppressedID = slots[index].publishedID
            slots[index].publishedID = -1
        }
        return events.isEmpty ? nil : TouchFrame(timeMicroseconds: time, events: events)
    }
}
