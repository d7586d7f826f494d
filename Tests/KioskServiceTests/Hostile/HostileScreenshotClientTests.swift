import Foundation
import Testing
@testable import KioskCore
@testable import KioskService

/// `metro-kiosk screenshot` against servers that answer wrongly (issue 38): a non-PNG answer, an endless one, one
/// that drips a byte at a time, control characters in an error, and a socket path too long for an address.
struct HostileScreenshotClientTests {
    static let png: [UInt8] = ScreenshotAnswer.signature + [0, 0, 0, 13] + ScreenshotAnswer.end

    @Test func aWholePNGIsTaken() {
        #expect(ScreenshotAnswer.parse(Array("PNG \(Self.png.count)\n".utf8) + Self.png, ended: false) == .png(Self.png))
    }

    @Test(arguments: [
        ("PNG 5\nhello", "the kiosk's answer is not a PNG"),
        ("PNG 2\nabc", "the kiosk sent more than the 2 bytes it announced"),
        ("PNG 99999999999\n", "the kiosk announced 99999999999 bytes, more than the 64 MiB a screenshot may have"),
        ("PNG -1\n", "the kiosk's answer is malformed: \"PNG -1\""),
        ("PNG \n", "the kiosk's answer is malformed: \"PNG \""),
        ("ERROR \u{1B}[2Jwiped\u{7}\n", "the kiosk: \\u{1B}[2Jwiped\\u{7}"),
        (String(repeating: "x", count: 600), "the kiosk's answer has no header line"),
    ])
    func aWrongAnswerIsRefusedAsItArrives(answer: String, why: String) {
        #expect(ScreenshotAnswer.parse(Array(answer.utf8), ended: false) == .refused(why))
    }

    @Test func aShortAnswerWaitsUntilTheKioskCloses() {
        let cut = Array("PNG 30\n".utf8) + Self.png.prefix(10)
        #expect(ScreenshotAnswer.parse(cut, ended: false) == .incomplete)
        #expect(ScreenshotAnswer.parse(cut, ended: true) == .refused("the kiosk's answer was cut short"))
        #expect(ScreenshotAnswer.parse([], ended: true) == .refused("the kiosk sent no answer"))
    }

    /// A server on a thread that reads the request and then runs `answer` on the connection.
    static func serve(_ answer: @escaping @Sendable (Int32) -> Void) throws -> (path: String, directory: String) {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("shot-\(UUID().uuidString.prefix(8))").path
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        let path = directory + "/s.sock"
        let listener = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
        #expect(ScreenshotSocket.withAddress(path, { bind(listener, $0, $1) }) == 0)
        #expect(listen(listener, 1) == 0)
        Thread.detachNewThread {
            let client = accept(listener, nil, nil)
            close(listener)
            guard client >= 0 else { return }
            _ = ScreenshotSocket.readRequest(client)
            answer(client)
            close(client)
        }
        return (path, directory)
    }

    @Test func anEndlessAnswerStopsAtTheAnnouncedSize() throws {
        let server = try Self.serve { fd in
            _ = ScreenshotSocket.sendAll(fd, Array("PNG 100\n".utf8))
            let chunk = [UInt8](repeating: 0x41, count: 65_536)
            while ScreenshotSocket.sendAll(fd, chunk) {}
        }
        defer { try? FileManager.default.removeItem(atPath: server.directory) }
        #expect {
            try ScreenshotSocket.request(path: server.path, timeoutMilliseconds: 10_000)
        } throws: { error in
            "\(error)" == "the kiosk sent more than the 100 bytes it announced"
        }
    }

    /// One byte every 200 ms never trips a per-read timeout; the total deadline (here 600 ms) ends it.
    @Test func aDrippingServerMeetsTheTotalDeadline() throws {
        let server = try Self.serve { fd in
            for byte in Array("PNG 1000\n".utf8) + [UInt8](repeating: 0, count: 100) {
                guard ScreenshotSocket.sendAll(fd, [byte]) else { return }
                usleep(200_000)
            }
        }
        defer { try? FileManager.default.removeItem(atPath: server.directory) }
        #expect {
            try ScreenshotSocket.request(path: server.path, timeoutMilliseconds: 600)
        } throws: { error in
            "\(error)" == "the kiosk did not answer in full within 0 s"
        }
    }

    @Test func aNonPNGAnswerIsNotTaken() throws {
        let server = try Self.serve { fd in _ = ScreenshotSocket.sendAll(fd, Array("PNG 11\nhello world".utf8)) }
        defer { try? FileManager.default.removeItem(atPath: server.directory) }
        #expect {
            try ScreenshotSocket.request(path: server.path, timeoutMilliseconds: 5_000)
        } throws: { error in
            "\(error)" == "the kiosk's answer is not a PNG"
        }
    }

    /// A 120-byte path was cut to its first 107 bytes, which may name another kiosk's socket: refused by both ends.
    @Test func aSocketPathLongerThanAnAddressIsRefusedNotShortened() throws {
        let path = "/tmp/" + String(repeating: "p", count: 115)
        #expect {
            try ScreenshotSocket.request(path: path)
        } throws: { error in
            "\(error)".hasSuffix("a socket path holds at most 107 bytes, this one has 120")
        }
        #expect(throws: ScreenshotSocket.ScreenshotError.self) { try ScreenshotSocket(path: path) }
        #expect(!FileManager.default.fileExists(atPath: String(path.prefix(107))))
    }
}
