import Foundation

/// The lines of a trace file, read in fixed-size chunks: a recording can be gigabytes (a day of a busy panel), and
/// reading it whole, then building a String and a node tree of it, took memory proportional to the file (2.5 GB for
/// a 2 M-event `libinput record`). What a reader keeps is the frames it decodes, never the text.
///
/// Each line is checked as `SourceText` checks whole files: a NUL byte or bytes that are not UTF-8 are errors at
/// their line and column. A line longer than `maximumLineBytes` is an error too (no recorder writes one; reading
/// it would make memory depend on the file again).
public struct TraceLines {
    public static let maximumLineBytes = 1 << 20
    static let chunkBytes = 1 << 16

    public let file: String
    private let handle: FileHandle?
    private var buffer: [UInt8]
    private var start = 0
    /// Where the search for the next newline resumes (bytes before it in the unread part have none).
    private var scanned = 0
    private var atEnd: Bool
    /// The number of the line `next()` returned last (1-based).
    public private(set) var lineNumber = 0

    /// Opens `path` for reading; a missing or unreadable file is an error for the file as a whole.
    public init(path: String) throws {
        guard let handle = FileHandle(forReadingAtPath: path) else {
            throw TraceError(file: path, line: 0, message: "cannot read the file (missing or not readable)")
        }
        self.file = path
        self.handle = handle
        self.buffer = []
        self.atEnd = false
    }

    /// Lines of a trace already in memory (tests, the fuzz harnesses).
    public init(bytes: [UInt8], file: String) {
        self.file = file
        self.handle = nil
        self.buffer = bytes
        self.atEnd = true
    }

    /// The next line without its newline, or nil at the end of the file.
    public mutating func next() throws -> String? {
        while true {
            if let newline = buffer[scanned...].firstIndex(of: UInt8(ascii: "\n")) {
                return try take(upTo: newline, skipping: 1)
            }
            scanned = buffer.count
            if buffer.count - start > Self.maximumLineBytes {
                throw TraceError(file: file, line: lineNumber + 1, column: 1, message:
                    "line longer than \(Self.maximumLineBytes) bytes: expected a trace line (no recorder writes one this long)")
            }
            if atEnd {
                return start < buffer.count ? try take(upTo: buffer.count, skipping: 0) : nil
            }
            try readChunk()
        }
    }

    private mutating func take(upTo end: Int, skipping separator: Int) throws -> String {
        lineNumber += 1
        let line = buffer[start..<end]
        start = end + separator
        scanned = start
        if line.count > Self.maximumLineBytes {
            throw TraceError(file: file, line: lineNumber, column: 1, message:
                "line longer than \(Self.maximumLineBytes) bytes: expected a trace line (no recorder writes one this long)")
        }
        switch SourceText.decode(line, file: file, firstLine: lineNumber) {
        case .success(let text): return text
        case .failure(let diagnostic): throw diagnostic
        }
    }

    private mutating func readChunk() throws {
        guard let handle else {
            atEnd = true
            return
        }
        // Drop what was consumed before growing the buffer, so it holds at most one line and one chunk.
        if start > 0 {
            buffer.removeSubrange(0..<start)
            scanned -= start
            start = 0
        }
        let chunk: Data?
        do {
            chunk = try handle.read(upToCount: Self.chunkBytes)
        } catch {
            throw TraceError(file: file, line: lineNumber, message: "cannot read the file: \(error.localizedDescription)")
        }
        guard let chunk, !chunk.isEmpty else {
            atEnd = true
            try? handle.close()
            return
        }
        buffer.append(contentsOf: chunk)
    }

    /// The first bytes of a file, for telling its format apart (`TraceFormat.detect`) before reading it.
    static func prefix(ofFileAt path: String, bytes count: Int = 1 << 16) throws -> [UInt8] {
        guard let handle = FileHandle(forReadingAtPath: path) else {
            throw TraceError(file: path, line: 0, message: "cannot read the file (missing or not readable)")
        }
        defer { try? handle.close() }
        do {
            return Array(try handle.read(upToCount: count) ?? Data())
        } catch {
            throw TraceError(file: path, line: 0, message: "cannot read the file: \(error.localizedDescription)")
        }
    }
}
