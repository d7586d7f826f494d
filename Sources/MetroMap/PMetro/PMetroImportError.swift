/// Why a pMetro folder could not be imported at all. Problems inside the files are warnings instead
/// (`PMetroImport.warnings`): the offending entry is skipped and the rest imported.
public enum PMetroImportError: Error, Hashable, Sendable, CustomStringConvertible {
    case missingFile(directory: String, fileName: String)
    case unreadable(path: String, reason: String)
    /// The transport file holds no usable `[LineN]` section.
    case noLines(path: String)

    public var description: String {
        switch self {
        case .missingFile(let directory, let fileName):
            return "\(directory): no \(fileName) in this folder (is it a pMetro city folder?)"
        case .unreadable(let path, let reason):
            return "\(path): cannot read: \(reason)"
        case .noLines(let path):
            return "\(path): no [LineN] section with a Name and Stations"
        }
    }
}
