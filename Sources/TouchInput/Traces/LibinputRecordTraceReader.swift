import Yams

/// Reads `libinput record` YAML: `devices:` each with `evdev: {absinfo: {code: [min, max, fuzz, flat, res]}}` and
/// `events:` whose `evdev:` entries are frames of `[sec, usec, type, code, value]`. Every touchscreen among the
/// devices is read (a recording made with `--all` or `--multiple` starts with keyboards, power buttons, touchpads);
/// their `libinput:` event lists (if recorded with --with-libinput) are ignored, because decoding the evdev stream
/// ourselves keeps recordings and the protocol-B decoder honest with each other.
///
/// Streaming: Yams builds a node tree of a whole document, which for a 2 M-event recording took 2.5 GB. The event
/// rows, written one per line by libinput record, are read line by line here and decoded as they come; only the
/// rest of the document (the device descriptions, a few kilobytes) goes through Yams, with every event block
/// replaced by `events: []` so that its line numbers still map onto the file's. A device's events written any
/// other way (a flow list, say) stay in that description and are read from Yams' nodes, within
/// `maximumDescriptionBytes`.
public enum LibinputRecordTraceReader {
    /// The document without its line-per-row event blocks; a real recording's is a few kilobytes per device.
    public static let maximumDescriptionBytes = 1 << 20
    /// Devices with an event block: each is composed from the description so far when its events begin, so both
    /// bounds together bound the work (`libinput record --all` lists a few dozen devices).
    public static let maximumEventBlocks = 64

    public static func frames(from text: String, file: String, outputSize: OutputSize) throws -> [TouchFrame] {
        var lines = TraceLines(bytes: Array(text.utf8), file: file)
        return try frames(lines: &lines, outputSize: outputSize)
    }

    public static func frames(lines: inout TraceLines, outputSize: OutputSize) throws -> [TouchFrame] {
        var reader = LibinputRecordStream(file: lines.file, outputSize: outputSize)
        while let line = try lines.next() { try reader.feed(line, number: lines.lineNumber) }
        return try reader.finish(lastLine: lines.lineNumber)
    }
}

/// One pass over a `libinput record` file (see `LibinputRecordTraceReader`).
struct LibinputRecordStream {
    let file: String
    let outputSize: OutputSize

    private var nesting = YAMLNestingLimit.Scanner()
    private var description = ""
    private var descriptionLines = 0
    /// (first description line, file line − description line) wherever the offset changes: one entry per event block.
    private var lineOffsets: [(from: Int, offset: Int)] = []
    /// The initial slot (`# Event code 47 (ABS_MT_SLOT)` … `# Value N`) of each device comment block, by file line.
    private var slotScanner = InitialSlotScanner()
    private var initialSlots: [(line: Int, slot: Int)] = []

    private var block: EventBlock?
    private var eventBlocks = 0
    /// Devices whose events were streamed, by the description line of their `events: []` placeholder.
    private var streamed: [Int: StreamedDevice] = [:]

    private struct EventBlock {
        let keyIndent: Int
        let placeholderLine: Int
        var decoder: EvdevFrameDecoder?
        var slotCount: Int
        var itemIndent: Int?
        var inEvdev = false
        var events = 0
        var firstEventLine = 0
    }

    private struct StreamedDevice {
        var frames: [TouchFrame]?
        var slotCount: Int
        var events: Int
        var line: Int
    }

    init(file: String, outputSize: OutputSize) {
        self.file = file
        self.outputSize = outputSize
    }

    /// Works on the line's UTF-8 bytes: this runs for every row of a recording of millions of events.
    mutating func feed(_ line: String, number: Int) throws {
        let bytes = Array(line.utf8)
        if let column = nesting.feed(bytes: bytes) {
            throw TraceError(file: file, line: number, column: Self.column(bytes, column - 1),
                             message: "YAML nested deeper than \(YAMLNestingLimit.maximumDepth) levels")
        }
        var indent = 0
        while indent < bytes.count, bytes[indent] == Self.space { indent += 1 }
        let code = bytes[indent..<Self.codeEnd(bytes, from: indent)]
        if let current = block {
            if code.isEmpty { return }
            if indent < current.keyIndent || (indent == current.keyIndent && code.first != Self.dash) {
                try endBlock()
            } else {
                try feedEventLine(bytes, code: code, indent: indent, number: number)
                return
            }
        }
        slotScanner.feed(line[...])
        if slotScanner.isDone {
            if slotScanner.foundValue { initialSlots.append((number, slotScanner.slot)) }
            slotScanner = InitialSlotScanner()
        }
        if code.elementsEqual("events:".utf8), nesting.flow == 0 {
            try startBlock(indent: indent, number: number)
        } else {
            try appendDescription(line, number: number)
        }
    }

    private static let space = UInt8(ascii: " ")
    private static let dash = UInt8(ascii: "-")

    /// The 1-based column, in characters as editors count them, of byte `index` of a line.
    static func column(_ bytes: [UInt8], _ index: Int) -> Int {
        String(decoding: bytes[..<min(max(index, 0), bytes.count)], as: UTF8.self).count + 1
    }

    // MARK: Event blocks

    private mutating func startBlock(indent: Int, number: Int) throws {
        eventBlocks += 1
        guard eventBlocks <= LibinputRecordTraceReader.maximumEventBlocks else {
            throw TraceError(file: file, line: number, column: indent + 1, message:
                "expected at most \(LibinputRecordTraceReader.maximumEventBlocks) devices with 'events:' (libinput record --all records a few dozen)")
        }
        try appendDescription(String(repeating: " ", count: indent) + "events: []", number: number)
        let placeholder = descriptionLines
        // The device's description so far: a libinput record device lists `evdev:` (name, absinfo, properties)
        // and `udev:` before `events:`, so it is complete here and the decoder can start.
        let root = try compose(description)
        guard let device = root?["devices"]?.sequence?.last, let events = device["events"],
              events.mark.map({ $0.line }) == placeholder else {
            throw TraceError(file: file, line: number, column: indent + 1, message:
                "expected 'events:' to be a key of a device in the 'devices:' list")
        }
        var decoder: EvdevFrameDecoder?
        var slotCount = 0
        if let touchscreen = try touchscreen(device) {
            decoder = try EvdevFrameDecoder(device: touchscreen, outputSize: outputSize, file: file, line: number)
            slotCount = Self.slotCount(of: touchscreen)
        }
        block = EventBlock(keyIndent: indent, placeholderLine: placeholder, decoder: decoder, slotCount: slotCount)
    }

    private mutating func endBlock() throws {
        guard var ended = block else { return }
        block = nil
        let frames = ended.decoder != nil ? ended.decoder!.finish() : nil
        streamed[ended.placeholderLine] = StreamedDevice(frames: frames, slotCount: ended.slotCount, events: ended.events,
                                                         line: ended.firstEventLine)
        ended.decoder = nil
    }

    /// A line inside an `events:` block: `- evdev:` opens a frame, `- [sec, usec, type, code, value]` rows follow;
    /// any other entry (`- libinput:` with its lines) is skipped.
    private mutating func feedEventLine(_ bytes: [UInt8], code: ArraySlice<UInt8>, indent: Int, number: Int) throws {
        let isEntry = code.first == Self.dash && (code.count == 1 || code[code.startIndex + 1] == Self.space)
        var restStart = code.startIndex + (isEntry ? 1 : 0)
        while restStart < code.endIndex, code[restStart] == Self.space { restStart += 1 }
        let rest = code[restStart...]
        if let itemIndent = block!.itemIndent, indent > itemIndent {
            if isEntry, rest.first == UInt8(ascii: "[") {
                guard block!.inEvdev else { return }
                let event = try parseRow(bytes, open: rest.startIndex, number: number)
                if block!.events == 0 { block!.firstEventLine = number }
                block!.events += 1
                try block!.decoder?.feed(event)
                return
            }
            if !isEntry, let key = Self.blockKey(rest) {
                block!.inEvdev = key.elementsEqual("evdev".utf8)
                return
            }
            if !block!.inEvdev { return }
        } else if isEntry, let key = Self.blockKey(rest) {
            block!.itemIndent = indent
            block!.inEvdev = key.elementsEqual("evdev".utf8)
            return
        }
        throw TraceError(file: file, line: number, column: Self.column(bytes, indent), message:
            "expected '- evdev:' entries with one '- [sec, usec, type, code, value]' row per line, as libinput record writes them")
    }

    /// `key:` with nothing after it (a block value follows): the key, or nil.
    private static func blockKey(_ text: ArraySlice<UInt8>) -> ArraySlice<UInt8>? {
        guard text.count > 1, text.last == UInt8(ascii: ":") else { return nil }
        let key = text.dropLast()
        let allowed = key.allSatisfy { byte in
            (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte) || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
                || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || byte == UInt8(ascii: "_") || byte == dash
        }
        return allowed ? key : nil
    }

    /// `    - [  0,  1234,   3,  53,   100] # EV_ABS / ABS_MT_POSITION_X 100`: five decimal integers. Errors name
    /// the column of the field at fault.
    private func parseRow(_ bytes: [UInt8], open: Int, number: Int) throws -> EvdevEvent {
        var index = open + 1
        var numbers: [Int64] = []
        numbers.reserveCapacity(5)
        var columns: [Int] = []
        columns.reserveCapacity(5)
        func skipSpaces() { while index < bytes.count, bytes[index] == Self.space || bytes[index] == UInt8(ascii: "\t") { index += 1 } }
        func fail(_ at: Int, _ message: String) -> TraceError {
            TraceError(file: file, line: number, column: Self.column(bytes, at), message: "expected an evdev event as [sec, usec, type, code, value]" + message)
        }
        while true {
            skipSpaces()
            let start = index
            var negative = false
            if index < bytes.count, bytes[index] == Self.dash || bytes[index] == UInt8(ascii: "+") {
                negative = bytes[index] == Self.dash
                index += 1
            }
            var value: Int64 = 0
            var digits = 0
            while index < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index]) {
                // 18 digits cannot overflow Int64; more are out of every field's range anyway.
                if digits < 18 { value = value * 10 + Int64(bytes[index] - UInt8(ascii: "0")) }
                digits += 1
                index += 1
            }
            guard digits > 0 else { throw fail(start, ": expected an integer here") }
            guard numbers.count < 5 else { throw fail(start, ": more than five numbers") }
            numbers.append(digits > 18 ? Int64.max : negative ? -value : value)
            columns.append(Self.column(bytes, start))
            skipSpaces()
            guard index < bytes.count, bytes[index] == UInt8(ascii: ",") || bytes[index] == UInt8(ascii: "]") else {
                throw fail(index, ": expected ',' or ']' here")
            }
            index += 1
            if bytes[index - 1] == UInt8(ascii: "]") { break }
        }
        guard numbers.count == 5 else { throw fail(index - 1, ", got \(numbers.count) numbers") }
        skipSpaces()
        if index < bytes.count, bytes[index] != UInt8(ascii: "#"), bytes[index] != UInt8(ascii: "\r") {
            throw fail(index, ": expected nothing but a # comment after ']'")
        }
        return try Self.event(numbers, columns: columns, file: file, line: number)
    }

    static func event(_ numbers: [Int64], columns: [Int], file: String, line: Int) throws -> EvdevEvent {
        let ranges: [ClosedRange<Int64>] = [0...(EvemuTraceReader.maximumSeconds - 1), 0...999_999, 0...65535, 0...65535,
                                            Int64(Int32.min)...Int64(Int32.max)]
        for field in 0..<5 where !ranges[field].contains(numbers[field]) {
            throw TraceError(file: file, line: line, column: columns[field], message:
                "expected [sec, usec, type, code, value] as integers (usec below 1000000, type and code 0...65535, value 32-bit), got \(numbers[field])")
        }
        return EvdevEvent(timeMicroseconds: numbers[0] * 1_000_000 + numbers[1], type: UInt16(numbers[2]),
                          code: UInt16(numbers[3]), value: Int32(numbers[4]), line: line)
    }

    // MARK: The description

    private mutating func appendDescription(_ line: String, number: Int) throws {
        descriptionLines += 1
        let offset = number - descriptionLines
        if lineOffsets.last?.offset != offset { lineOffsets.append((descriptionLines, offset)) }
        description += line
        description += "\n"
        if description.utf8.count > LibinputRecordTraceReader.maximumDescriptionBytes {
            throw TraceError(file: file, line: number, column: 1, message:
                "expected a libinput record: its device descriptions pass \(LibinputRecordTraceReader.maximumDescriptionBytes) bytes (events belong in '- evdev:' blocks, one row per line)")
        }
    }

    /// The file's line for a line of the description.
    private func fileLine(_ descriptionLine: Int) -> Int {
        var offset = 0
        for entry in lineOffsets {
            if entry.from > descriptionLine { break }
            offset = entry.offset
        }
        return descriptionLine + offset
    }

    private func line(of node: Node?) -> Int {
        node?.mark.map { fileLine($0.line) } ?? 0
    }

    private func column(of node: Node?) -> Int {
        node?.mark?.column ?? 1
    }

    private func compose(_ text: String) throws -> Node? {
        do {
            return try Yams.compose(yaml: text)
        } catch let error as YamlError {
            switch error {
            case let .scanner(_, problem, mark, _), let .parser(_, problem, mark, _), let .composer(_, problem, mark, _):
                throw TraceError(file: file, line: fileLine(mark.line), column: mark.column, message: "expected valid YAML: \(problem)")
            default:
                throw TraceError(file: file, line: 0, message: "expected valid YAML: \(error)")
            }
        }
    }

    // MARK: Choosing the touchscreens

    /// The device's description when it is a touchscreen (udev's ID_INPUT_TOUCHSCREEN when recorded, otherwise the
    /// same test on axes, properties and keys udev's input_id applies), nil for keyboards, touchpads, tablets.
    private func touchscreen(_ device: Node) throws -> TouchDeviceDescription? {
        let axes = try parseAbsinfo(device)
        let description = TouchDeviceDescription(axes: axes, initialSlot: initialSlot(of: device))
        let hasPosition = description.isMultitouch || description.isProtocolA
            || (axes[EvdevCode.absX] != nil && axes[EvdevCode.absY] != nil)
        guard hasPosition else { return nil }
        if let udev = device["udev"]?["properties"]?.sequence?.compactMap(\.string), udev.contains(where: { $0.hasPrefix("ID_INPUT") }) {
            return udev.contains("ID_INPUT_TOUCHSCREEN=1") ? description : nil
        }
        let properties = device["evdev"]?["properties"]?.sequence?.compactMap(\.int) ?? []
        if properties.contains(1) { return description }           // INPUT_PROP_DIRECT
        if properties.contains(0) { return nil }                   // INPUT_PROP_POINTER: a touchpad
        let keys = device["evdev"]?["codes"]?.mapping?.first(where: { $0.key.int == 1 })?.value.sequence?.compactMap(\.int) ?? []
        if keys.contains(0x140) || keys.contains(0x145) { return nil } // BTN_TOOL_PEN, BTN_TOOL_FINGER: tablet, touchpad
        return description
    }

    /// The slot value in the device's own comment block (from its first line on).
    private func initialSlot(of device: Node) -> Int {
        let start = line(of: device)
        return initialSlots.first(where: { $0.line >= start })?.slot ?? 0
    }

    private static func slotCount(of device: TouchDeviceDescription) -> Int {
        device.isProtocolA ? ProtocolATranslator.slotCount : device.isMultitouch ? device.slotCount : 1
    }

    private func parseAbsinfo(_ device: Node) throws -> [UInt16: AxisRange] {
        guard let absinfo = device["evdev"]?["absinfo"] else { return [:] }
        guard let mapping = absinfo.mapping else {
            throw TraceError(file: file, line: line(of: absinfo), column: column(of: absinfo), message:
                "expected 'absinfo:' to map axis codes to [min, max, fuzz, flat, resolution]")
        }
        var axes: [UInt16: AxisRange] = [:]
        for (key, value) in mapping {
            guard let code = key.int.flatMap(UInt16.init(exactly:)) else {
                throw TraceError(file: file, line: line(of: key), column: column(of: key), message:
                    "expected an axis code number in 'absinfo:', got '\((key.string ?? "?").prefix(80))'")
            }
            guard let numbers = value.sequence?.compactMap({ $0.int }), numbers.count >= 2, numbers.count == value.sequence?.count,
                  let minimum = Int32(exactly: numbers[0]), let maximum = Int32(exactly: numbers[1]) else {
                throw TraceError(file: file, line: line(of: value), column: column(of: value), message:
                    "expected absinfo \(code) as [min, max, fuzz, flat, resolution] integers")
            }
            axes[code] = AxisRange(minimum: minimum, maximum: maximum)
        }
        return axes
    }

    // MARK: The end

    mutating func finish(lastLine: Int) throws -> [TouchFrame] {
        try endBlock()
        guard let root = try compose(description) else {
            throw TraceError(file: file, line: 0, message: "expected a libinput record YAML document, the file is empty")
        }
        guard let devices = root["devices"]?.sequence else {
            throw TraceError(file: file, line: line(of: root), column: column(of: root),
                             message: "expected a 'devices:' list (libinput record format)")
        }
        var chosen: [(frames: [TouchFrame], slotCount: Int)] = []
        var eventless: Int?
        for device in devices {
            let eventsNode = device["events"]
            if let placeholder = eventsNode?.mark?.line, let streamedDevice = streamed[placeholder] {
                guard let frames = streamedDevice.frames else { continue }
                if streamedDevice.events == 0 { eventless = eventless ?? line(of: eventsNode); continue }
                chosen.append((frames, streamedDevice.slotCount))
                continue
            }
            guard let touchscreen = try touchscreen(device) else { continue }
            let count = try eventsFromNodes(device, touchscreen: touchscreen)
            if count.events == 0 { eventless = eventless ?? count.line; continue }
            chosen.append((count.frames, Self.slotCount(of: touchscreen)))
        }
        guard !chosen.isEmpty else {
            if let eventless {
                throw TraceError(file: file, line: eventless, message: "expected at least one evdev event from the touchscreen, found none")
            }
            let list = root["devices"]
            throw TraceError(file: file, line: line(of: list), column: column(of: list), message:
                "expected a device with ABS_MT_POSITION_X/Y or ABS_X/Y in its evdev absinfo that is a touchscreen (not a touchpad or tablet), found none")
        }
        return Self.merge(chosen)
    }

    /// A device whose events are YAML nodes (a flow list, or entries on one line): within the description's bound.
    private func eventsFromNodes(_ device: Node, touchscreen: TouchDeviceDescription) throws
        -> (frames: [TouchFrame], events: Int, line: Int) {
        guard let events = device["events"] else {
            throw TraceError(file: file, line: line(of: device), column: column(of: device),
                             message: "expected an 'events:' list in the device")
        }
        guard let entries = events.sequence else {
            throw TraceError(file: file, line: line(of: events), column: column(of: events), message: "expected 'events:' to be a list")
        }
        var decoder = try EvdevFrameDecoder(device: touchscreen, outputSize: outputSize, file: file, line: line(of: events))
        var count = 0
        for entry in entries {
            guard let evdev = entry["evdev"] else { continue }
            guard let rows = evdev.sequence else {
                throw TraceError(file: file, line: line(of: evdev), column: column(of: evdev),
                                 message: "expected 'evdev:' to be a list of [sec, usec, type, code, value]")
            }
            for row in rows {
                let fields = row.sequence ?? []
                let numbers = fields.compactMap { $0.int.map(Int64.init) }
                guard fields.count == 5, numbers.count == 5 else {
                    throw TraceError(file: file, line: line(of: row), column: column(of: row),
                                     message: "expected an evdev event as [sec, usec, type, code, value]")
                }
                try decoder.feed(try Self.event(numbers, columns: fields.map { column(of: $0) }, file: file, line: line(of: row)))
                count += 1
            }
        }
        return (decoder.finish(), count, line(of: events))
    }

    /// Several touchscreens into one stream: each keeps its own slots (numbered after the previous device's), frames in
    /// time order (libinput record stamps every device from the same start).
    private static func merge(_ devices: [(frames: [TouchFrame], slotCount: Int)]) -> [TouchFrame] {
        guard devices.count > 1 else { return devices.first?.frames ?? [] }
        var all: [(frame: TouchFrame, order: Int)] = []
        var base = 0
        for device in devices {
            for frame in device.frames {
                var shifted = frame
                for index in shifted.events.indices { shifted.events[index].slot += base }
                all.append((shifted, all.count))
            }
            base += device.slotCount
        }
        all.sort { ($0.frame.timeMicroseconds, $0.order) < ($1.frame.timeMicroseconds, $1.order) }
        return all.map(\.frame)
    }

    /// The end of a line's content: before a comment (`#` at the start or after a blank, outside quotes) and
    /// trailing blanks or CR.
    static func codeEnd(_ bytes: [UInt8], from start: Int) -> Int {
        var end = bytes.count
        var quote: UInt8?
        var index = start
        while index < bytes.count {
            let byte = bytes[index]
            if let open = quote {
                if byte == open { quote = nil }
            } else if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") {
                quote = byte
            } else if byte == UInt8(ascii: "#"), index == start || bytes[index - 1] == space || bytes[index - 1] == UInt8(ascii: "\t") {
                end = index
                break
            }
            index += 1
        }
        while end > start, bytes[end - 1] == space || bytes[end - 1] == UInt8(ascii: "\t") || bytes[end - 1] == UInt8(ascii: "\r") {
            end -= 1
        }
        return end
    }
}
