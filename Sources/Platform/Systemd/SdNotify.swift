#if canImport(Glibc)
import Glibc
#endif

/// Talks to the service manager: one datagram per message to $NOTIFY_SOCKET, as sd_notify(3) does, without
/// linking libsystemd. Without $NOTIFY_SOCKET (run by hand) every message is silently dropped.
public struct SdNotify: Sendable {
    public enum Message: Sendable, Equatable {
        /// The first frame is on screen.
        case ready
        /// Still alive: send at half of `watchdogInterval`, and only while frames keep completing.
        case watchdog
        case status(String)
        case stopping

        public var text: String {
            switch self {
            case .ready: return "READY=1"
            case .watchdog: return "WATCHDOG=1"
            case .status(let s):
                // One line: a newline would start a second assignment.
                return "STATUS=" + s.map { $0.isNewline ? " " : String($0) }.joined()
            case .stopping: return "STOPPING=1"
            }
        }
    }

    public let socketPath: String?
    /// From $WATCHDOG_USEC: the service manager kills us if no WATCHDOG=1 comes within it.
    public let watchdogIntervalMicroseconds: Int64?

    public init(environment: [String: String]) {
        socketPath = environment["NOTIFY_SOCKET"].flatMap { $0.isEmpty ? nil : $0 }
        watchdogIntervalMicroseconds = SdNotify.watchdogInterval(
            usec: environment["WATCHDOG_USEC"], pid: environment["WATCHDOG_PID"], ourPID: Int(getpid()))
    }

    /// From the process environment.
    public init() {
        var env: [String: String] = [:]
        for key in ["NOTIFY_SOCKET", "WATCHDOG_USEC", "WATCHDOG_PID"] {
            if let value = getenv(key) { env[key] = String(cString: value) }
        }
        self.init(environment: env)
    }

    /// How often to send WATCHDOG=1: half the interval, as sd_watchdog_enabled(3) advises.
    public var watchdogPingMicroseconds: Int64? { watchdogIntervalMicroseconds.map { max(1, $0 / 2) } }

    /// The watchdog applies to us when WATCHDOG_USEC is a positive number and WATCHDOG_PID, if set, is our pid.
    static func watchdogInterval(usec: String?, pid: String?, ourPID: Int) -> Int64? {
        guard let usec, let value = Int64(usec), value > 0 else { return nil }
        if let pid, let owner = Int(pid), owner != ourPID { return nil }
        return value
    }

    /// Sends the messages as one datagram. Returns false when there is no socket or the send failed
    /// (the kiosk goes on either way: a missing manager is no reason to stop showing the map).
    @discardableResult
    public func send(_ messages: [Message]) -> Bool {
        guard let path = socketPath else { return false }
        let payload = messages.map(\.text).joined(separator: "\n")
        return SdNotify.sendDatagram(payload, to: path)
    }

    @discardableResult
    public func send(_ message: Message) -> Bool { send([message]) }

    static func sendDatagram(_ payload: String, to path: String) -> Bool {
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        var pathBytes = Array(path.utf8)
        // "@name" is Linux's abstract namespace: the name starts with a NUL byte and is not NUL terminated.
        let abstract = pathBytes.first == UInt8(ascii: "@")
        if abstract { pathBytes[0] = 0 }
        let capacity = MemoryLayout.size(ofValue: address.sun_path)
        guard pathBytes.count < capacity, !pathBytes.isEmpty else { return false }
        withUnsafeMutableBytes(of: &address.sun_path) { raw in
            raw.copyBytes(from: pathBytes)
        }
        let length = MemoryLayout<sa_family_t>.size + pathBytes.count + (abstract ? 0 : 1)
        let fd = socket(AF_UNIX, Int32(SOCK_DGRAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard fd >= 0 else { return false }
        defer { close(fd) }
        let bytes = Array(payload.utf8)
        let sent = withUnsafePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { sa in
                sendto(fd, bytes, bytes.count, Int32(MSG_NOSIGNAL), sa, socklen_t(length))
            }
        }
        return sent == bytes.count
    }
}
