import CKernel
#if canImport(Glibc)
import Glibc
#endif

/// The text console under the kiosk: switched to graphics mode (the kernel stops drawing text and the cursor over
/// our buffers) with its keyboard off (keys typed on a maintenance keyboard do not reach a shell underneath),
/// and put back as found on exit.
public final class VirtualTerminal {
    public let path: String
    /// The VT's device (`/dev/tty1`), to open it again after a hang-up; nil when it cannot be named.
    private let device: String?
    private var fd: Int32
    private let savedMode: Int32
    private let savedKeyboardMode: Int32
    private var restored = false

    /// Takes over a VT: `path` if given; else standard input when it is a VT (the service runs with
    /// TTYPath=/dev/tty1 and StandardInput=tty-force, and KDSETMODE needs the controlling terminal), else the active
    /// VT /dev/tty0 (works as root). Returns nil when there is no VT to manage (a serial console, a container, an
    /// initramfs without one): the kiosk runs anyway.
    public init?(path: String? = nil) {
        var probe: Int32 = 0
        let fd: Int32
        if let path {
            fd = open(path, O_RDWR | O_CLOEXEC | O_NOCTTY)
            self.path = path
            device = path
        } else if isatty(0) == 1, metro_vt_get_mode(0, &probe) == 0 {
            fd = fcntl(0, F_DUPFD_CLOEXEC, 0)
            self.path = "standard input"
            device = ttyname(0).map { String(cString: $0) }
        } else {
            fd = open("/dev/tty0", O_RDWR | O_CLOEXEC | O_NOCTTY)
            self.path = "/dev/tty0"
            device = "/dev/tty0"
        }
        guard fd >= 0 else { return nil }
        var mode: Int32 = 0, keyboard: Int32 = 0
        guard metro_vt_get_mode(fd, &mode) == 0, metro_vt_get_keyboard_mode(fd, &keyboard) == 0 else {
            close(fd)
            return nil
        }
        self.fd = fd
        self.savedMode = mode
        self.savedKeyboardMode = keyboard
        _ = metro_vt_set_mode(fd, METRO_KD_GRAPHICS)
        _ = metro_vt_set_keyboard_mode(fd, METRO_K_OFF)
    }

    /// The VT's modes as the kernel reports them now: "graphics"/"text" and whether the keyboard is off.
    public var currentState: (graphics: Bool, keyboardOff: Bool)? {
        var mode: Int32 = 0, keyboard: Int32 = 0
        guard metro_vt_get_mode(fd, &mode) == 0, metro_vt_get_keyboard_mode(fd, &keyboard) == 0 else { return nil }
        return (mode == METRO_KD_GRAPHICS, keyboard == METRO_K_OFF)
    }

    /// Graphics mode and the keyboard off again when something else reset the VT under the running kiosk: systemd
    /// runs every process it starts for the unit, ExecReload's `kill` too, through TTYReset= and TTYVHangup= on the
    /// unit's TTYPath, so each `systemctl reload` put tty1 back in text mode with its keyboard on and hung up the
    /// descriptor the kiosk held (the systemd VM guest saw it). A hung-up descriptor answers every ioctl with EIO, so
    /// the device is opened again; without O_NOCTTY, so a session leader the hang-up left without a controlling
    /// terminal takes it back (KDSETMODE needs it). Returns whether the VT had to be taken back; false after `restore`.
    @discardableResult
    public func reclaimIfLost() -> Bool {
        guard !restored, currentState.map({ !$0.graphics || !$0.keyboardOff }) ?? true else { return false }
        if metro_vt_set_mode(fd, METRO_KD_GRAPHICS) == 0, metro_vt_set_keyboard_mode(fd, METRO_K_OFF) == 0 {
            return true
        }
        guard let device else { return true }
        let reopened = open(device, O_RDWR | O_CLOEXEC)
        guard reopened >= 0 else { return true }
        close(fd)
        fd = reopened
        _ = metro_vt_set_mode(fd, METRO_KD_GRAPHICS)
        _ = metro_vt_set_keyboard_mode(fd, METRO_K_OFF)
        return true
    }

    /// Back to the mode found at start (text, normally). Safe to call twice.
    public func restore() {
        guard !restored else { return }
        restored = true
        _ = metro_vt_set_keyboard_mode(fd, savedKeyboardMode)
        _ = metro_vt_set_mode(fd, savedMode)
    }

    deinit {
        restore()
        close(fd)
    }
}
