import Foundation
import MetroMap

/// Where the kiosk's map comes from: a map file in the project's TOML format, a pMetro city folder (imported on
/// the fly), or, when nothing is configured, the bundled demo.
public enum MapSource {
    public struct LoadError: Error, CustomStringConvertible {
        public var description: String
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
            throw LoadError(description: error.description)
        } catch let error as PMetroImportError {
            throw LoadError(description: error.description)
        } catch {
            throw LoadError(description: "\(path ?? "bundled demo map"): \(error)")
        }
    }
}
