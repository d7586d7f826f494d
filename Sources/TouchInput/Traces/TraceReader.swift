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

/// Reads any supported trace into touch frames (positions in output pixels, times in µs).
public enum TraceReader {
    public static func frames(path: String, outputSize: OutputSize = .kioskDefault) throws -> [TouchFrame] {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw TraceError(file: path, line: 0, message: "cannot read the file (missing or not readable)")
        }
        return try frames(bytes: Array(data), file: path, outputSize: outputSize)
    }

    /// Bytes of any supported trace: invalid UTF-8 or a NUL byte is an error at its line and column.
    public static func frames(bytes: [UInt8], file: String, outputSize: OutputSize = .kioskDefault,
                              format: TraceFormat? = nil) throws -> [TouchFrame] {
        switch SourceText.decode(bytes, file: file) {
        case .success(let text): return try frames(text: text, file: file, outputSize: outputSize, format: format)
        case .failure(let diagnostic): throw diagnostic
        }
    }

    public static func frames(text: String, file: String, outputSize: OutputSize = .kioskDefault,
                              format: TraceFormat? = nil) throws -> [TouchFrame] {
        switch format ?? TraceFormat.detect(text: text, path: file) {
        case .evemu: return try EvemuTraceReader.frames(from: text, file: file, outputSize: outputSize)
        case .libinputRecord: return try LibinputRecordTraceReader.frames(from: text, file: file, outputSize: outputSize)
        case .csv: return try CSVTraceReader.frames(from: text, file: file)
        }
    }
}
