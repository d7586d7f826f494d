import Foundation
import MetroMap
import Testing

/// The hash a reload compares to know whether a map, a timetable or a links file changed: the bytes alone decide,
/// and what is not a regular file has none (a FIFO is not read: reading it would wait for a writer).
struct InputFileFingerprintTests {
    @Test func theBytesAloneDecideAndOnlyARegularFileHasOne() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("fingerprint-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("links.toml").path
        try "a = 1\n".write(toFile: file, atomically: true, encoding: .utf8)
        let first = try #require(InputFile.fingerprint(of: file))
        try "a = 1\n".write(toFile: file, atomically: true, encoding: .utf8)
        #expect(InputFile.fingerprint(of: file) == first, "the same bytes written again")
        try "a = 2\n".write(toFile: file, atomically: true, encoding: .utf8)
        #expect(InputFile.fingerprint(of: file) != first)
        let fifo = directory.appendingPathComponent("fifo").path
        #expect(mkfifo(fifo, 0o600) == 0)
        #expect(InputFile.fingerprint(of: fifo) == nil)
        #expect(InputFile.fingerprint(of: directory.path) == nil)
        #expect(InputFile.fingerprint(of: directory.appendingPathComponent("missing").path) == nil)
        #expect(InputFile.fingerprint(of: nil) == nil)
    }
}
