import CLibinput
import CUdev
#if canImport(Glibc)
import Glibc
#endif

/// libinput on a udev seat. libinput opens the device nodes through our callbacks: with direct device access the
/// service's user must be in the input group; a negative errno tells libinput why a device stayed closed.
final class LibinputContext {
    let li: OpaquePointer
    private let udev: OpaquePointer
    private let interface: UnsafeMutablePointer<libinput_interface>
    /// Kept alive for the callbacks, which reach it through libinput's user data.
    private let access: DeviceAccessBox

    init(seat: String, access: DeviceAccess) throws(InputError) {
        guard let udev = udev_new() else { throw .udevUnavailable }
        let interface = UnsafeMutablePointer<libinput_interface>.allocate(capacity: 1)
        interface.initialize(to: libinput_interface(
            open_restricted: { path, flags, userdata in
                guard let path, let userdata else { return -EINVAL }
                return Unmanaged<DeviceAccessBox>.fromOpaque(userdata).takeUnretainedValue().access
                    .openDevice(path: String(cString: path), flags: flags)
            },
            close_restricted: { fd, userdata in
                guard let userdata else { return }
                Unmanaged<DeviceAccessBox>.fromOpaque(userdata).takeUnretainedValue().access.closeDevice(fd)
            }))
        let box = DeviceAccessBox(access)
        guard let li = libinput_udev_create_context(interface, Unmanaged.passUnretained(box).toOpaque(), udev) else {
            interface.deallocate()
            udev_unref(udev)
            throw .contextFailed
        }
        guard libinput_udev_assign_seat(li, seat) == 0 else {
            libinput_unref(li)
            interface.deallocate()
            udev_unref(udev)
            throw .seatFailed(seat)
        }
        self.li = li
        self.udev = udev
        self.interface = interface
        self.access = box
    }

    /// The seat went away: close every device until `resume`.
    func suspend() { libinput_suspend(li) }
    func resume() { _ = libinput_resume(li) }

    deinit {
        libinput_unref(li)
        interface.deallocate()
        udev_unref(udev)
    }
}

public enum InputError: Error, Equatable, CustomStringConvertible {
    case udevUnavailable
    case contextFailed
    case seatFailed(String)

    public var description: String {
        switch self {
        case .udevUnavailable: return "udev is not available (udev_new failed)"
        case .contextFailed: return "libinput_udev_create_context failed"
        case .seatFailed(let seat):
            return "libinput could not take seat \(seat) (is systemd-udevd running and the user in the input group?)"
        }
    }
}
