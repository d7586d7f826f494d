import Foundation
import TOMLDocument

/// Loads the project's TOML map format (docs/map-format.md) into a validated `MetroMap`.
/// Every problem in the file is reported, each with its line and column; a file with any error yields no map.
public enum MapFileLoader {
    public static let formatVersion = 1

    /// Reads and validates the map at `path`.
    public static func load(contentsOf path: String) throws(MapFileError) -> MetroMap {
        switch InputFile.read(path) {
        case let .success(bytes): return try parse(bytes: bytes, fileName: path)
        case let .failure(error): throw .unreadable(path: path, reason: "cannot read map file: \(error.reason)")
        }
    }

    /// Validates map bytes: a NUL byte or invalid UTF-8 is a located error, never a silently truncated map.
    public static func parse(bytes: [UInt8], fileName: String) throws(MapFileError) -> MetroMap {
        switch SourceText.decode(bytes, file: fileName) {
        case .success(let text): return try parse(text: text, fileName: fileName)
        case .failure(let diagnostic): throw .invalid(path: fileName, diagnostics: [diagnostic])
        }
    }

    /// Validates map text; `fileName` is what diagnostics print before `:line:col`.
    public static func parse(text: String, fileName: String) throws(MapFileError) -> MetroMap {
        let document: LocatedTOML
        switch LocatedTOML.parse(text, file: fileName) {
        case .success(let parsed): document = parsed
        case .failure(let syntax): throw .invalid(path: fileName, diagnostics: [syntax])
        }
        var reader = TOMLDocumentReader(file: fileName, locator: document.locator)
        let map = MapDocumentValidator.map(from: document.root, reader: &reader)
        let diagnostics = reader.diagnostics.sorted { $0.position < $1.position }
        guard diagnostics.isEmpty, let map else {
            throw .invalid(path: fileName, diagnostics: diagnostics)
        }
        return map
    }
}
