import Foundation
import MetroMap

/// Where the kiosk's map comes from: a map file in the project's TOML format, a pMetro city folder (imported on
/// the fly), or, when nothing is configured, the bundled demo.
public enum MapSource {
    /// Every problem with the map, typed and located (the map file's own lines, or the folder as a whole).
    public struct LoadError: Error, CustomStringConvertible {
        public var diagnostics: [Diagnostic]
        public var description: String { diagnostics.map(\.description).joined(separator: "\n") }
    }

    public static func load(path: String?) throws(LoadError) -> MetroMap {
        do {
            guard let path else { return try BundledMap.loadDemo() }
            var isDirectory: ObjCBool = false
            if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), isDirectory.boolValue {
                return try PMetroImporter.importCity(directory: path).map
            }
            return try MapFileLoader.load(contentsOf: path)
        } catch let error as MapFileError {
            throw LoadError(diagnostics: error.diagnostics)
        } catch let error as PMetroImportError {
            throw LoadError(diagnostics: [Diagnostic(file: path ?? "", line: 0, message: error.description)])
        } catch {
            throw LoadError(diagnostics: [Diagnostic(file: path ?? "bundled demo map", line: 0, message: "\(error)")])
        }
    }
}
