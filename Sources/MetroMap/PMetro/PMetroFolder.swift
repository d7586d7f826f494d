import Foundation

/// A pMetro city folder on disk. pMetro folders come from Windows, where names are case-insensitive, so every
/// file is looked up that way (`metro.trp`, `METRO.TRP`, `AirTrainJFK.vec` for `airtrainjfk.vec`).
struct PMetroFolder {
    struct File {
        var name: String
        var path: String
        var text: String
        var encoding: PMetroTextEncoding
        /// Set when the file is UTF-8 apart from a few bytes (replaced by U+FFFD).
        var damage: PMetroTextDecoder.Damage?

        var withoutText: File {
            File(name: name, path: path, text: "", encoding: encoding, damage: damage)
        }
    }

    let directory: String
    let entries: [String]
    /// The files themselves when they were given in memory (`PMetroImporter.importCity(files:)`).
    private let memory: [String: [UInt8]]?

    init(directory: String) throws(PMetroImportError) {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: directory, isDirectory: &isDirectory) else {
            throw .missingFile(directory: directory, fileName: PMetroImporter.transportFileName)
        }
        guard isDirectory.boolValue else { throw .unreadable(path: directory, reason: "not a folder") }
        self.directory = directory
        entries = ((try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []).sorted()
        memory = nil
    }

    init(directory: String, files: [String: [UInt8]]) {
        self.directory = directory
        entries = files.keys.sorted()
        memory = files
    }

    func actualName(of fileName: String) -> String? {
        entries.first { $0.lowercased() == fileName.lowercased() }
    }

    func names(withExtension suffix: String) -> [String] {
        entries.filter { $0.lowercased().hasSuffix("." + suffix) }
    }

    func read(_ fileName: String) throws(PMetroImportError) -> File {
        guard let actual = actualName(of: fileName) else {
            throw .missingFile(directory: directory, fileName: fileName)
        }
        let path = URL(fileURLWithPath: directory).appendingPathComponent(actual).path
        let contents = memory != nil ? memory?[actual] : FileManager.default.contents(atPath: path).map([UInt8].init)
        guard let bytes = contents else {
            throw .unreadable(path: path, reason: "permission denied or not a file")
        }
        let decoded = PMetroTextDecoder.decodeReportingDamage(bytes)
        return File(name: actual, path: path, text: decoded.text, encoding: decoded.encoding, damage: decoded.damage)
    }
}
