import CKernel
import TouchInput
#if canImport(Glibc)
import Glibc
#endif

/// A virtual multitouch screen made through /dev/uinput (protocol B: slots and tracking ids), which udev tags
/// ID_INPUT_TOUCHSCREEN and libinput then reads like any real panel.
public final class UinputTouchscreen {
    public struct Description: Sendable, Equatable {
        public var name: String
        /// Axis ranges: 0...maxX, 0...maxY. libinput scales them to the output, so a range of the output size
        /// minus one makes device units output pixels.
        public var maxX: Int32
        public var maxY: Int32
        public var slots: Int32
        /// Units per millimetre (libinput wants a size for touchscreens' physical gestures).
        public var resolution: Int32

        public init(name: String = "metro-kiosk inject touchscreen", maxX: Int32, maxY: Int32, slots: Int32 = 10,
                    resolution: Int32 = 4) {
            self.name = name
            self.maxX = maxX
            self.maxY = maxY
            self.slots = slots
            self.resolution = resolution
        }
    }

    public enum Failure: Error, CustomStringConvertible {
        case cannotOpen(errno: Int32)
        case ioctl(String, errno: Int32)
        case write(errno: Int32)
        case slotOutOfRange(Int, slots: Int32)

        public var description: String {
            switch self {
            case .cannotOpen(let e): return "cannot open /dev/uinput: \(errnoText(e)) (is the uinput module loaded?)"
            case .ioctl(let name, let e): return "uinput \(name) failed: \(errnoText(-e))"
            case .write(let e): return "writing to uinput failed: \(errnoText(e))"
            case .slotOutOfRange(let slot, let slots): return "slot \(slot) is outside the device's 0..<\(slots)"
            }
        }
    }

    public let description: Description
    private let fd: Int32
    private var nextTrackingID: Int32 = 1
    private var down: Set<Int> = []
    private var destroyed = false

    public init(_ description: Description) throws(Failure) {
        let fd = open("/dev/uinput", O_WRONLY | O_NONBLOCK | O_CLOEXEC)
        guard fd >= 0 else { throw .cannotOpen(errno: errno) }
        self.fd = fd
        self.description = description
        do {
            try check("UI_SET_EVBIT", metro_uinput_set_bit(fd, Int32(METRO_UINPUT_EVBIT), EV_SYN))
            try check("UI_SET_EVBIT", metro_uinput_set_bit(fd, Int32(METRO_UINPUT_EVBIT), EV_KEY))
            try check("UI_SET_EVBIT", metro_uinput_set_bit(fd, Int32(METRO_UINPUT_EVBIT), EV_ABS))
            try check("UI_SET_KEYBIT", metro_uinput_set_bit(fd, Int32(METRO_UINPUT_KEYBIT), BTN_TOUCH))
            try check("UI_SET_PROPBIT", metro_uinput_set_bit(fd, Int32(METRO_UINPUT_PROPBIT), INPUT_PROP_DIRECT))
            let axes: [(Int32, Int32, Int32)] = [
                (ABS_X, description.maxX, description.resolution), (ABS_Y, description.maxY, description.resolution),
                (ABS_MT_SLOT, description.slots - 1, 0), (ABS_MT_TRACKING_ID, 65535, 0),
                (ABS_MT_POSITION_X, description.maxX, description.resolution),
                (ABS_MT_POSITION_Y, description.maxY, description.resolution),
            ]
            for (code, maximum, resolution) in axes {
                try check("UI_SET_ABSBIT", metro_uinput_set_bit(fd, Int32(METRO_UINPUT_ABSBIT), code))
                var abs = uinput_abs_setup()
                abs.code = UInt16(code)
                abs.absinfo.minimum = 0
                abs.absinfo.maximum = maximum
                abs.absinfo.resolution = resolution
                try check("UI_ABS_SETUP", metro_uinput_abs_setup(fd, &abs))
            }
            var setup = uinput_setup()
            setup.id.bustype = UInt16(BUS_VIRTUAL)
            setup.id.vendor = 0x1d6b
            setup.id.product = 0x4d4b
            setup.id.version = 1
            withUnsafeMutableBytes(of: &setup.name) { raw in
                let bytes = Array(description.name.utf8.prefix(raw.count - 1))
                raw.copyBytes(from: bytes + [0])
            }
            try check("UI_DEV_SETUP", metro_uinput_setup(fd, &setup))
            try check("UI_DEV_CREATE", metro_uinput_create(fd))
        } catch {
            close(fd)
            throw error
        }
    }

    private func check(_ name: String, _ result: Int32) throws(Failure) {
        if result < 0 { throw .ioctl(name, errno: result) }
    }

    /// The kernel's name for the device in /sys/devices/virtual/input (e.g. input5).
    public var systemName: String? {
        var buffer = [UInt8](repeating: 0, count: 64)
        let ok = buffer.withUnsafeMutableBufferPointer { raw in
            raw.withMemoryRebound(to: CChar.self) { metro_uinput_sysname(fd, $0.baseAddress, UInt32($0.count)) >= 0 }
        }
        guard ok else { return nil }
        return String(decoding: buffer.prefix(while: { $0 != 0 }), as: UTF8.self)
    }

    /// One frame as one evdev report: slot selections, tracking ids and positions, the single-touch emulation
    /// (BTN_TOUCH, ABS_X/Y of a finger that is down), then SYN_REPORT. A cancel is a lift: evdev has no cancel.
    public func send(_ frame: TouchFrame) throws(Failure) {
        var events: [(Int32, Int32, Int32)] = []
        let wasTouching = !down.isEmpty
        var primary: (Int32, Int32)? = nil
        for event in frame.events {
            guard event.slot >= 0, event.slot < Int(description.slots) else {
                throw .slotOutOfRange(event.slot, slots: description.slots)
            }
            events.append((EV_ABS, ABS_MT_SLOT, Int32(event.slot)))
            switch event.phase {
            case .down:
                events.append((EV_ABS, ABS_MT_TRACKING_ID, nextTrackingID))
                nextTrackingID = nextTrackingID % 65535 + 1
                down.insert(event.slot)
            case .up, .cancel:
                events.append((EV_ABS, ABS_MT_TRACKING_ID, -1))
                down.remove(event.slot)
            case .move:
                break
            }
            if let x = event.x, let y = event.y, event.phase == .down || event.phase == .move {
                let px = Int32(clamping: Int((x).rounded())), py = Int32(clamping: Int((y).rounded()))
                let cx = min(max(0, px), description.maxX), cy = min(max(0, py), description.maxY)
                events.append((EV_ABS, ABS_MT_POSITION_X, cx))
                events.append((EV_ABS, ABS_MT_POSITION_Y, cy))
                if primary == nil { primary = (cx, cy) }
            }
        }
        if down.isEmpty != !wasTouching { events.append((EV_KEY, BTN_TOUCH, down.isEmpty ? 0 : 1)) }
        if let (x, y) = primary {
            events.append((EV_ABS, ABS_X, x))
            events.append((EV_ABS, ABS_Y, y))
        }
        events.append((EV_SYN, SYN_REPORT, 0))
        var records = events.map { type, code, value in
            var e = input_event()
            e.type = UInt16(type)
            e.code = UInt16(code)
            e.value = value
            return e
        }
        let size = MemoryLayout<input_event>.stride * records.count
        let written = write(fd, &records, size)
        guard written == size else { throw .write(errno: errno) }
    }

    /// Unplugs the device (whatever fingers are down stay down: the kernel just removes it).
    public func destroy() {
        guard !destroyed else { return }
        destroyed = true
        _ = metro_uinput_destroy(fd)
    }

    deinit {
        destroy()
        close(fd)
    }
}
