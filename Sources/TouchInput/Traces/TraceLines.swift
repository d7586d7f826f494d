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
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), isDirectory.boolValue {
            throw TraceError(file: path, line: 0, message: "expected a trace file, this is a directory")
        }
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
                // A NUL or a byte that is not UTF-8 says more about such a file (binary, /dev/zero) than its length.
                if case .failure(let diagnostic) = SourceText.decode(buffer[start..<(start + Self.maximumLineBytes)], file: file,
                                                                     firstLine: lineNumber + 1) {
                    throw diagnostic
                }
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

    /// The first bytes of the file, without consuming them, for telling its format apart (`TraceFormat.detect`).
    /// Read through this reader rather than by opening the file again, so a pipe works too.
    mutating func peek(_ count: Int = chunkBytes) throws -> ArraySlice<UInt8> {
        while buffer.count - start < count, !atEnd { try readChunk() }
        return buffer[start..<min(buffer.count, start + count)]
    }
}
