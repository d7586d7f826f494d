import Foundation

/// The trace formats a `--trace` option accepts.
public enum TraceFormat: String, Sendable, CaseIterable {
    case evemu
    case libinputRecord = "libinput-record"
    case csv

    /// Content first (each format has an unmistakable opening), the extension when the content is ambiguous.
    public static func detect(text: String, path: String) -> TraceFormat {
        for line in text.split(separator: "\n").prefix(200) {
            let trimmed = line.drop(while: { $0 == " " || $0 == "\t" })
            if trimmed.isEmpty { continue }
            if trimmed.hasPrefix("# EVEMU") || trimmed.hasPrefix("E:") || trimmed.hasPrefix("N:") || trimmed.hasPrefix("A:") {
                return .evemu
            }
            if trimmed.hasPrefix("# libinput record") || trimmed.hasPrefix("devices:") || trimmed.hasPrefix("ndevices:") {
                return .libinputRecord
            }
            if trimmed.hasPrefix("#") { continue }
            if trimmed.hasPrefix("time_us") || trimmed.first?.isNumber == true { return .csv }
            break
        }
        let lowercased = path.lowercased()
        if lowercased.hasSuffix(".yml") || lowercased.hasSuffix(".yaml") { return .libinputRecord }
        if lowercased.hasSuffix(".events") || lowercased.hasSuffix(".evemu") { return .evemu }
        return .csv
    }
}

/// Reads any supported trace into touch frames (positions in output pixels, times in µs), line by line: memory is
/// the frames, whatever the file's length (`TraceLines`).
public enum TraceReader {
    /// `device` is an evemu device description (`.desc`) for recordings whose `.events` has none of its own; without
    /// it, such a recording is paired with the `.desc` beside it (`EvemuDeviceFile.companion`).
    public static func frames(path: String, outputSize: OutputSize = .kioskDefault, device: String? = nil) throws -> [TouchFrame] {
        var lines = try TraceLines(path: path)
        let format = TraceFormat.detect(text: String(decoding: try lines.peek(), as: UTF8.self), path: path)
        if device != nil, format != .evemu {
            throw TraceError(file: path, line: 0, message:
                "a device description (--device) goes with an evemu recording; this trace reads as \(format.rawValue)")
        }
        let explicit = try device.map { try EvemuDeviceFile.read(path: $0) }
        return try frames(lines: &lines, format: format, outputSize: outputSize, device: explicit) {
            try EvemuDeviceFile.companion(ofEventsAt: path).map { try EvemuDeviceFile.read(path: $0) }
        }
    }

    /// Bytes of any supported trace: invalid UTF-8 or a NUL byte is an error at its line and column.
    public static func frames(bytes: [UInt8], file: String, outputSize: OutputSize = .kioskDefault,
                              format: TraceFormat? = nil, device: TouchDeviceDescription? = nil) throws -> [TouchFrame] {
        let format = format ?? TraceFormat.detect(text: String(decoding: bytes.prefix(1 << 16), as: UTF8.self), path: file)
        var lines = TraceLines(bytes: bytes, file: file)
        return try frames(lines: &lines, format: format, outputSize: outputSize, device: device, companion: nil)
    }

    public static func frames(text: String, file: String, outputSize: OutputSize = .kioskDefault,
                              format: TraceFormat? = nil, device: TouchDeviceDescription? = nil) throws -> [TouchFrame] {
        try frames(bytes: Array(text.utf8), file: file, outputSize: outputSize,
                   format: format ?? TraceFormat.detect(text: text, path: file), device: device)
    }

    static func frames(lines: inout TraceLines, format: TraceFormat, outputSize: OutputSize, device: TouchDeviceDescription?,
                       companion: (() throws -> TouchDeviceDescription?)?) throws -> [TouchFrame] {
        switch format {
        case .evemu: return try EvemuTraceReader.frames(lines: &lines, outputSize: outputSize, device: device, companion: companion)
        case .libinputRecord: return try LibinputRecordTraceReader.frames(lines: &lines, outputSize: outputSize)
        case .csv: return try CSVTraceReader.frames(lines: &lines)
        }
    }
}
