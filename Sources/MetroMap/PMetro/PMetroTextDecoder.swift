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
    public static func decode(_ bytes: [UInt8]) -> (text: String, encoding: PMetroTextEncoding) {
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) {
            return (String(decoding: bytes.dropFirst(3), as: UTF8.self), .utf8WithBOM)
        }
        if let text = String(validating: bytes, as: UTF8.self) {
            return (text, .utf8)
        }
        return (Windows1251.decode(bytes), .windows1251)
    }
}
