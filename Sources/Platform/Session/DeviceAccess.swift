#if canImport(Glibc)
import Glibc
#endif

/// How the kiosk gets its device nodes (the DRM card, the input event nodes): opened directly, which needs the
/// service's user in the video and input groups, or handed over by a seat manager (libseat: logind or seatd).
public protocol DeviceAccess: AnyObject {
    /// A file descriptor for `path`, or a negative errno (what libinput's open_restricted expects).
    func openDevice(path: String, flags: Int32) -> Int32
    func closeDevice(_ fd: Int32)
}

/// open(2) and close(2): the systemd service's way, with device groups and a DeviceAllow= list.
public final class DirectDeviceAccess: DeviceAccess {
    public init() {}

    public func openDevice(path: String, flags: Int32) -> Int32 {
        let fd = open(path, flags | O_CLOEXEC)
        return fd < 0 ? -errno : fd
    }

    public func closeDevice(_ fd: Int32) {
        close(fd)
    }
}

/// A class box so a protocol value can travel through C callbacks' `void *userdata`.
final class DeviceAccessBox {
    let access: DeviceAccess
    init(_ access: DeviceAccess) { self.access = access }
}
