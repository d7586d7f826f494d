import Foundation
import KioskCore
import MetroMap
#if canImport(Glibc)
import Glibc
#endif
import TOMLDocument

/// The kiosk's one remote command: `metro-kiosk screenshot` asks, over a UNIX stream socket in /run/metro-kiosk/,
/// for the frame on screen. The request is the line "screenshot\n"; the answer "PNG <bytes>\n" and the PNG, or
/// "ERROR <why>\n". Nothing else is accepted: anything else is logged and the connection closed unanswered.
/// The socket is mode 0660: root and the metro-kiosk group only.
public final class ScreenshotSocket {
    public static let request = "screenshot\n"
    public let path: String
    public let fileDescriptor: Int32
    /// Produces the PNG of the frame on screen (or why not).
    public var capture: () -> Result<[UInt8], ScreenshotError> = { .failure(.init(message: "nothing on screen yet")) }
    /// Where malformed requests and failed answers are reported.
    public var log: (String) -> Void = { _ in }

    public struct ScreenshotError: Error, CustomStringConvertible, Sendable {
        /// What went wrong for the client, which `metro-kiosk screenshot` tells apart by its exit status.
        public enum Kind: Sendable, Equatable {
            /// No kiosk to ask: no socket, a refused or timed-out connection, a request that could not be sent, an
            /// answer that did not arrive in time (exit 69, EX_UNAVAILABLE: try again, or start the kiosk).
            case unreachable
            /// The kiosk answered, but not with a screenshot: not a PNG, larger than announced or allowed, malformed,
            /// cut short, or an error of its own (exit 76, EX_PROTOCOL).
            case badAnswer
        }

        public var message: String
        public var kind: Kind
        public init(message: String, kind: Kind = .unreachable) {
            self.message = message
            self.kind = kind
        }
        public var description: String { message }
    }

    /// Listens at `path`, replacing a stale socket a previous run left (never any other kind of file).
    public init(path: String) throws(ScreenshotError) {
        self.path = path
        guard UnixSocketPath.fits(path) else {
            throw ScreenshotError(message: "cannot listen at '\(TOMLText.excerpt(path))': \(UnixSocketPath.tooLongMessage(path))")
        }
        RuntimeDirectory.prepare(for: path)
        var info = stat()
        if lstat(path, &info) == 0 {
            guard info.st_mode & S_IFMT == S_IFSOCK else {
                throw ScreenshotError(message: "\(path) exists and is not a socket; not replacing it")
            }
            unlink(path)
        }
        let fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue) | Int32(SOCK_NONBLOCK.rawValue), 0)
        guard fd >= 0 else { throw ScreenshotError(message: "socket: \(String(cString: strerror(errno)))") }
        guard Self.withAddress(path, { bind(fd, $0, $1) }) == 0 else {
            let message = "bind \(path): \(String(cString: strerror(errno)))"
            close(fd)
            throw ScreenshotError(message: message)
        }
        // Root and the service's group; the unit's UMask=0077 would leave the group out.
        chmod(path, 0o660)
        guard listen(fd, 4) == 0 else {
            let message = "listen \(path): \(String(cString: strerror(errno)))"
            close(fd)
            unlink(path)
            throw ScreenshotError(message: message)
        }
        fileDescriptor = fd
    }

    deinit {
        close(fileDescriptor)
        unlink(path)
    }

    /// Answers every waiting client; call when `fileDescriptor` polls readable. Each client gets a second to send its
    /// request and a few to take the answer, so a stuck client cannot hold the kiosk's loop for long.
    public func serve() {
        while true {
            // A client fd does not inherit O_NONBLOCK: its reads wait (up to the timeouts below).
            let client = accept(fileDescriptor, nil, nil)
            guard client >= 0 else { return }
            _ = fcntl(client, F_SETFD, FD_CLOEXEC)
            defer { close(client) }
            Self.setTimeout(client, SO_RCVTIMEO, milliseconds: 1000)
            Self.setTimeout(client, SO_SNDTIMEO, milliseconds: 5000)
            let request = Self.readRequest(client)
            guard request == Self.request else {
                let shown = String(decoding: request.utf8.prefix(40), as: UTF8.self).debugDescription
                log("screenshot socket: ignored a malformed request (\(request.utf8.count) bytes: \(shown))")
                continue
            }
            switch capture() {
            case let .success(png):
                if !Self.sendAll(client, Array("PNG \(png.count)\n".utf8) + png) {
                    log("screenshot socket: the client left before taking the screenshot")
                }
            case let .failure(error):
                _ = Self.sendAll(client, Array("ERROR \(error.message)\n".utf8))
            }
        }
    }

    /// At most one line of at most 64 bytes; whatever came when it stopped (timeout, end, too long).
    static func readRequest(_ fd: Int32) -> String {
        var bytes: [UInt8] = []
        var byte: UInt8 = 0
        while bytes.count < 64 {
            let got = read(fd, &byte, 1)
            if got < 0, errno == EINTR { continue }
            guard got == 1 else { break }
            bytes.append(byte)
            if byte == UInt8(ascii: "\n") { break }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    static func sendAll(_ fd: Int32, _ bytes: [UInt8]) -> Bool {
        var sent = 0
        while sent < bytes.count {
            let count = bytes[sent...].withUnsafeBytes { send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            if count < 0, errno == EINTR { continue }
            guard count > 0 else { return false }
            sent += count
        }
        return true
    }

    static func setTimeout(_ fd: Int32, _ option: Int32, milliseconds: Int) {
        var time = timeval(tv_sec: milliseconds / 1000, tv_usec: (milliseconds % 1000) * 1000)
        setsockopt(fd, SOL_SOCKET, option, &time, socklen_t(MemoryLayout<timeval>.size))
    }

    /// `path` must fit (`UnixSocketPath.fits`): both ends check it first, since a longer one would be cut here.
    static func withAddress<R>(_ path: String, _ body: (UnsafePointer<sockaddr>, socklen_t) -> R) -> R {
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        let bytes = Array(path.utf8.prefix(MemoryLayout.size(ofValue: address.sun_path) - 1))
        withUnsafeMutableBytes(of: &address.sun_path) { raw in
            raw.copyBytes(from: bytes)
            raw[bytes.count] = 0
        }
        return withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { body($0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
        }
    }
}
