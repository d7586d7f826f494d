import Foundation
import Testing
@testable import MetroMap
import TestSupport

/// The pMetro fuzz harness hands the importer its files in memory (no temporary folder per run): the import must be
/// the one a folder on disk gives, warnings (which name their files) included.
struct PMetroInMemoryImportTests {
    @Test(arguments: ["berlin", "moscow"])
    func filesInMemoryImportAsTheFolderDoes(city: String) throws {
        let folder = SharedMaps.city(city)
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path)
        var files: [String: [UInt8]] = [:]
        for name in names { files[name] = Array(try Data(contentsOf: folder.appendingPathComponent(name))) }
        let fromDisk = try PMetroImporter.importCity(directory: folder.path)
        let fromMemory = try PMetroImporter.importCity(files: files, directory: folder.path)
        #expect(fromMemory.map == fromDisk.map)
        #expect(fromMemory.warnings == fromDisk.warnings)
        #expect(fromMemory.encodings == fromDisk.encodings)
    }
}
