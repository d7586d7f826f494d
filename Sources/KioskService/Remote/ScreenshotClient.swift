#if canImport(Glibc)
import Glibc
#endif
import KioskCore
import MetroMap
import TOMLDocument

/// The client side (`metro-kiosk screenshot`): the PNG of the frame on the running kiosk's screen.
extension ScreenshotSocket {
    /// Asks the kiosk at `path`; a failure says whether the kiosk was unreachable or answered wrongly (`kind`).
    /// The whole exchange (connect, request, answer) has `timeoutMilliseconds` in total:
    /// a timeout per read let a server sending a byte every few seconds hold the client forever (issue 38). The
    /// answer is checked as it arrives (`ScreenshotAnswer`), so its size is bounded too.
    public static func request(path: String, timeoutMilliseconds: Int = 10_000) throws(ScreenshotError) -> [UInt8] {
        // A longer path copied into sun_path is cut to another name: refused, never shortened.
        guard UnixSocketPath.fits(path) else {
            throw ScreenshotError(message: "cannot use the socket '\(TOMLText.excerpt(path))': \(UnixSocketPath.tooLongMessage(path))")
        }
        let deadline = Self.monotonicMilliseconds() + Int64(timeoutMilliseconds)
        func remaining() -> Int { Int(max(0, deadline - Self.monotonicMilliseconds())) }
        let fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard fd >= 0 else { throw ScreenshotError(message: "socket: \(String(cString: strerror(errno)))") }
        defer { close(fd) }
        // Linux bounds a blocking connect on a UNIX socket by the send timeout (a full backlog waits).
        setTimeout(fd, SO_SNDTIMEO, milliseconds: max(1, remaining()))
        guard withAddress(path, { connect(fd, $0, $1) }) == 0 else {
            throw ScreenshotError(message: "cannot reach the kiosk at \(TOMLText.excerpt(path)): \(String(cString: strerror(errno))) "
                                  + "(is metro-kiosk running, and are you root or in the metro-kiosk group?)")
        }
        _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK)
        let request = Array(Self.request.utf8)
        var sent = 0
        while sent < request.count {
            let count = request[sent...].withUnsafeBytes { send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            if count > 0 { sent += count; continue }
            if count < 0, errno == EINTR { continue }
            guard count < 0, errno == EAGAIN || errno == EWOULDBLOCK, wait(fd, for: Int16(POLLOUT), milliseconds: remaining()) else {
                throw ScreenshotError(message: remaining() == 0 ? timedOut(timeoutMilliseconds) : "the kiosk closed the connection")
            }
        }
        var answer: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65_536)
        while true {
            switch ScreenshotAnswer.parse(answer, ended: false) {
            case .incomplete: break
            case let .png(png): return png
            case let .refused(why): throw ScreenshotError(message: why, kind: .badAnswer)
            }
            let got = read(fd, &buffer, buffer.count)
            if got > 0 {
                answer += buffer[0..<got]
                continue
            }
            if got < 0, errno == EINTR { continue }
            if got < 0, errno == EAGAIN || errno == EWOULDBLOCK {
                guard wait(fd, for: Int16(POLLIN), milliseconds: remaining()) else {
                    throw ScreenshotError(message: timedOut(timeoutMilliseconds))
                }
                continue
            }
            switch ScreenshotAnswer.parse(answer, ended: true) {
            case let .png(png): return png
            case let .refused(why): throw ScreenshotError(message: why, kind: .badAnswer)
            case .incomplete: throw ScreenshotError(message: "the kiosk's answer was cut short", kind: .badAnswer)
            }
        }
    }

    private static func timedOut(_ milliseconds: Int) -> String {
        "the kiosk did not answer in full within \(milliseconds / 1000) s"
    }

    /// Whether `fd` became ready for `events` within `milliseconds` (0: the deadline has passed).
    private static func wait(_ fd: Int32, for events: Int16, milliseconds: Int) -> Bool {
        guard milliseconds > 0 else { return false }
        var entry = pollfd(fd: fd, events: events, revents: 0)
        while true {
            let ready = poll(&entry, 1, Int32(min(milliseconds, Int(Int32.max))))
            if ready < 0, errno == EINTR { continue }
            return ready > 0
        }
    }

    static func monotonicMilliseconds() -> Int64 {
        var now = timespec()
        clock_gettime(CLOCK_MONOTONIC, &now)
        return Int64(now.tv_sec) * 1000 + Int64(now.tv_nsec) / 1_000_000
    }
}
