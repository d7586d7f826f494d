import Yams

/// Reads `libinput record` YAML: `devices:` each with `evdev: {absinfo: {code: [min, max, fuzz, flat, res]}}` and
/// `events:` whose `evdev:` entries are frames of `[sec, usec, type, code, value]`. Only the first device with
/// touchscreen axes is read; its `libinput:` event lists (if recorded with --with-libinput) are ignored, because
/// decoding the evdev stream ourselves keeps recordings and the protocol-B decoder honest with each other.
public enum LibinputRecordTraceReader {
    public static func frames(from text: String, file: String, outputSize: OutputSize) throws -> [TouchFrame] {
        try recording(from: text, file: file).frames(outputSize: outputSize, file: file)
    }

    public static func recording(from text: String, file: String) throws -> EvdevRecording {
        if let deep = YAMLNestingLimit.firstViolation(in: text) {
            throw TraceError(file: file, line: deep.line, column: deep.column,
                             message: "YAML nested deeper than \(YAMLNestingLimit.maximumDepth) levels")
        }
        let root: Node
        do {
            guard let composed = try Yams.compose(yaml: text) else {
                throw TraceError(file: file, line: 0, message: "expected a libinput record YAML document, the file is empty")
            }
            root = composed
        } catch let error as TraceError {
            throw error
        } catch let error as YamlError {
            throw TraceError(file: file, line: line(of: error), message: "expected valid YAML: \(problem(of: error))")
        }

        guard let devices = root["devices"]?.sequence else {
            throw TraceError(file: file, line: root.mark?.line ?? 1, message: "expected a 'devices:' list (libinput record format)")
        }
        var chosen: (device: Node, axes: [UInt16: AxisRange])?
        for device in devices {
            let axes = try parseAbsinfo(device, file: file)
            if TouchDeviceDescription(axes: axes).isMultitouch || (axes[EvdevCode.absX] != nil && axes[EvdevCode.absY] != nil) {
                chosen = (device, axes)
                break
            }
        }
        guard let chosen else {
            throw TraceError(file: file, line: root["devices"]?.mark?.line ?? 1, message:
                "expected a device with ABS_MT_POSITION_X/Y or ABS_X/Y in its evdev absinfo, found none")
        }
        let slot = InitialSlotScanner.initialSlot(in: text.split(separator: "\n", omittingEmptySubsequences: false))
        let description = TouchDeviceDescription(axes: chosen.axes, initialSlot: slot)
        var recorded: [EvdevEvent] = []
        guard let events = chosen.device["events"] else {
            throw TraceError(file: file, line: chosen.device.mark?.line ?? 0, message: "expected an 'events:' list in the device")
        }
        guard let eventList = events.sequence else {
            throw TraceError(file: file, line: events.mark?.line ?? 0, message: "expected 'events:' to be a list")
        }
        for entry in eventList {
            guard let evdev = entry["evdev"] else { continue }
            guard let rows = evdev.sequence else {
                throw TraceError(file: file, line: evdev.mark?.line ?? 0, message: "expected 'evdev:' to be a list of [sec, usec, type, code, value]")
            }
            for row in rows {
                recorded.append(try parseEvent(row, file: file))
            }
        }
        guard !recorded.isEmpty else {
            throw TraceError(file: file, line: events.mark?.line ?? 0, message: "expected at least one evdev event, found none")
        }
        return EvdevRecording(device: description, events: recorded)
    }

    private static func parseAbsinfo(_ device: Node, file: String) throws -> [UInt16: AxisRange] {
        guard let absinfo = device["evdev"]?["absinfo"] else { return [:] }
        guard let mapping = absinfo.mapping else {
            throw TraceError(file: file, line: absinfo.mark?.line ?? 0, message: "expected 'absinfo:' to map axis codes to [min, max, fuzz, flat, resolution]")
        }
        var axes: [UInt16: AxisRange] = [:]
        for (key, value) in mapping {
            let line = value.mark?.line ?? key.mark?.line ?? 0
            guard let code = key.int.flatMap(UInt16.init(exactly:)) else {
                throw TraceError(file: file, line: line, message: "expected an axis code number in 'absinfo:', got '\(key.string ?? "?")'")
            }
            guard let numbers = value.sequence?.compactMap({ $0.int }), numbers.count >= 2, numbers.count == value.sequence?.count,
                  let minimum = Int32(exactly: numbers[0]), let maximum = Int32(exactly: numbers[1]) else {
                throw TraceError(file: file, line: line, message: "expected absinfo \(code) as [min, max, fuzz, flat, resolution] integers")
            }
            axes[code] = AxisRange(minimum: minimum, maximum: maximum)
        }
        return axes
    }

    private static func parseEvent(_ row: Node, file: String) throws -> EvdevEvent {
        let line = row.mark?.line ?? 0
        guard let fields = row.sequence, fields.count == 5 else {
            throw TraceError(file: file, line: line, message: "expected an evdev event as [sec, usec, type, code, value]")
        }
        let numbers = fields.compactMap { $0.int }
        guard numbers.count == 5, numbers[0] >= 0, Int64(numbers[0]) < EvemuTraceReader.maximumSeconds,
              (0..<1_000_000).contains(numbers[1]),
              let type = UInt16(exactly: numbers[2]), let code = UInt16(exactly: numbers[3]),
              let value = Int32(exactly: numbers[4]) else {
            throw TraceError(file: file, line: line, message:
                "expected [sec, usec, type, code, value] as integers (usec below 1000000, type and code 0...65535)")
        }
        return EvdevEvent(timeMicroseconds: Int64(numbers[0]) * 1_000_000 + Int64(numbers[1]),
                          type: type, code: code, value: value, line: line)
    }

    private static func line(of error: YamlError) -> Int {
        switch error {
        case let .scanner(_, _, mark, _), let .parser(_, _, mark, _), let .composer(_, _, mark, _):
            return mark.line
        default:
            return 0
        }
    }

    private static func problem(of error: YamlError) -> String {
        switch error {
        case let .scanner(_, problem, _, _), let .parser(_, problem, _, _), let .composer(_, problem, _, _):
            return problem
        default:
            return "\(error)"
        }
    }
}
