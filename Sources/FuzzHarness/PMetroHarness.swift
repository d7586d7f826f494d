import MetroMap

/// A pMetro city folder packed into one blob: `Metro.trp`, a NUL-free separator line `\n@@Metro.map@@\n`, then
/// `Metro.map` (either may be empty). The two files are handed to the importer in memory, looked up as the folder
/// reader looks them up (case-insensitively, with their encodings detected), and an import that succeeds is drawn
/// as imported (as `snapshot --map DIR` does).
///
/// Writing the blob's files into a temporary folder and reading them back on every run cost more than the import
/// itself (two file creations, a directory listing and the reads per run: about 7 runs a second under the
/// sanitizers); the file reading it exercised is the same `FileManager` call for every input, nothing a mutation
/// reaches.
enum PMetroHarness {
    static let separator = Array("\n@@Metro.map@@\n".utf8)

    static func unpack(_ bytes: [UInt8]) -> (trp: [UInt8], map: [UInt8]) {
        guard bytes.count >= separator.count else { return (bytes, []) }
        let first = separator[0]
        var start = 0
        while start <= bytes.count - separator.count {
            if bytes[start] == first, bytes[start..<start + separator.count].elementsEqual(separator) {
                return (Array(bytes[..<start]), Array(bytes[(start + separator.count)...]))
            }
            start += 1
        }
        return (bytes, [])
    }

    static func pack(trp: [UInt8], map: [UInt8]) -> [UInt8] { trp + separator + map }

    static func run(_ bytes: [UInt8]) {
        let (trp, scheme) = unpack(bytes)
        let files = [PMetroImporter.transportFileName: trp, PMetroImporter.schemeFileName: scheme]
        guard let result = try? PMetroImporter.importCity(files: files, directory: "fuzz", name: "fuzz") else { return }
        // `snapshot --map DIR` and a kiosk configured with a folder draw the imported map directly. (Writing it out
        // and reading it back, as import-pmetro does, doubled the cost of a run for little: the map harness fuzzes
        // the reader.)
        MapRendering.draw(result.map, font: MapHarness.font)
    }
}
