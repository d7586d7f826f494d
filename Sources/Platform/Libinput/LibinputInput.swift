import CLibinput
import KioskCore
import TouchInput
#if canImport(Glibc)
import Glibc
#endif

/// The kiosk's input: every touchscreen, pointer and keypad on a udev seat, through libinput, as `InputEvent`s in upright
/// output pixels and CLOCK_MONOTONIC microseconds.
///
/// Use: poll `fileDescriptor`; when readable call `dispatch()` and feed the returned events to the run loop.
public final class LibinputInput {
    public struct Configuration: Sendable {
        public var seat: String
        /// The mode's size: libinput scales absolute coordinates to it.
        public var scanoutWidth: Int
        public var scanoutHeight: Int
        /// The output's rotation: touch turns with the image.
        public var rotation: OutputRotation
        /// Applied to every touchscreen that supports calibration; nil keeps udev's (LIBINPUT_CALIBRATION_MATRIX).
        public var calibration: CalibrationMatrix?

        public init(seat: String = "seat0", scanoutWidth: Int, scanoutHeight: Int, rotation: OutputRotation = .none,
                    calibration: CalibrationMatrix? = nil) {
            self.seat = seat
            self.scanoutWidth = scanoutWidth
            self.scanoutHeight = scanoutHeight
            self.rotation = rotation
            self.calibration = calibration
        }
    }

    public private(set) var configuration: Configuration
    private let context: LibinputContext
    var assembler = TouchFrameAssembler()
    var pointerFinger: PointerFinger
    /// Names of the devices libinput has, by their key.
    public private(set) var devices: [Int: String] = [:]
    /// Keys of the devices that are touchscreens (`self-test` asks whether the seat has one).
    private var touchKeys: Set<Int> = []
    /// Names of the touchscreens libinput has now.
    public var touchscreens: [String] { touchKeys.compactMap { devices[$0] } }
    /// The first `dispatch()` has run: devices announced later were plugged in while the kiosk ran.
    private var startDevicesAnnounced = false

    public init(configuration: Configuration, access: DeviceAccess = DirectDeviceAccess()) throws(InputError) {
        self.configuration = configuration
        self.context = try LibinputContext(seat: configuration.seat, access: access)
        let upright = configuration.rotation.uprightSize(scanoutWidth: configuration.scanoutWidth,
                                                         scanoutHeight: configuration.scanoutHeight)
        pointerFinger = PointerFinger(width: Double(upright.width), height: Double(upright.height))
    }

    public var fileDescriptor: Int32 { libinput_get_fd(context.li) }

    var scanoutWidth: Int { configuration.scanoutWidth }
    var scanoutHeight: Int { configuration.scanoutHeight }

    /// The seat was taken away: libinput closes its devices (touches in flight are cancelled by the caller).
    public func suspend() { context.suspend() }
    /// The seat is back: libinput opens the devices again.
    public func resume() { context.resume() }

    /// The display changed mode (hotplug): later coordinates scale to the new size.
    public func setScanoutSize(width: Int, height: Int) {
        configuration.scanoutWidth = width
        configuration.scanoutHeight = height
        let upright = configuration.rotation.uprightSize(scanoutWidth: width, scanoutHeight: height)
        pointerFinger.width = Double(upright.width)
        pointerFinger.height = Double(upright.height)
    }

    /// Reads what the kernel has for us and returns it translated. Call when `fileDescriptor` is readable
    /// (and once after creation: devices present at start are announced then).
    public func dispatch() -> [InputEvent] {
        libinput_dispatch(context.li)
        var out: [InputEvent] = []
        while let event = libinput_get_event(context.li) {
            let type = libinput_event_get_type(event)
            switch type {
            case LIBINPUT_EVENT_DEVICE_ADDED: deviceAdded(event, into: &out)
            case LIBINPUT_EVENT_DEVICE_REMOVED: deviceRemoved(event, into: &out)
            case LIBINPUT_EVENT_TOUCH_DOWN, LIBINPUT_EVENT_TOUCH_MOTION, LIBINPUT_EVENT_TOUCH_UP,
                 LIBINPUT_EVENT_TOUCH_CANCEL, LIBINPUT_EVENT_TOUCH_FRAME:
                handleTouch(event, type: type, into: &out)
            case LIBINPUT_EVENT_POINTER_MOTION, LIBINPUT_EVENT_POINTER_MOTION_ABSOLUTE, LIBINPUT_EVENT_POINTER_BUTTON,
                 LIBINPUT_EVENT_POINTER_SCROLL_WHEEL:
                handlePointer(event, type: type, into: &out)
            case LIBINPUT_EVENT_KEYBOARD_KEY:
                handleKeyboard(event, into: &out)
            default:
                break
            }
            libinput_event_destroy(event)
        }
        startDevicesAnnounced = true
        return out
    }

    private func deviceAdded(_ event: OpaquePointer, into out: inout [InputEvent]) {
        guard let device = libinput_event_get_device(event) else { return }
        let name = libinput_device_get_name(device).map { String(cString: $0) } ?? "unnamed"
        devices[deviceKey(device)] = name
        if libinput_device_has_capability(device, LIBINPUT_DEVICE_CAP_TOUCH) != 0 { touchKeys.insert(deviceKey(device)) }
        if let matrix = configuration.calibration, libinput_device_config_calibration_has_matrix(device) != 0 {
            _ = matrix.values.withUnsafeBufferPointer { libinput_device_config_calibration_set_matrix(device, $0.baseAddress) }
        }
        let now = MonotonicClock.nowMicroseconds()
        out.append(.deviceAdded(name: name, timeMicroseconds: now))
        let hasKey = { (code: UInt32) in libinput_device_keyboard_has_key(device, code) == 1 }
        if startDevicesAnnounced, libinput_device_has_capability(device, LIBINPUT_DEVICE_CAP_KEYBOARD) != 0,
           KeypadKey.isKeypad(hasKey: hasKey) {
            out.append(.keypadAttached(name: name, timeMicroseconds: now))
        }
    }

    private func deviceRemoved(_ event: OpaquePointer, into out: inout [InputEvent]) {
        guard let device = libinput_event_get_device(event) else { return }
        let key = deviceKey(device)
        touchKeys.remove(key)
        let now = MonotonicClock.nowMicroseconds()
        if let frame = assembler.deviceRemoved(key, timeMicroseconds: now) { out.append(.touch(frame)) }
        if libinput_device_has_capability(device, LIBINPUT_DEVICE_CAP_POINTER) != 0,
           let frame = pointerFinger.cancel(timeMicroseconds: now) {
            out.append(.touch(frame))
        }
        out.append(.deviceRemoved(name: devices.removeValue(forKey: key) ?? "unnamed", timeMicroseconds: now))
    }

    func deviceKey(_ device: OpaquePointer?) -> Int { Int(bitPattern: UnsafeRawPointer(device)) }

    func upright(scanoutX: Double, scanoutY: Double) -> (x: Double, y: Double) {
        let size = configuration.rotation.uprightSize(scanoutWidth: scanoutWidth, scanoutHeight: scanoutHeight)
        return configuration.rotation.uprightPoint(scanoutX: scanoutX, scanoutY: scanoutY,
                                                   uprightWidth: Double(size.width), uprightHeight: Double(size.height))
    }

    func uprightDelta(dx: Double, dy: Double) -> (dx: Double, dy: Double) {
        let origin = upright(scanoutX: 0, scanoutY: 0)
        let moved = upright(scanoutX: dx, scanoutY: dy)
        return (moved.x - origin.x, moved.y - origin.y)
    }
}
