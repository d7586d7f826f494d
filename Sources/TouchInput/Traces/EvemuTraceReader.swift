/// Reads evemu recordings (`evemu-record` output): `N:`/`I:`/`P:`/`B:` device lines, `A: code min max fuzz flat res`
/// axis lines, then `E: sec.usec type code value` events (type and code in hex, value in decimal).
public enum EvemuTraceReader {
    public static func frames(from text: String, file: String, outputSize: OutputSize) throws -> [TouchFrame] {
        try recording(from: text, file: file).frames(outputSize: outputSize, file: file)
    }

    public static func recording(from text: String, file: String) throws -> EvdevRecording {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        var axes: [UInt16: AxisRange] = [:]
        var events: [EvdevEvent] = []

        for (index, rawLine) in lines.enumerated() {
            let lineNumber = index + 1
            let trimmed = rawLine.drop(while: { $0 == " " || $0 == "\t" })
            if trimmed.isEmpty || trimmed.hasPrefix("#") || trimmed == "\r" { continue }

            if trimmed.hasPrefix("E:") {
                events.append(try parseEvent(trimmed, file: file, line: lineNumber))
            } else if trimmed.hasPrefix("A:") {
                guard events.isEmpty else {
                    throw TraceError(file: file, line: lineNumber, message: "expected 'A:' axis lines before the first 'E:' event")
                }
                let (code, range) = try parseAxis(trimmed, file: file, line: lineNumber)
                axes[code] = range
            } else if trimmed.hasPrefix("N:") || trimmed.hasPrefix("I:") || trimmed.hasPrefix("P:")
                        || trimmed.hasPrefix("B:") || trimmed.hasPrefix("L:") || trimmed.hasPrefix("S:") {
                continue
            } else {
                throw TraceError(file: file, line: lineNumber, message:
                    "expected an evemu line ('E: sec.usec type code value', a device line N:/I:/P:/B:/A:, or a # comment), got '\(trimmed.prefix(40))'")
            }
        }
        guard !events.isEmpty else {
            throw TraceError(file: file, line: lines.count, message: "expected at least one 'E:' event line, found none")
        }
        let device = TouchDeviceDescription(axes: axes, initialSlot: InitialSlotScanner.initialSlot(in: lines))
        return EvdevRecording(device: device, events: events)
    }

    /// `A: 35 0 799 0 0 0`: code in hex, then minimum and maximum (fuzz, flat, resolution follow).
    static func parseAxis(_ line: Substring, file: String, line lineNumber: Int) throws -> (UInt16, AxisRange) {
        let fields = line.dropFirst(2).split(whereSeparator: { $0 == " " || $0 == "\t" })
        guard fields.count >= 3, let code = UInt16(fields[0], radix: 16),
              let minimum = Int32(fields[1]), let maximum = Int32(fields[2]) else {
            throw TraceError(file: file, line: lineNumber, message:
                "expected 'A: <code hex> <min> <max> <fuzz> <flat> <resolution>', got '\(line.prefix(60))'")
        }
        return (code, AxisRange(minimum: minimum, maximum: maximum))
    }

    /// `E: 0.095573 0003 0039 -001	# comment`.
    static func parseEvent(_ line: Substring, file: String, line lineNumber: Int) throws -> EvdevEvent {
        let content = line.dropFirst(2).prefix(while: { $0 != "#" })
        let fields = content.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\r" })
        let expected = "expected 'E: <sec>.<usec> <type hex> <code hex> <value>'"
        guard fields.count == 4 else {
            throw TraceError(file: file, line: lineNumber, message: "\(expected), got \(fields.count) fields in '\(line.prefix(60))'")
        }
        guard let time = parseTime(fields[0]) else {
            throw TraceError(file: file, line: lineNumber, message: "\(expected): '\(fields[0])' is not a time in seconds.microseconds")
        }
        guard let type = UInt16(fields[1], radix: 16), let code = UInt16(fields[2], radix: 16) else {
            throw TraceError(file: file, line: lineNumber, message: "\(expected): type '\(fields[1])' or code '\(fields[2])' is not hexadecimal")
        }
        guard let value = Int32(fields[3]) else {
            throw TraceError(file: file, line: lineNumber, message: "\(expected): value '\(fields[3])' is not a decimal integer")
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
