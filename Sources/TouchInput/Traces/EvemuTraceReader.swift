/// Reads evemu recordings (`evemu-record` output): `N:`/`I:`/`P:`/`B:` device lines, `A: code min max fuzz flat res`
/// axis lines, then `E: sec.usec type code value` events (type and code in hex, value in decimal).
///
/// Older evemu-record output, and evemu-devices' collection of panels, keep the device lines in a separate `.desc`
/// file and only events in `NAME.events`: `device` supplies that description (`EvemuDeviceFile`).
public enum EvemuTraceReader {
    public static func frames(from text: String, file: String, outputSize: OutputSize,
                              device: TouchDeviceDescription? = nil) throws -> [TouchFrame] {
        var lines = TraceLines(bytes: Array(text.utf8), file: file)
        return try frames(lines: &lines, outputSize: outputSize, device: device)
    }

    /// Reads line by line and decodes while reading: memory is the frames, whatever the file's length.
    /// `companion` is asked only when the file has no axis lines of its own (`EvemuDeviceFile.companion`).
    public static func frames(lines: inout TraceLines, outputSize: OutputSize, device: TouchDeviceDescription? = nil,
                              companion: (() throws -> TouchDeviceDescription?)? = nil) throws -> [TouchFrame] {
        var parser = Parser(file: lines.file)
        var decoder: EvdevFrameDecoder?
        while let line = try lines.next() {
            guard let event = try parser.feed(line, number: lines.lineNumber) else { continue }
            if decoder == nil {
                let chosen = try device ?? (parser.axes.isEmpty ? companion?() : nil)
                decoder = try EvdevFrameDecoder(device: try parser.device(given: chosen, line: event.line),
                                                outputSize: outputSize, file: lines.file, line: event.line)
            }
            try decoder?.feed(event)
        }
        guard var decoder else {
            throw TraceError(file: lines.file, line: lines.lineNumber, message: "expected at least one 'E:' event line, found none")
        }
        return decoder.finish()
    }

    /// The device and every event in memory (the benchmark times decoding apart from reading).
    public static func recording(from text: String, file: String) throws -> EvdevRecording {
        var lines = TraceLines(bytes: Array(text.utf8), file: file)
        var parser = Parser(file: file)
        var events: [EvdevEvent] = []
        while let line = try lines.next() {
            if let event = try parser.feed(line, number: lines.lineNumber) { events.append(event) }
        }
        guard let first = events.first else {
            throw TraceError(file: file, line: lines.lineNumber, message: "expected at least one 'E:' event line, found none")
        }
        return EvdevRecording(device: try parser.device(given: nil, line: first.line), events: events)
    }

    /// The line grammar, one line at a time: header lines build the device description, `E:` lines are events.
    struct Parser {
        let file: String
        private(set) var axes: [UInt16: AxisRange] = [:]
        private var slot = InitialSlotScanner()
        private var sawEvent = false

        init(file: String) { self.file = file }

        /// The event on this line, or nil for a header, comment or blank line.
        mutating func feed(_ rawLine: String, number lineNumber: Int) throws -> EvdevEvent? {
            slot.feed(rawLine[...])
            let trimmed = rawLine.drop(while: { $0 == " " || $0 == "\t" })
            if trimmed.isEmpty || trimmed.hasPrefix("#") || trimmed == "\r" { return nil }
            let indent = rawLine.count - trimmed.count
            if trimmed.hasPrefix("E:") {
                sawEvent = true
                return try parseEvent(trimmed, file: file, line: lineNumber, column: indent + 1)
            } else if trimmed.hasPrefix("A:") {
                guard !sawEvent else {
                    throw TraceError(file: file, line: lineNumber, column: indent + 1,
                                     message: "expected 'A:' axis lines before the first 'E:' event")
                }
                let (code, range) = try parseAxis(trimmed, file: file, line: lineNumber, column: indent + 1)
                axes[code] = range
            } else if trimmed.hasPrefix("N:") || trimmed.hasPrefix("I:") || trimmed.hasPrefix("P:")
                        || trimmed.hasPrefix("B:") || trimmed.hasPrefix("L:") || trimmed.hasPrefix("S:") {
                return nil
            } else {
                throw TraceError(file: file, line: lineNumber, column: indent + 1, message:
                    "expected an evemu line ('E: sec.usec type code value', a device line N:/I:/P:/B:/A:, or a # comment), got '\(trimmed.prefix(40))'")
            }
            return nil
        }

        /// This file's own description; a `.desc` given by the caller replaces it (the operator named it).
        func device(given: TouchDeviceDescription?, line: Int) throws -> TouchDeviceDescription {
            if let given { return given }
            guard !axes.isEmpty else {
                throw TraceError(file: file, line: line, message:
                    "expected a touchscreen's 'A:' axis lines before the first event: this file has events only; put its .desc beside it (same name up to a '.') or give --device FILE.desc")
            }
            return description
        }

        var description: TouchDeviceDescription { TouchDeviceDescription(axes: axes, initialSlot: slot.slot) }
    }

    /// `A: 35 0 799 0 0 0`: code in hex, then minimum and maximum (fuzz, flat, resolution follow).
    static func parseAxis(_ line: Substring, file: String, line lineNumber: Int, column: Int = 1) throws -> (UInt16, AxisRange) {
        let fields = line.dropFirst(2).split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\r" })
        guard fields.count >= 3, let code = UInt16(fields[0], radix: 16),
              let minimum = Int32(fields[1]), let maximum = Int32(fields[2]) else {
            throw TraceError(file: file, line: lineNumber, column: column, message:
                "expected 'A: <code hex> <min> <max> <fuzz> <flat> <resolution>', got '\(line.prefix(60))'")
        }
        return (code, AxisRange(minimum: minimum, maximum: maximum))
    }

    /// `E: 0.095573 0003 0039 -001	# comment`. Errors point at the field (columns in characters, as editors count).
    static func parseEvent(_ line: Substring, file: String, line lineNumber: Int, column lineColumn: Int = 1) throws -> EvdevEvent {
        let content = line.dropFirst(2).prefix(while: { $0 != "#" })
        let fields = content.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\r" })
        func column(_ index: Int) -> Int {
            lineColumn + line.distance(from: line.startIndex, to: index < fields.count ? fields[index].startIndex : content.endIndex)
        }
        let expected = "expected 'E: <sec>.<usec> <type hex> <code hex> <value>'"
        guard fields.count == 4 else {
            throw TraceError(file: file, line: lineNumber, column: column(min(fields.count, 4)),
                             message: "\(expected), got \(fields.count) fields in '\(line.prefix(60))'")
        }
        guard let time = parseTime(fields[0]) else {
            throw TraceError(file: file, line: lineNumber, column: column(0),
                             message: "\(expected): '\(fields[0].prefix(40))' is not a time in seconds.microseconds")
        }
        guard let type = UInt16(fields[1], radix: 16) else {
            throw TraceError(file: file, line: lineNumber, column: column(1),
                             message: "\(expected): type '\(fields[1].prefix(40))' is not hexadecimal")
        }
        guard let code = UInt16(fields[2], radix: 16) else {
            throw TraceError(file: file, line: lineNumber, column: column(2),
                             message: "\(expected): code '\(fields[2].prefix(40))' is not hexadecimal")
        }
        guard let value = Int32(fields[3]) else {
            throw TraceError(file: file, line: lineNumber, column: column(3),
                             message: "\(expected): value '\(fields[3].prefix(40))' is not a decimal integer")
        }
        return EvdevEvent(timeMicroseconds: time, type: type, code: code, value: value, line: lineNumber)
    }

    static let maximumSeconds: Int64 = 9_000_000_000_000

    /// Integer arithmetic on both parts: a Double would round some microseconds away.
    static func parseTime(_ text: Substring) -> Int64? {
        let parts = text.split(separator: ".", omittingEmptySubsequences: false)
        // The bound keeps seconds · 10⁶ inside Int64 (about 290 000 years of uptime).
        guard parts.count == 2, let seconds = Int64(parts[0]), seconds >= 0, seconds < maximumSeconds,
              !parts[1].isEmpty, parts[1].count <= 6, parts[1].allSatisfy(\.isASCII), let fraction = Int64(parts[1]),
              fraction >= 0 else { return nil }
        var microseconds = fraction
        for _ in parts[1].count..<6 { microseconds *= 10 }
        return seconds * 1_000_000 + microseconds
    }
}
