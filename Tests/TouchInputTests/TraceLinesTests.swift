import Foundation
import Testing
@testable import TouchInput

/// Reading a trace file in chunks gives the same lines as reading it whole, and bad bytes stay located.
struct TraceLinesTests {
    static func write(_ bytes: [UInt8]) throws -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("lines-\(UUID().uuidString).txt").path
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        return path
    }

    @Test func linesAcrossChunkBoundariesAreWhole() throws {
        // Lines of every length around the chunk size, so boundaries fall everywhere inside them.
        var expected: [String] = []
        for length in stride(from: 1, to: 3 * TraceLines.chunkBytes / 2, by: 4099) {
            expected.append(String(repeating: "é", count: length / 2) + "\(length)")
        }
        let path = try Self.write(Array((expected.joined(separator: "\n") + "\n").utf8))
        defer { try? FileManager.default.removeItem(atPath: path) }
        var lines = try TraceLines(path: path)
        var read: [String] = []
        while let line = try lines.next() { read.append(line) }
        #expect(read == expected)
        #expect(lines.lineNumber == expected.count)
    }

    @Test func badBytesAreLocatedInTheLineTheyAreIn() throws {
        let text = Array("first\nsecond line\nthird\n".utf8)
        var bytes = text
        bytes[13] = 0 // the 'l' of "line", line 2 column 8
        let path = try Self.write(bytes)
        defer { try? FileManager.default.removeItem(atPath: path) }
        var lines = try TraceLines(path: path)
        #expect(try lines.next() == "first")
        #expect(throws: TraceError(file: path, line: 2, column: 8, message: "NUL byte in text (a binary file, or a truncated write?)")) {
            try lines.next()
        }
        var invalid = text
        invalid[19] = 0xFF // the 'h' of "third", line 3 column 2
        var memory = TraceLines(bytes: invalid, file: "m.csv")
        _ = try memory.next()
        _ = try memory.next()
        #expect(throws: TraceError(file: "m.csv", line: 3, column: 2, message: "expected UTF-8 text, found byte 0xFF")) {
            try memory.next()
        }
    }

    @Test func anEndlessLineIsAnErrorNotAnEndlessRead() throws {
        let path = try Self.write(Array("ok\n".utf8) + Array(repeating: UInt8(ascii: "x"), count: TraceLines.maximumLineBytes + 10))
        defer { try? FileManager.default.removeItem(atPath: path) }
        var lines = try TraceLines(path: path)
        _ = try lines.next()
        let error = #expect(throws: TraceError.self) { try lines.next() }
        #expect(error?.line == 2 && error?.message.hasPrefix("line longer than") == true)
        #expect(throws: TraceError.self) { try TraceReader.frames(path: FileManager.default.temporaryDirectory.path) }
    }
}
