/// Why a font could not be used, with the file involved.
public enum FontError: Error, Equatable, CustomStringConvertible {
    case fileNotFound(path: String)
    /// FreeType refused the file (not a font, or damaged); `code` is FreeType's error number.
    case unreadableFont(path: String, freetypeError: Int32)
    /// None of the default locations holds a font; install fonts-noto-core or pass a font path.
    case noDefaultFont(searched: [String])

    public var description: String {
        switch self {
        case .fileNotFound(let path):
            return "\(path): font file not found"
        case .unreadableFont(let path, let code):
            return "\(path): FreeType cannot read this font (error \(code))"
        case .noDefaultFont(let searched):
            return "no font found; looked for \(searched.joined(separator: ", ")) (install fonts-noto-core)"
        }
    }
}
