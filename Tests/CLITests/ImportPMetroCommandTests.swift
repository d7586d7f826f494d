import Foundation
import MetroMap
import Testing
import TestSupport

@Test func importPMetroWritesAMapThatLoads() throws {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("import-pmetro-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    let out = directory.appendingPathComponent("moscow.toml").path
    let moscow = RepositoryPaths.sharedData.appendingPathComponent("maps/pmetro-moscow").path

    let result = try MetroKioskProcess.run(["import-pmetro", moscow, "--out", out, "--name", "Москва"])
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.stdout.contains("21 lines, 458 stations (452 placed, 426 labels)"))
    #expect(result.stdout.contains("Metro.trp windows1251"))
    // Each warning names its file and line.
    for line in result.stderr.split(separator: "\n") {
        #expect(line.range(of: #"^/.+/Metro\.(trp|map):[0-9]+:[0-9]+: warning: "#, options: .regularExpression) != nil,
                "\(line)")
    }

    let map = try MapFileLoader.load(contentsOf: out)
    #expect(map.name == "Москва")
    #expect(map.lines.count == 21)
    #expect(map.stations.filter(\.isPlaced).count == 452)
}

@Test func importPMetroOfAFolderWithoutSchemeFailsWithItsName() throws {
    let result = try MetroKioskProcess.run(["import-pmetro", "/nonexistent/city", "--out", "/tmp/never.toml"])
    #expect(result.status == 66)
    #expect(result.stderr.contains("/nonexistent/city: no Metro.trp"))
}
