import Foundation
import Raster
import Testing
@testable import KioskService

/// What the client thread hands back to the serving one.
final class ExchangeBox<T>: @unchecked Sendable {
    var value: T?
    let done = DispatchSemaphore(value: 0)
}

/// The screenshot socket in-process: the client's PNG is the frame on the headless screen, the socket is
/// root-and-group only, and anything but the one request is logged and dropped.
struct ScreenshotSocketTests {
    /// Serves `socket` on this thread while `client` runs on another; returns what the client returned.
    static func exchange<T: Sendable>(_ socket: ScreenshotSocket, client: @escaping @Sendable () -> T) -> T {
        let box = ExchangeBox<T>()
        Thread.detachNewThread {
            box.value = client()
            box.done.signal()
        }
        while box.done.wait(timeout: .now() + .milliseconds(5)) == .timedOut {
            socket.serve()
        }
        return box.value!
    }

    @Test func theClientGetsTheFrameOnScreenAsPNG() throws {
        let fixture = try ServiceFixture(config: "[status]\nfile = \"\"\n", wallStartUTC: ScreenScheduleTests.utc(2026, 6, 1, 10))
        defer { fixture.remove() }
        let service = fixture.service
        try service.run(untilMicroseconds: ServiceFixture.at(minutes: 1))
        let path = fixture.directory.appendingPathComponent("control.sock").path
        let socket = try ScreenshotSocket(path: path)
        socket.capture = { service.screenshotPNG() }
        let attributes = try FileManager.default.attributesOfItem(atPath: path)
        #expect((attributes[.posixPermissions] as? Int) == 0o660, "root and the metro-kiosk group only")
        let answer = Self.exchange(socket) { Result { () throws(ScreenshotSocket.ScreenshotError) in try ScreenshotSocket.request(path: path) } }
        let png = try answer.get()
        let frame = try #require(service.loop?.lastPresented)
        #expect(png == (try encodePNG(frame)), "the PNG is the frame presented last")
        // IHDR: big-endian width and height after the signature and the chunk header.
        #expect(Array(png[0..<8]) == [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
        #expect(Array(png[16..<24]) == [0, 0, 1, 64, 0, 0, 0, 240], "320 × 240")
    }

    @Test func aMalformedRequestIsLoggedAndGetsNoAnswer() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("metro-kiosk-sock-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("control.sock").path
        let socket = try ScreenshotSocket(path: path)
        final class Log: @unchecked Sendable { var lines: [String] = [] }
        let log = Log()
        socket.log = { log.lines.append($0) }
        var captured = 0
        socket.capture = { captured += 1; return .success([1, 2, 3]) }
        for request in ["GET / HTTP/1.0\n", "screenshot --all\n", "screenshot", String(repeating: "x", count: 500)] {
            let answer = Self.exchange(socket) { Self.raw(path: path, send: request) }
            #expect(answer.isEmpty, "\(request.prefix(20)): no answer")
        }
        #expect(captured == 0, "nothing captured for a malformed request")
        #expect(log.lines.count == 4 && log.lines.allSatisfy { $0.contains("ignored a malformed request") })
        // The one request still works after them.
        let answer = Self.exchange(socket) { Self.raw(path: path, send: ScreenshotSocket.request) }
        #expect(answer == Array("PNG 3\n".utf8) + [1, 2, 3])
    }

    @Test func anythingButASocketAtThePathIsLeftAlone() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("metro-kiosk-sock-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("control.sock").path
        try "precious".write(toFile: path, atomically: true, encoding: .utf8)
        #expect(throws: ScreenshotSocket.ScreenshotError.self) { try ScreenshotSocket(path: path) }
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "precious")
    }

    /// Sends `text` and reads whatever comes back until the kiosk closes the connection.
    static func raw(path: String, send text: String) -> [UInt8] {
        let fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(fd) }
        guard ScreenshotSocket.withAddress(path, { connect(fd, $0, $1) }) == 0 else { return [UInt8](repeating: 0, count: 1) }
        _ = ScreenshotSocket.sendAll(fd, Array(text.utf8))
        // An unterminated request ends when the client stops sending.
        shutdown(fd, Int32(SHUT_WR))
        var answer: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let got = read(fd, &buffer, buffer.count)
            guard got > 0 else { break }
            answer += buffer[0..<got]
        }
        return answer
    }
}
