/// Turns the bytes of a text file (config, map, trace) into a String, refusing what would otherwise be read
/// silently wrong: a NUL byte (the TOML parser stopped there and ignored the rest of the file) and bytes that are
/// not UTF-8, each reported at its line and column (columns count characters, as editors do).
public enum SourceText {
    public static func decode(_ bytes: [UInt8], file: String) -> Result<String, Diagnostic> {
        decode(bytes[...], file: file, firstLine: 1)
    }

    /// Part of a file (a streaming reader's line or chunk) whose first byte is at the start of line `firstLine`.
    public static func decode(_ bytes: ArraySlice<UInt8>, file: String, firstLine: Int) -> Result<String, Diagnostic> {
        var line = firstLine, column = 1
        var index = bytes.startIndex
        while index < bytes.endIndex {
            let byte = bytes[index]
            if byte == 0 {
                return .failure(Diagnostic(file: file, line: line, column: column,
                                           message: "NUL byte in text (a binary file, or a truncated write?)"))
            }
            let length = sequenceLength(bytes, at: index)
            guard length > 0 else {
                return .failure(Diagnostic(file: file, line: line, column: column,
                                           message: "expected UTF-8 text, found byte 0x" + hex(byte)))
            }
            if byte == UInt8(ascii: "\n") {
                line += 1
                column = 1
            } else {
                column += 1
            }
            index += length
        }
        return .success(String(decoding: bytes, as: UTF8.self))
    }

    /// Length of the well-formed UTF-8 sequence at `index` (Unicode table 3-7), or 0.
    private static func sequenceLength(_ bytes: ArraySlice<UInt8>, at index: Int) -> Int {
        let first = bytes[index]
        func continuation(_ offset: Int, _ range: ClosedRange<UInt8> = 0x80...0xBF) -> Bool {
            index + offset < bytes.endIndex && range.contains(bytes[index + offset])
        }
        switch first {
        case 0x00...0x7F: return 1
        case 0xC2...0xDF: return continuation(1) ? 2 : 0
        case 0xE0: return continuation(1, 0xA0...0xBF) && continuation(2) ? 3 : 0
        case 0xE1...0xEC, 0xEE...0xEF: return continuation(1) && continuation(2) ? 3 : 0
        case 0xED: return continuation(1, 0x80...0x9F) && continuation(2) ? 3 : 0
        case 0xF0: return continuation(1, 0x90...0xBF) && continuation(2) && continuation(3) ? 4 : 0
        case 0xF1...0xF3: return continuation(1) && continuation(2) && continuation(3) ? 4 : 0
        case 0xF4: return continuation(1, 0x80...0x8F) && continuation(2) && continuation(3) ? 4 : 0
        default: return 0
        }
    }

    private static func hex(_ byte: UInt8) -> String {
        let digits = Array("0123456789ABCDEF")
        return String([digits[Int(byte >> 4)], digits[Int(byte & 0xF)]])
    }
}
