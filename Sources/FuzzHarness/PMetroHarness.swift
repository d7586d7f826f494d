import Foundation
import MetroMap

/// A pMetro city folder packed into one blob: `Metro.trp`, a NUL-free separator line `\n@@Metro.map@@\n`, then
/// `Metro.map` (either may be empty). The blob is unpacked into a private folder and imported as
/// `import-pmetro` would, so the encoding detection and file reading are fuzzed too; an import that succeeds is
/// drawn as imported (as `snapshot --map DIR` does).
enum PMetroHarness {
    static let separator = Array("\n@@Metro.map@@\n".utf8)
    nonisolated(unsafe) static let directory: String = {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("metro-fuzz-pmetro-\(getpid())").path
        try? FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }()

    static func unpack(_ bytes: [UInt8]) -> (trp: [UInt8], map: [UInt8]) {
        guard bytes.count >= separator.count else { return (bytes, []) }
        for start in 0...(bytes.count - separator.count) where bytes[start..<start + separator.count].elementsEqual(separator) {
            return (Array(bytes[..<start]), Array(bytes[(start + separator.count)...]))
        }
        return (bytes, [])
    }

    static func pack(trp: [UInt8], map: [UInt8]) -> [UInt8] { trp + separator + map }

    static func run(_ bytes: [UInt8]) {
        let (trp, scheme) = unpack(bytes)
        FileManager.default.createFile(atPath: directory + "/" + PMetroImporter.transportFileName, contents: Data(trp))
        FileManager.default.createFile(atPath: directory + "/" + PMetroImporter.schemeFileName, contents: Data(scheme))
        guard let result = try? PMetroImporter.importCity(directory: directory, name: "fuzz") else { return }
        // `snapshot --map DIR` and a kiosk configured with a folder draw the imported map directly. (Writing it out
        // and reading it back, as import-pmetro does, doubled the cost of a run for little: the map harness fuzzes
        // the reader.)
        MapRendering.draw(result.map, font: MapHarness.font)
    }
}
