import Diagnostics
/// Why a pMetro folder could not be imported at all. Problems inside the files are warnings instead
/// (`PMetroImport.warnings`): the offending entry is skipped and the rest imported.
public enum PMetroImportError: Error, Hashable, Sendable, CustomStringConvertible {
    case missingFile(directory: String, fileName: String)
    case unreadable(path: String, reason: String)
    /// The transport files hold no usable `[LineN]` section.
    case noLines(path: String)
    /// Lines were read but no station has a usable coordinate: there is nothing to draw.
    case nothingPlaced(path: String)
    /// Numbers no scheme can mean (coordinates past `PMetroImporter.coordinateLimit`), each located.
    case invalid(diagnostics: [MapDiagnostic])

    public var description: String {
        switch self {
        case .missingFile(let directory, let fileName):
            return "\(directory): no \(fileName) in this folder (is it a pMetro city folder?)"
        case .unreadable(let path, let reason):
            return "\(path): cannot read: \(reason)"
        case .noLines(let path):
            return "\(path): no [LineN] section with a Name and Stations"
        case .nothingPlaced(let path):
            return "\(path): no station has a usable coordinate; nothing can be drawn"
        case .invalid(let diagnostics):
            return diagnostics.map(\.description).joined(separator: "\n")
        }
    }

    /// The sysexits status this error exits with: 66 for a missing or unreadable input, 65 for unusable data.
    public var exitStatus: Sysexit {
        switch self {
        case .missingFile, .unreadable: return .noInput
        case .noLines, .nothingPlaced, .invalid: return .dataError
        }
    }
}
