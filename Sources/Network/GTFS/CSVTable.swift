import Diagnostics

/// One GTFS file as RFC 4180 CSV: a header naming the columns, then records. Read from bytes in one pass that
/// records where each field starts and ends, so a 30 MB `stop_times.txt` is never split into millions of Strings.
///
/// What real feeds carry and the reader accepts: a UTF-8 byte order mark, CRLF or LF (or lone CR) line ends,
/// quoted fields with doubled quotes and line breaks inside, spaces around unquoted values, columns the reader
/// does not know (ignored), blank lines (skipped) and records shorter than the header (the missing fields are
/// empty). An unterminated quote ends the file with a located problem, never a hang.
public struct CSVTable: Sendable {
    /// A field's bytes: `start..<end` in the file, and whether doubled quotes inside must be undone.
    struct Field: Sendable {
        var start: Int
        var end: Int
        var hasEscapedQuotes: Bool
    }

    /// One record: its fields and the line of the file it starts on.
    public struct Record: Sendable {
        fileprivate var fields: ArraySlice<Field>
        public var line: Int
    }

    public let file: String
    public let columns: [String]
    let bytes: [UInt8]
    private let fields: [Field]
    private let recordStarts: [Int]   // index into fields of each record's first field
    private let recordLines: [Int]
    public let problems: [Diagnostic]

    public init(file: String, bytes: [UInt8]) {
        var parser = Parser(bytes: bytes)
        var fields: [Field] = []
        var recordStarts: [Int] = []
        var recordLines: [Int] = []
        var problems: [Diagnostic] = []
        var header: [String] = []
        var headerDone = false
        while let (line, range, error) = parser.nextRecord(into: &fields) {
            if let error {
                problems.append(Diagnostic(file: file, line: error.line, column: error.column, message: error.message))
            }
            // A record that is one empty field is a blank line.
            if range.count == 1, fields[range.lowerBound].start == fields[range.lowerBound].end,
               !parser.lastFieldWasQuoted {
                fields.removeLast()
                continue
            }
            if !headerDone {
                header = range.map { Self.string(fields[$0], in: bytes).trimmingCharacters() }
                fields.removeAll(keepingCapacity: true)
                headerDone = true
                continue
            }
            recordStarts.append(range.lowerBound)
            recordLines.append(line)
        }
        recordStarts.append(fields.count)
        self.file = file
        self.bytes = bytes
        self.fields = fields
        self.recordStarts = recordStarts
        self.recordLines = recordLines
        self.problems = problems
        columns = header
    }

    public var count: Int { recordLines.count }

    /// The index of a named column, or nil when the file has none.
    public func column(_ name: String) -> Int? {
        columns.firstIndex(of: name)
    }

    public func record(_ index: Int) -> Record {
        Record(fields: fields[recordStarts[index]..<recordStarts[index + 1]], line: recordLines[index])
    }

    /// The field at `column` of a record as text ("" when the record is short or the column absent).
    public func string(_ record: Record, _ column: Int?) -> String {
        guard let field = field(record, column) else { return "" }
        return Self.string(field, in: bytes).trimmingCharacters()
    }

    /// Whether the field is empty (absent, short record, or only spaces).
    public func isEmpty(_ record: Record, _ column: Int?) -> Bool {
        guard let field = field(record, column) else { return true }
        return bytes[field.start..<field.end].allSatisfy { $0 == 0x20 || $0 == 0x09 }
    }

    /// The field's bytes with surrounding spaces removed (quotes already stripped; doubled quotes left as they are,
    /// which no number or time contains).
    func trimmedBytes(_ record: Record, _ column: Int?) -> ArraySlice<UInt8> {
        guard let field = field(record, column) else { return [] }
        var start = field.start, end = field.end
        while start < end, bytes[start] == 0x20 || bytes[start] == 0x09 { start += 1 }
        while end > start, bytes[end - 1] == 0x20 || bytes[end - 1] == 0x09 { end -= 1 }
        return bytes[start..<end]
    }

    private func field(_ record: Record, _ column: Int?) -> Field? {
        guard let column, column >= 0, column < record.fields.count else { return nil }
        return record.fields[record.fields.startIndex + column]
    }

    private static func string(_ field: Field, in bytes: [UInt8]) -> String {
        let text = String(decoding: bytes[field.start..<field.end], as: UTF8.self)
        return field.hasEscapedQuotes ? text.replacingDoubledQuotes() : text
    }

    /// The RFC 4180 state machine over bytes.
    private struct Parser {
        struct Problem { var line: Int; var column: Int; var message: String }
        let bytes: [UInt8]
        var index = 0
        var line = 1
        var lastFieldWasQuoted = false

        init(bytes: [UInt8]) {
            self.bytes = bytes
            if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { index = 3 }
        }

        /// Appends the next record's fields; returns the line it started on, their range in `fields` and a problem
        /// if it had one; nil at the end of the bytes.
        mutating func nextRecord(into fields: inout [Field]) -> (Int, Range<Int>, Problem?)? {
            guard index < bytes.count else { return nil }
            let firstField = fields.count
            let startLine = line
            var problem: Problem?
            var column = 1
            while true {
                lastFieldWasQuoted = false
                var start = index
                var end = index
                var escaped = false
                // Spaces before an opening quote are not part of the field.
                var probe = index
                while probe < bytes.count, bytes[probe] == 0x20 { probe += 1 }
                if probe < bytes.count, bytes[probe] == 0x22 {
                    lastFieldWasQuoted = true
                    let quoteLine = line
                    index = probe + 1
                    start = index
                    var closed = false
                    while index < bytes.count {
                        let byte = bytes[index]
                        if byte == 0x22 {
                            if index + 1 < bytes.count, bytes[index + 1] == 0x22 {
                                escaped = true
                                index += 2
                                continue
                            }
                            end = index
                            index += 1
                            closed = true
                            break
                        }
                        if byte == 0x0A { line += 1 }
                        index += 1
                    }
                    if !closed {
                        end = bytes.count
                        problem = Problem(line: quoteLine, column: column,
                                          message: "quoted field never closed (a truncated file?)")
                    }
                    // Anything between the closing quote and the separator is kept out of the field; spaces
                    // there are common (WMATA's agency.txt) and harmless.
                    while index < bytes.count, bytes[index] != 0x2C, bytes[index] != 0x0A, bytes[index] != 0x0D {
                        if problem == nil, bytes[index] != 0x20, bytes[index] != 0x09 {
                            problem = Problem(line: line, column: column, message: "text after a closing quote")
                        }
                        index += 1
                    }
                } else {
                    while index < bytes.count {
                        let byte = bytes[index]
                        if byte == 0x2C || byte == 0x0A || byte == 0x0D { break }
                        index += 1
                    }
                    end = index
                }
                fields.append(Field(start: start, end: end, hasEscapedQuotes: escaped))
                guard index < bytes.count else { break }
                let separator = bytes[index]
                index += 1
                if separator == 0x2C {
                    column += 1
                    continue
                }
                if separator == 0x0D, index < bytes.count, bytes[index] == 0x0A { index += 1 }
                line += 1
                break
            }
            return (startLine, firstField..<fields.count, problem)
        }
    }
}

extension String {
    func trimmingCharacters() -> String {
        var scalars = Substring(self)
        while let first = scalars.first, first == " " || first == "\t" { scalars.removeFirst() }
        while let last = scalars.last, last == " " || last == "\t" { scalars.removeLast() }
        return scalars.count == count ? self : String(scalars)
    }

    func replacingDoubledQuotes() -> String {
        var result = ""
        var previousWasQuote = false
        for character in self {
            if character == "\"" {
                if previousWasQuote {
                    previousWasQuote = false
                    continue
                }
                previousWasQuote = true
            } else {
                previousWasQuote = false
            }
            result.append(character)
        }
        return result
    }
}
