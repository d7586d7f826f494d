/// Why a font could not be used, with the file involved.
public enum FontError: Error, Equatable, CustomStringConvertible {
    case fileNotFound(path: String)
    /// FreeType refused the file (not a font, or damaged); `code` is FreeType's error number.
    case unreadableFont(path: String, freetypeError: Int32)
    /// None of the default locations holds a font; install fonts-noto-core or pass a font path.
    case noDefaultFont(searched: [String])
    /// The path names something FreeType must not be given: a FIFO or device (opening it would block or never
    /// end), or a font file cut short.
    case unusableFile(path: String, reason: String)
    /// Every configured font was found but none could be used: each name with why (a broken file is not a
    /// missing package, so no install advice).
    case noUsableFont(reasons: [String])

    public var description: String {
        switch self {
        case .fileNotFound(let path):
            return "\(path): font file not found"
        case .unreadableFont(let path, let code):
            return "\(path): FreeType cannot read this font (error \(code))"
        case .noDefaultFont(let searched):
            return "no font found; looked for \(searched.joined(separator: ", ")) (install fonts-noto-core)"
        case .unusableFile(let path, let reason):
            return "\(path): cannot use this font: \(reason)"
        case .noUsableFont(let reasons):
            return "no configured font can be used: " + reasons.joined(separator: "; ")
        }
    }
}
