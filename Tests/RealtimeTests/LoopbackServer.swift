import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A tiny HTTP/1.1 server on 127.0.0.1, started and stopped by a test, answering each request as the test says:
/// enough to reproduce what agency servers do on a bad day (hang, 500, truncated bodies, endless bodies, redirect
/// loops) without a network. Every wait is bounded, and `stop` ends hung connections.
final class LoopbackServer: @unchecked Sendable {
    struct Request: Sendable {
        var path: String
        var headers: [String: String]
    }

    enum Answer: Sendable {
        case respond(status: Int, headers: [String: String], body: [UInt8])
        /// Headers announcing `claimedLength` bytes, then only `body`, then the connection closed.
        case truncated(body: [UInt8], claimedLength: Int)
        /// Reads the request and never answers (until the server stops).
        case hang
        /// A 200 with no Content-Length streaming `megabytes` MB of zeros (or until the client hangs up).
        case endless(megabytes: Int)
    }

    let port: UInt16
    private let listener: Int32
    private let lock = NSCondition()
    private var answer: @Sendable (Request) -> Answer
    private var received: [Request] = []
    private var stopped = false
    private var openConnections: Set<Int32> = []
    private var threads = 0

    init(answer: @escaping @Sendable (Request) -> Answer) throws {
        self.answer = answer
        let listener = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = 0
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { generic -> Bool in
                bind(listener, generic, length) == 0 && listen(listener, 16) == 0 && getsockname(listener, generic, &length) == 0
            }
        }
        guard bound else {
            close(listener)
            throw POSIXError(.EADDRNOTAVAIL)
        }
        self.listener = listener
        port = UInt16(bigEndian: address.sin_port)
        spawn { [self] in acceptLoop() }
    }

    var url: String { "http://127.0.0.1:\(port)" }

    var requests: [Request] { lock.withLock { received } }

    func setAnswer(_ answer: @escaping @Sendable (Request) -> Answer) { lock.withLock { self.answer = answer } }

    func stop() {
        lock.lock()
        stopped = true
        for connection in openConnections { shutdown(connection, Int32(SHUT_RDWR)) }
        lock.broadcast()
        lock.unlock()
        shutdown(listener, Int32(SHUT_RDWR))
        lock.lock()
        while threads > 0 { _ = lock.wait(until: Date(timeIntervalSinceNow: 1)) }
        lock.unlock()
        close(listener)
    }

    private func spawn(_ body: @escaping @Sendable () -> Void) {
        lock.withLock { threads += 1 }
        Thread { [self] in
            body()
            lock.withLock { threads -= 1; lock.broadcast() }
        }.start()
    }

    private var isStopped: Bool { lock.withLock { stopped } }

    private func acceptLoop() {
        while !isStopped {
            var descriptor = pollfd(fd: listener, events: Int16(POLLIN), revents: 0)
            guard poll(&descriptor, 1, 50) > 0 else { continue }
            let connection = accept(listener, nil, nil)
            guard connection >= 0 else { continue }
            let accepted = lock.withLock { () -> Bool in
                guard !stopped else { return false }
                openConnections.insert(connection)
                return true
            }
            guard accepted else { close(connection); continue }
            spawn { [self] in
                serve(connection)
                lock.withLock { _ = openConnections.remove(connection) }
                close(connection)
            }
        }
    }

    private func serve(_ connection: Int32) {
        while let request = readRequest(connection) {
            let answer = lock.withLock { () -> Answer in
                received.append(request)
                return self.answer(request)
            }
            switch answer {
            case .respond(let status, let headers, let body):
                var head = "HTTP/1.1 \(status) \(status == 200 ? "OK" : "Status")\r\nContent-Length: \(body.count)\r\n"
                for (name, value) in headers { head += "\(name): \(value)\r\n" }
                guard send(connection, Array((head + "\r\n").utf8)), send(connection, body) else { return }
            case .truncated(let body, let claimedLength):
                _ = send(connection, Array("HTTP/1.1 200 OK\r\nContent-Length: \(claimedLength)\r\n\r\n".utf8))
                _ = send(connection, body)
                return
            case .hang:
                lock.lock()
                while !stopped { _ = lock.wait(until: Date(timeIntervalSinceNow: 1)) }
                lock.unlock()
                return
            case .endless(let megabytes):
                guard send(connection, Array("HTTP/1.1 200 OK\r\nConnection: close\r\n\r\n".utf8)) else { return }
                let chunk = [UInt8](repeating: 0, count: 1 << 20)
                for _ in 0..<megabytes where !isStopped {
                    guard send(connection, chunk) else { return }
                }
                return
            }
        }
    }

    private func send(_ connection: Int32, _ bytes: [UInt8]) -> Bool {
        var offset = 0
        while offset < bytes.count {
            let sent = bytes.withUnsafeBytes { Glibc.send(connection, $0.baseAddress! + offset, $0.count - offset, Int32(MSG_NOSIGNAL)) }
            if sent <= 0 { return false }
            offset += sent
        }
        return true
    }

    /// The request line and headers (requests here have no body); nil when the client hung up or the server stops.
    private func readRequest(_ connection: Int32) -> Request? {
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        while !bytes.suffix(4).elementsEqual([13, 10, 13, 10]) {
            var descriptor = pollfd(fd: connection, events: Int16(POLLIN), revents: 0)
            let ready = poll(&descriptor, 1, 100)
            if isStopped { return nil }
            if ready <= 0 { continue }
            let count = recv(connection, &buffer, 1, 0)
            if count <= 0 { return nil }
            bytes.append(buffer[0])
            if bytes.count > 65_536 { return nil }
        }
        let lines = String(decoding: bytes, as: UTF8.self).components(separatedBy: "\r\n")
        let parts = lines.first?.split(separator: " ") ?? []
        var headers: [String: String] = [:]
        for line in lines.dropFirst() {
            guard let colon = line.firstIndex(of: ":") else { continue }
            headers[line[..<colon].lowercased()] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        }
        return Request(path: parts.count > 1 ? String(parts[1]) : "/", headers: headers)
    }
}
