import CSeat
#if canImport(Glibc)
import Glibc
#endif

/// A seat from a seat manager through libseat (logind, or seatd): devices come from it, and it can take them away
/// (a VT switch, another session): `disable` then means stop touching the devices and acknowledge; `enable` means
/// they are back and the screen must be set up and drawn again.
public final class SeatSession: DeviceAccess {
    public enum Failure: Error, CustomStringConvertible {
        case cannotOpenSeat(errno: Int32)
        case notActivated

        public var description: String {
            switch self {
            case let .cannotOpenSeat(code):
                return "libseat could not open a seat (\(String(cString: strerror(code)))): is logind or seatd running, and may this user use it?"
            case .notActivated:
                return "the seat manager never made the seat active (another session has it?)"
            }
        }
    }

    /// What the C callbacks report; they cannot capture, so they reach it through userdata.
    final class Events {
        var active = false
        var pendingDisable = false
        var pendingEnable = false
    }

    private let seat: OpaquePointer
    private let events: Events
    private let listener: UnsafeMutablePointer<libseat_seat_listener>
    private var deviceIDs: [Int32: Int32] = [:]

    public var isActive: Bool { events.active }
    public var fileDescriptor: Int32 { libseat_get_fd(seat) }
    public var seatName: String { String(cString: libseat_seat_name(seat)) }

    /// Opens the seat and waits (up to `timeoutMilliseconds`) for the manager to make it active.
    public init(timeoutMilliseconds: Int32 = 5000) throws(Failure) {
        let events = Events()
        let listener = UnsafeMutablePointer<libseat_seat_listener>.allocate(capacity: 1)
        listener.initialize(to: libseat_seat_listener(
            enable_seat: { _, userdata in
                guard let userdata else { return }
                let events = Unmanaged<Events>.fromOpaque(userdata).takeUnretainedValue()
                events.active = true
                events.pendingEnable = true
            },
            disable_seat: { _, userdata in
                guard let userdata else { return }
                let events = Unmanaged<Events>.fromOpaque(userdata).takeUnretainedValue()
                events.active = false
                events.pendingDisable = true
            }))
        guard let seat = libseat_open_seat(listener, Unmanaged.passUnretained(events).toOpaque()) else {
            let code = errno
            listener.deallocate()
            throw .cannotOpenSeat(errno: code)
        }
        self.seat = seat
        self.events = events
        self.listener = listener
        var waited: Int32 = 0
        while !events.active, waited < timeoutMilliseconds {
            _ = libseat_dispatch(seat, 100)
            waited += 100
        }
        guard events.active else {
            libseat_close_seat(seat)
            listener.deallocate()
            throw .notActivated
        }
        events.pendingEnable = false
    }

    deinit {
        for id in deviceIDs.values { libseat_close_device(seat, id) }
        libseat_close_seat(seat)
        listener.deallocate()
    }

    public enum Change: Equatable {
        case disabled, enabled
    }

    /// Reads the manager's messages; a disable is acknowledged here, after the caller had its chance to stop.
    public func dispatch(beforeAcknowledgingDisable stop: () -> Void) -> [Change] {
        _ = libseat_dispatch(seat, 0)
        var changes: [Change] = []
        if events.pendingDisable {
            events.pendingDisable = false
            stop()
            libseat_disable_seat(seat)
            changes.append(.disabled)
        }
        if events.pendingEnable {
            events.pendingEnable = false
            changes.append(.enabled)
        }
        return changes
    }

    public func openDevice(path: String, flags: Int32) -> Int32 {
        var fd: Int32 = -1
        let id = libseat_open_device(seat, path, &fd)
        guard id >= 0, fd >= 0 else { return -(errno == 0 ? EACCES : errno) }
        deviceIDs[fd] = id
        return fd
    }

    public func closeDevice(_ fd: Int32) {
        if let id = deviceIDs.removeValue(forKey: fd) { libseat_close_device(seat, id) }
        close(fd)
    }
}
