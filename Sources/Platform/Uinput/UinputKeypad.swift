import CKernel
import TouchInput
#if canImport(Glibc)
import Glibc
#endif

/// A virtual numeric keypad made through /dev/uinput: the keys of `KeypadKey` at their keypad codes, plus the first
/// row of a keyboard (KEY_ESC…KEY_D), because udev calls a device a keyboard (ID_INPUT_KEYBOARD) only when it has
/// those, as a USB keypad's HID descriptor does. libinput then reads it like a keypad plugged into the kiosk.
public final class UinputKeypad {
    public let name: String
    private let fd: Int32
    private var destroyed = false

    public init(name: String = "metro-kiosk inject keypad") throws(UinputTouchscreen.Failure) {
        let fd = open("/dev/uinput", O_WRONLY | O_NONBLOCK | O_CLOEXEC)
        guard fd >= 0 else { throw .cannotOpen(errno: errno) }
        self.fd = fd
        self.name = name
        do {
            try check("UI_SET_EVBIT", metro_uinput_set_bit(fd, Int32(METRO_UINPUT_EVBIT), EV_SYN))
            try check("UI_SET_EVBIT", metro_uinput_set_bit(fd, Int32(METRO_UINPUT_EVBIT), EV_KEY))
            let codes = Set(KeypadKey.allCases.map { Int32($0.evdevCode) }).union(1...31)
            for code in codes.sorted() {
                try check("UI_SET_KEYBIT", metro_uinput_set_bit(fd, Int32(METRO_UINPUT_KEYBIT), code))
            }
            var setup = uinput_setup()
            setup.id.bustype = UInt16(BUS_VIRTUAL)
            setup.id.vendor = 0x1d6b
            setup.id.product = 0x4d4c
            setup.id.version = 1
            withUnsafeMutableBytes(of: &setup.name) { raw in
                let bytes = Array(name.utf8.prefix(raw.count - 1))
                raw.copyBytes(from: bytes + [0])
            }
            try check("UI_DEV_SETUP", metro_uinput_setup(fd, &setup))
            try check("UI_DEV_CREATE", metro_uinput_create(fd))
        } catch {
            close(fd)
            throw error
        }
    }

    private func check(_ name: String, _ result: Int32) throws(UinputTouchscreen.Failure) {
        if result < 0 { throw .ioctl(name, errno: result) }
    }

    /// One press or release as one evdev report.
    public func send(_ event: KeyEvent) throws(UinputTouchscreen.Failure) {
        var records = [(EV_KEY, Int32(event.key.evdevCode), event.isPressed ? 1 : 0), (EV_SYN, SYN_REPORT, 0)].map {
            type, code, value in
            var e = input_event()
            e.type = UInt16(type)
            e.code = UInt16(code)
            e.value = Int32(value)
            return e
        }
        let size = MemoryLayout<input_event>.stride * records.count
        let written = write(fd, &records, size)
        guard written == size else { throw .write(errno: errno) }
    }

    /// Plays key events with their recorded timing (relative to the first); returns how many were sent.
    @discardableResult
    public func play(_ events: [KeyEvent]) throws(UinputTouchscreen.Failure) -> Int {
        guard let first = events.first?.timeMicroseconds else { return 0 }
        let start = MonotonicClock.nowMicroseconds()
        for event in events {
            let due = start + event.timeMicroseconds - first
            while true {
                let now = MonotonicClock.nowMicroseconds()
                if now >= due { break }
                var ts = timespec(tv_sec: Int((due - now) / 1_000_000), tv_nsec: Int((due - now) % 1_000_000) * 1000)
                nanosleep(&ts, nil)
            }
            try send(event)
        }
        return events.count
    }

    /// Unplugs the keypad.
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
