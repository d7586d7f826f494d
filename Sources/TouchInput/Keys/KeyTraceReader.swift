/// Reads a key trace, the keypad's counterpart of the CSV touch trace: `time_us,key,state` where `key` is a
/// `KeypadKey` name (`0`…`9`, `enter`, `clear`, `cancel`, `plus`, `minus`, `asterisk`, `slash`, `dot`,
/// `volume_up`, `volume_down`) and `state` is `down` or `up`; `#` starts a comment; times never go backwards.
public enum KeyTraceReader {
    public static let header = "time_us,key,state"

    public static func events(path: String) throws -> [KeyEvent] {
        var lines = try TraceLines(path: path)
        return try events(lines: &lines)
    }

    public static func events(from text: String, file: String) throws -> [KeyEvent] {
        var lines = TraceLines(bytes: Array(text.utf8), file: file)
        return try events(lines: &lines)
    }

    static func events(lines: inout TraceLines) throws -> [KeyEvent] {
        var events: [KeyEvent] = []
        var sawHeaderOrData = false
        while let line = try lines.next() {
            let number = lines.lineNumber
            let content = line.prefix(while: { $0 != "#" })
            let raw = content.split(separator: ",", omittingEmptySubsequences: false)
            let fields = raw.map { $0.trimmingCharacters(in: " \t\r") }
            if fields.allSatisfy(\.isEmpty) { continue }
            if !sawHeaderOrData, fields.joined(separator: ",") == header {
                sawHeaderOrData = true
                continue
            }
            sawHeaderOrData = true
            /// 1-based column where field `index` starts.
            func column(_ index: Int) -> Int {
                guard index < raw.count else { return content.count + 1 }
                return raw[..<index].reduce(0) { $0 + $1.count + 1 } + 1
            }
            guard fields.count == 3 else {
                throw TraceError(file: lines.file, line: number, column: column(min(fields.count, 3)),
                                 message: "expected 3 fields '\(header)', got \(fields.count)")
            }
            guard let time = Int64(fields[0]), time >= 0 else {
                throw TraceError(file: lines.file, line: number, column: column(0),
                                 message: "expected time_us as a non-negative integer, got '\(fields[0])'")
            }
            guard let key = KeypadKey(rawValue: fields[1]) else {
                throw TraceError(file: lines.file, line: number, column: column(1), message:
                    "expected a key (\(KeypadKey.allCases.map(\.rawValue).joined(separator: ", "))), got '\(fields[1])'")
            }
            guard fields[2] == "down" || fields[2] == "up" else {
                throw TraceError(file: lines.file, line: number, column: column(2),
                                 message: "expected state down or up, got '\(fields[2])'")
            }
            if let last = events.last, time < last.timeMicroseconds {
                throw TraceError(file: lines.file, line: number, column: column(0),
                                 message: "expected time_us not to go backwards: \(time) after \(last.timeMicroseconds)")
            }
            events.append(KeyEvent(key: key, isPressed: fields[2] == "down", timeMicroseconds: time))
        }
        return events
    }
}

private extension Substring {
    func trimmingCharacters(in set: String) -> String {
        String(drop(while: { set.contains($0) }).reversed().drop(while: { set.contains($0) }).reversed())
    }
}
