import CKernel
#if canImport(Glibc)
import Glibc
#endif

/// The text console under the kiosk: switched to graphics mode (the kernel stops drawing text and the cursor over
/// our buffers) with its keyboard off (keys typed on a maintenance keyboard do not reach a shell underneath),
/// and put back as found on exit.
public final class VirtualTerminal {
    public let path: String
    private let fd: Int32
    private let savedMode: Int32
    private let savedKeyboardMode: Int32
    private var restored = false

    /// Takes over the VT at `path` (default: the active one). Returns nil when there is no VT to manage
    /// (a serial console, a container, an initramfs without one): the kiosk runs anyway.
    public init?(path: String = "/dev/tty0") {
        let fd = open(path, O_RDWR | O_CLOEXEC | O_NOCTTY)
        guard fd >= 0 else { return nil }
        var mode: Int32 = 0, keyboard: Int32 = 0
        guard metro_vt_get_mode(fd, &mode) == 0, metro_vt_get_keyboard_mode(fd, &keyboard) == 0 else {
            close(fd)
            return nil
        }
        self.path = path
        self.fd = fd
        self.savedMode = mode
        self.savedKeyboardMode = keyboard
        _ = metro_vt_set_mode(fd, METRO_KD_GRAPHICS)
        _ = metro_vt_set_keyboard_mode(fd, METRO_K_OFF)
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
