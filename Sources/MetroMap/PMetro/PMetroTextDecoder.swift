/// The character encodings pMetro files are found in.
public enum PMetroTextEncoding: String, Hashable, Sendable {
    case utf8
    /// UTF-8 starting with a byte-order mark, which is dropped.
    case utf8WithBOM = "utf8-bom"
    case windows1251
}

/// Decodes a pMetro file without assuming its encoding: a UTF-8 BOM or valid UTF-8 is UTF-8, anything else
/// is taken as Windows-1251 (which decodes every byte). Cyrillic text in Windows-1251 is practically never
/// valid UTF-8, because its letters are bytes 0xC0–0xFF that UTF-8 only allows before continuation bytes.
public enum PMetroTextDecoder {
    /// Bytes of a UTF-8 file that are not UTF-8, replaced by U+FFFD.
    public struct Damage: Hashable, Sendable {
        public var byteCount: Int
        /// The line (from 1) of the first of them.
        public var firstLine: Int
    }

    public static func decode(_ bytes: [UInt8]) -> (text: String, encoding: PMetroTextEncoding) {
        let decoded = decodeReportingDamage(bytes)
        return (decoded.text, decoded.encoding)
    }

    /// As `decode`, and a file that is UTF-8 except for a few bytes (more well-formed multi-byte sequences than
    /// broken bytes) stays UTF-8 with those bytes replaced and reported, rather than turning every name into
    /// Windows-1251 mojibake.
    public static func decodeReportingDamage(_ bytes: [UInt8])
        -> (text: String, encoding: PMetroTextEncoding, damage: Damage?) {
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) {
            let body = Array(bytes.dropFirst(3))
            return (String(decoding: body, as: UTF8.self), .utf8WithBOM, damage(in: body))
        }
        if let text = String(validating: bytes, as: UTF8.self) {
            return (text, .utf8, nil)
        }
        if let damage = damage(in: bytes) {
            return (String(decoding: bytes, as: UTF8.self), .utf8, damage)
        }
        return (Windows1251.decode(bytes), .windows1251, nil)
    }

    /// Counts well-formed multi-byte sequences and stray bytes; nil unless it looks like damaged UTF-8.
    private static func damage(in bytes: [UInt8]) -> Damage? {
        var index = 0, line = 1, wellFormed = 0, broken = 0, firstLine = 0
        while index < bytes.count {
            let byte = bytes[index]
            if byte == 0x0A { line += 1 }
            if byte < 0x80 { index += 1; continue }
            let length = byte >= 0xF0 && byte < 0xF5 ? 4 : byte >= 0xE0 ? 3 : byte >= 0xC2 && byte < 0xE0 ? 2 : 0
            if length > 0, index + length <= bytes.count,
               bytes[(index + 1)..<(index + length)].allSatisfy({ $0 & 0xC0 == 0x80 }) {
                wellFormed += 1
                index += length
            } else {
                broken += 1
                if firstLine == 0 { firstLine = line }
                index += 1
            }
        }
        guard broken > 0, wellFormed > broken else { return nil }
        return Damage(byteCount: broken, firstLine: firstLine)
    }
}
