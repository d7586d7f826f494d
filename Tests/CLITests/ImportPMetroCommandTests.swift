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
    #expect(result.stdout.contains("21 lines (0 not drawn, 0 dropped), 458 stations (452 placed, 426 labelled)"))
    #expect(result.stdout.contains("Metro.trp windows1251"))
    // The last line sums up what was read and dropped.
    let summary = try #require(result.stdout.split(separator: "\n").last)
    #expect(summary.contains("read 1 .trp, 1 .map, 1 .vec") && summary.contains("transfers")
            && summary.contains("background") && summary.hasSuffix("\(result.stderr.split(separator: "\n").count) warnings"))
    // Each warning names its file and line.
    for line in result.stderr.split(separator: "\n") {
        #expect(line.range(of: #"^/.+/Metro\.(trp|map|vec):[0-9]+:[0-9]+: warning: "#, options: .regularExpression) != nil,
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


@Test func importPMetroOfKolomnaSucceedsWithWarningsAndItsMapLoads() throws {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("import-pmetro-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    let out = directory.appendingPathComponent("kolomna.toml").path
    let kolomna = RepositoryPaths.sharedData("maps/pmetro-kolomna").path
    let result = try MetroKioskProcess.run(["import-pmetro", kolomna, "--out", out])
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.stderr.contains("to itself; skipped"))
    let map = try MapFileLoader.load(contentsOf: out)
    #expect(map.lines.count == 10)
}

@Test func importPMetroOfASchemeWithNothingPlaceableIsADataError() throws {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("import-pmetro-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    try "[Line1]\nName=A\nStations=X,Y\n".write(to: directory.appendingPathComponent("Metro.trp"), atomically: true,
                                                   encoding: .utf8)
    try "[A]\nCoordinates=0,0, 0,0\n".write(to: directory.appendingPathComponent("Metro.map"), atomically: true,
                                             encoding: .utf8)
    let out = directory.appendingPathComponent("out.toml").path
    let result = try MetroKioskProcess.run(["import-pmetro", directory.path, "--out", out])
    #expect(result.status == 65)
    #expect(result.stderr.contains("no station has a usable coordinate"))
    #expect(!FileManager.default.fileExists(atPath: out))

    try "[A]\nCoordinates=10,10, 1e30,20\n".write(to: directory.appendingPathComponent("Metro.map"), atomically: true,
                                                   encoding: .utf8)
    let huge = try MetroKioskProcess.run(["import-pmetro", directory.path, "--out", out])
    #expect(huge.status == 65)
    #expect(huge.stderr.contains("Metro.map:2:1: [A]: Coordinates= holds 1e30, outside"))
    #expect(!FileManager.default.fileExists(atPath: out))
}

@Test func importPMetroHelpListsTheSysexitsStatuses() throws {
    let result = try MetroKioskProcess.run(["import-pmetro", "--help"])
    let help = result.stdout.split(whereSeparator: \.isWhitespace).joined(separator: " ")
    #expect(help.contains("65 data error") && help.contains("66 no input") && help.contains("73 the output"))
    #expect(!help.contains(" 70"))
}
