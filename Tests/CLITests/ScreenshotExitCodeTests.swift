import Foundation
import Glibc
import Testing
@testable import KioskService

/// `metro-kiosk screenshot`'s exit status tells a kiosk that cannot be reached (69: no socket, a refused connection)
/// from one that answered with something other than a screenshot (76: not a PNG, too big, malformed), so a script
/// knows whether to retry or to report (issue 38). Each case runs the real binary against a real socket.
struct ScreenshotExitCodeTests {
    /// A listener at `path` that reads the request and sends `answer` on one connection, then closes.
    static func answerOnce(at path: String, with answer: [UInt8]) -> Int32 {
        let listener = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
        #expect(ScreenshotSocket.withAddress(path, { bind(listener, $0, $1) }) == 0)
        #expect(listen(listener, 1) == 0)
        Thread.detachNewThread {
            let client = accept(listener, nil, nil)
            guard client >= 0 else { return }
            _ = ScreenshotSocket.readRequest(client)
            _ = ScreenshotSocket.sendAll(client, answer)
            close(client)
        }
        return listener
    }

    @Test(arguments: [
        ("PNG 5\nhello", "the kiosk's answer is not a PNG"),
        ("PNG 99999999999\n", "more than the 64 MiB a screenshot may have"),
        ("PNG -1\n", "the kiosk's answer is malformed"),
        ("ERROR nothing on screen yet\n", "the kiosk: nothing on screen yet"),
    ])
    func aWrongAnswerExits76AndWritesNothing(answer: String, message: String) throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("shot-exit-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("s.sock").path, out = directory.appendingPathComponent("x.png").path
        let listener = Self.answerOnce(at: path, with: Array(answer.utf8))
        defer { close(listener) }
        let result = try MetroKioskProcess.run(["screenshot", "--socket", path, "--out", out])
        #expect(result.status == 76, "\(result.stderr)")
        #expect(result.stderr.contains(message), "\(result.stderr)")
        #expect(!FileManager.default.fileExists(atPath: out))
    }

    @Test func anUnreachableKioskExits69() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("shot-exit-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("s.sock").path, out = directory.appendingPathComponent("x.png").path
        // No socket at all.
        let missing = try MetroKioskProcess.run(["screenshot", "--socket", path, "--out", out])
        #expect(missing.status == 69, "\(missing.stderr)")
        // A socket nobody listens on any more (a kiosk that died): the connection is refused.
        let stale = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
        #expect(ScreenshotSocket.withAddress(path, { bind(stale, $0, $1) }) == 0)
        close(stale)
        let refused = try MetroKioskProcess.run(["screenshot", "--socket", path, "--out", out])
        #expect(refused.status == 69 && refused.stderr.contains("Connection refused"), "\(refused.stderr)")
        #expect(!FileManager.default.fileExists(atPath: out))
    }
}
