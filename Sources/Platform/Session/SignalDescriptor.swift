import CKernel
#if canImport(Glibc)
import Glibc
#endif

/// Termination signals as a pollable descriptor (signalfd): the kiosk learns of SIGTERM in its poll loop and exits
/// through the same path that restores the CRTC and the VT, instead of dying mid-frame.
public final class SignalDescriptor {
    public let fileDescriptor: Int32

    public init?(blocking signals: [Int32]) {
        var set = sigset_t()
        sigemptyset(&set)
        for s in signals { sigaddset(&set, s) }
        guard sigprocmask(SIG_BLOCK, &set, nil) == 0 else { return nil }
        let fd = signalfd(-1, &set, Int32(SFD_CLOEXEC | SFD_NONBLOCK))
        guard fd >= 0 else { return nil }
        fileDescriptor = fd
    }

    deinit { close(fileDescriptor) }

    /// The signals that arrived since the last call.
    public func drain() -> [Int32] {
        var info = signalfd_siginfo()
        var got: [Int32] = []
        while read(fileDescriptor, &info, MemoryLayout<signalfd_siginfo>.size) == MemoryLayout<signalfd_siginfo>.size {
            got.append(Int32(info.ssi_signo))
        }
        return got
    }

    /// Blocks until a line (or end of file) on stdin, a signal, or the time is up. For diagnostics that hold a
    /// picture on screen while someone (or the VM test) looks at it.
    public func waitForLineOrSignal(seconds: Double) {
        let deadline = MonotonicClock.nowMicroseconds() + Int64(seconds * 1_000_000)
        var fds = [pollfd(fd: 0, events: Int16(POLLIN), revents: 0),
                   pollfd(fd: fileDescriptor, events: Int16(POLLIN), revents: 0)]
        while true {
            let left = deadline - MonotonicClock.nowMicroseconds()
            if left <= 0 { return }
            let ready = poll(&fds, 2, Int32(min(left / 1000 + 1, Int64(Int32.max))))
            if ready < 0 && errno == EINTR { continue }
            if ready <= 0 { return }
            if fds[1].revents != 0 { return }
            if fds[0].revents != 0 {
                var byte: UInt8 = 0
                let n = read(0, &byte, 1)
                if n <= 0 || byte == UInt8(ascii: "\n") { return }
            }
        }
    }
}
