/// Why a map file could not be loaded. A map with any error is rejected whole, never half-loaded.
public enum MapFileError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The file could not be read at all (missing, unreadable, not UTF-8).
    case unreadable(path: String, reason: String)
    /// The file was read but is not a valid map; every problem found, in file order.
    case invalid(path: String, diagnostics: [MapDiagnostic])

    public var diagnostics: [MapDiagnostic] {
        switch self {
        case .unreadable(let path, let reason):
            return [MapDiagnostic(file: path, line: 1, column: 1, message: reason)]
        case .invalid(_, let diagnostics):
            return diagnostics
        }
    }

    public var description: String {
        diagnostics.map(\.description).joined(separator: "\n")
    }
}
