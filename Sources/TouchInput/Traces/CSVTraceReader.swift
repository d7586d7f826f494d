/// Reads the plain CSV trace `time_us,slot,event,x,y` (DESIGN.md): `event` is down, move, up or cancel,
/// coordinates are output pixels, `#` starts a comment, an up or cancel may leave x,y empty (a lift has no position).
/// Consecutive lines with the same time_us form one frame.
public enum CSVTraceReader {
    public static let header = "time_us,slot,event,x,y"

    public static func frames(from text: String, file: String) throws -> [TouchFrame] {
        var lines = TraceLines(bytes: Array(text.utf8), file: file)
        return try frames(lines: &lines)
    }

    public static func frames(lines: inout TraceLines) throws -> [TouchFrame] {
        let file = lines.file
        var frames: [TouchFrame] = []
        var down = Set<Int>()
        var lastTime: Int64?
        var sawHeaderOrData = false

        while let rawLine = try lines.next() {
            let lineNumber = lines.lineNumber
            let content = rawLine[...].prefix(while: { $0 != "#" }).trimmingWhitespace()
            if content.isEmpty { continue }
            if !sawHeaderOrData, String(content.filter { $0 != " " }) == header {
                sawHeaderOrData = true
                continue
            }
            sawHeaderOrData = true

            let event = try parseLine(content, file: file, line: lineNumber)
            if let lastTime, event.timeMicroseconds < lastTime {
                throw TraceError(file: file, line: lineNumber, message:
                    "expected time_us not to go backwards: \(event.timeMicroseconds) after \(lastTime)")
            }
            switch event.phase {
            case .down:
                guard down.insert(event.slot).inserted else {
                    throw TraceError(file: file, line: lineNumber, message: "expected slot \(event.slot) to be up before 'down': it is already down")
                }
            case .move:
                guard down.contains(event.slot) else {
                    throw TraceError(file: file, line: lineNumber, message: "expected a 'down' on slot \(event.slot) before 'move'")
                }
            case .up, .cancel:
                guard down.remove(event.slot) != nil else {
                    throw TraceError(file: file, line: lineNumber, message: "expected a 'down' on slot \(event.slot) before '\(event.phase.rawValue)'")
                }
            }
            if lastTime == event.timeMicroseconds, !frames.isEmpty {
                frames[frames.count - 1].events.append(event)
            } else {
                frames.append(TouchFrame(timeMicroseconds: event.timeMicroseconds, events: [event]))
            }
            lastTime = event.timeMicroseconds
        }
        // A trace that stops with fingers down was cut off: cancel them rather than let them read as lifts.
        if let lastTime, !down.isEmpty {
            frames.append(TouchFrame(timeMicroseconds: lastTime, events: down.sorted().map {
                TouchEvent(slot: $0, phase: .cancel, timeMicroseconds: lastTime)
            }))
        }
        return frames
    }

    private static func parseLine(_ content: Substring, file: String, line: Int) throws -> TouchEvent {
        let raw = content.split(separator: ",", omittingEmptySubsequences: false)
        let fields = raw.map { $0.trimmingWhitespace() }
        /// 1-based column of field `index` (its first non-blank character), counted in characters as editors do.
        func column(_ index: Int) -> Int {
            guard index < raw.count else { return content.count + 1 }
            let before = raw[..<index].reduce(0) { $0 + $1.count + 1 }
            return before + (raw[index].count - raw[index].drop(while: { $0 == " " || $0 == "\t" }).count) + 1
        }
        guard fields.count == 5 || fields.count == 3 else {
            throw TraceError(file: file, line: line, column: column(min(fields.count, 5)), message: "expected 5 fields '\(header)', got \(fields.count)")
        }
        guard let time = Int64(fields[0]), time >= 0 else {
            throw TraceError(file: file, line: line, column: column(0), message: "expected time_us as a non-negative integer, got '\(fields[0])'")
        }
        guard let slot = Int(fields[1]), slot >= 0 else {
            throw TraceError(file: file, line: line, column: column(1), message: "expected slot as a non-negative integer, got '\(fields[1])'")
        }
        guard let phase = TouchPhase(rawValue: String(fields[2])) else {
            throw TraceError(file: file, line: line, column: column(2), message: "expected event down, move, up or cancel, got '\(fields[2])'")
        }
        switch phase {
        case .down, .move:
            guard fields.count == 5, let x = Double(fields[3]), let y = Double(fields[4]), x.isFinite, y.isFinite else {
                throw TraceError(file: file, line: line, column: column(3), message: "expected x,y pixel coordinates for '\(phase.rawValue)'")
            }
            return TouchEvent(slot: slot, phase: phase, x: x, y: y, timeMicroseconds: time)
        case .up, .cancel:
            if fields.count == 5, !(fields[3].isEmpty && fields[4].isEmpty),
               Double(fields[3]) == nil || Double(fields[4]) == nil {
                throw TraceError(file: file, line: line, column: column(3), message: "expected x,y to be numbers or empty for '\(phase.rawValue)'")
            }
            // A lift carries no position in libinput; dropping any given here keeps both sources alike.
            return TouchEvent(slot: slot, phase: phase, timeMicroseconds: time)
        }
    }
}

private extension Substring {
    func trimmingWhitespace() -> Substring {
        var trimmed = self
        while let first = trimmed.first, first == " " || first == "\t" || first == "\r" { trimmed = trimmed.dropFirst() }
        while let last = trimmed.last, last == " " || last == "\t" || last == "\r" { trimmed = trimmed.dropLast() }
        return trimmed
    }
}
