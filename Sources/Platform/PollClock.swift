import KioskCore
#if canImport(Glibc)
import Glibc
#endif

/// CLOCK_MONOTONIC, and a wait that is a poll on every descriptor the kiosk listens to: an idle kiosk sleeps here
/// until a touch, a signal, a hotplug or its next deadline.
public final class PollClock: KioskClock {
    /// Descriptors to wake for, each with what to do when it is readable.
    public var sources: [(fd: Int32, readable: () -> Void)] = []
    /// The wait never sleeps past this (the next watchdog ping).
    public var latestWake: () -> Int64? = { nil }

    public init() {}

    public var nowMicroseconds: Int64 { MonotonicClock.nowMicroseconds() }

    public func wait(until deadline: Int64?) {
        let wake = [deadline, latestWake()].compactMap { $0 }.min()
        var fds = sources.map { pollfd(fd: $0.fd, events: Int16(POLLIN), revents: 0) }
        let timeout: Int32
        if let wake {
            let left = wake - nowMicroseconds
            timeout = left <= 0 ? 0 : Int32(clamping: (left + 999) / 1000)
        } else {
            timeout = -1
        }
        let ready = poll(&fds, nfds_t(fds.count), timeout)
        guard ready > 0 else { return }
        for (index, fd) in fds.enumerated() where fd.revents & Int16(POLLIN | POLLHUP | POLLERR) != 0 {
            sources[index].readable()
        }
    }
}
