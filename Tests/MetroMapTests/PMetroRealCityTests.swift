import Foundation
import Testing
import TestSupport
@testable import MetroMap

/// The real schemes in ../shared/data/maps (GPL data, read in place, never copied).
enum SharedMaps {
    static let root = RepositoryPaths.sharedData("maps")
    static let moscow = root.appendingPathComponent("pmetro-moscow")
    static let london = root.appendingPathComponent("pmetro-london")
    static let cityNames = ["moscow", "london", "berlin", "tokyo", "singapore", "new-york", "istanbul", "kolomna"]
    static let cities = cityNames.map { root.appendingPathComponent("pmetro-" + $0) }
    static func city(_ name: String) -> URL { root.appendingPathComponent("pmetro-" + name) }
}

struct ImportedCounts: Equatable, CustomStringConvertible {
    var lines, placedStations, labels, visibleTransfers: Int

    init(_ map: MetroMap) {
        lines = map.lines.count
        placedStations = map.stations.filter(\.isPlaced).count
        labels = map.stations.filter { $0.isPlaced && !$0.isLabelHidden }.count
        visibleTransfers = map.transfers.filter(\.isVisible).count
    }

    init(_ raw: RawPMetroCounts) {
        lines = raw.lines
        placedStations = raw.placedStations
        labels = raw.labels
        visibleTransfers = raw.visibleTransfers
    }

    var description: String { "\(lines) lines, \(placedStations) placed, \(labels) labels, \(visibleTransfers) visible transfers" }
}

@Test func moscowImportsCompletely() throws {
    let result = try PMetroImporter.importCity(directory: SharedMaps.moscow.path)
    let raw = try RawPMetroCounts(directory: SharedMaps.moscow)
    #expect(ImportedCounts(result.map) == ImportedCounts(raw))
    // REFERENCES.md: 21 lines, 452 stations, 426 Cyrillic labels; the raw scan agrees.
    #expect(raw.lines == 21 && raw.placedStations == 452 && raw.labels == 426)
    let cyrillicLabels = result.map.stations.filter { station in
        station.labelBox != nil && station.name.unicodeScalars.contains { (0x0400...0x04FF).contains($0.value) }
    }
    #expect(cyrillicLabels.count == 426)
    #expect(result.encodings == ["Metro.trp": .windows1251, "Metro.map": .windows1251, "Metro.vec": .windows1251])
    #expect(result.map.line(id: "line5")?.hasLoop == true)   // Кольцевая
    #expect(result.map.line(id: "line4")?.hasBranch == true) // Филевская
    #expect(result.map.station(id: "line1/Сокольники")?.position == SchemePoint(x: 1099, y: 708)) // 4th pair of Coordinates=
}

@Test func londonImportsCompletely() throws {
    let result = try PMetroImporter.importCity(directory: SharedMaps.london.path)
    let raw = try RawPMetroCounts(directory: SharedMaps.london)
    #expect(ImportedCounts(result.map) == ImportedCounts(raw))
    #expect(raw.lines == 13)
    #expect(result.encodings == ["Metro.trp": .utf8, "Metro.map": .utf8, "London.vec": .utf8])
    #expect(result.map.line(id: "line3")?.hasLoop == true) // Circle
}

@Test(arguments: SharedMaps.cities)
func everyCityImportsAsItsRawFilesCount(directory: URL) throws {
    let result = try PMetroImporter.importCity(directory: directory.path)
    let raw = try RawPMetroCounts(directory: directory)
    #expect(ImportedCounts(result.map) == ImportedCounts(raw), "\(directory.lastPathComponent)")
    // Every warning is located in a file of the folder.
    for warning in result.warnings {
        #expect(warning.file.hasPrefix(directory.path) && warning.line >= 1, "\(warning)")
    }
}

@Test func berlinReadsTheSBahnFromItsOwnTransportFile() throws {
    let map = try PMetroImporter.importCity(directory: SharedMaps.city("berlin").path).map
    let raw = try RawPMetroCounts(directory: SharedMaps.city("berlin"))
    #expect(raw.lines == 13)
    let ring = try #require(map.lines.first { $0.name == "Ring" })
    #expect(ring.id == "s-bahn-line3")
    #expect(ring.color == RGBColor(hex: "CE635A"))
    #expect(ring.hasLoop)
    #expect(map.lineWidth == 9 && map.stationDiameter == 15)
    // A transfer from S-Bahn.trp joins a U-Bahn station to an S-Bahn one.
    #expect(map.transfers.contains { $0.stationIDs.contains("line2/Alexanderplatz")
        && $0.stationIDs.contains("s-bahn-line1/Alexanderplatz") })
}

@Test func aliasesNameStationsAsTheSchemeShowsThem() throws {
    let tokyo = try PMetroImporter.importCity(directory: SharedMaps.city("tokyo").path).map
    #expect(!tokyo.stations.contains { $0.name.hasPrefix("Tochomae") && $0.name != "Tochomae" })
    #expect(tokyo.stations.contains { $0.id.hasSuffix("/Tochomae1") && $0.name == "Tochomae" })
}

@Test func zeroSizedLabelBoxesHideTheLabel() throws {
    let singapore = try PMetroImporter.importCity(directory: SharedMaps.city("singapore").path).map
    let dhoby = singapore.stations.filter { $0.name == "Dhoby Ghaut" }
    #expect(dhoby.count == 3)
    #expect(dhoby.filter { !$0.isLabelHidden }.count == 1)
    #expect(singapore.stations.filter { $0.isPlaced && $0.isLabelHidden }.count == 28)
}

@Test func newYorkExtraSchemesBecomeInsetsBesideTheMainScheme() throws {
    let result = try PMetroImporter.importCity(directory: SharedMaps.city("new-york").path)
    let map = result.map
    #expect(result.report.insets == 2)
    #expect(map.lineWidth == 5 && map.stationDiameter == 10)
    let mainRight = map.stations.filter { $0.id.hasPrefix("line1/") }.compactMap(\.position?.x).max() ?? 0
    let staten = map.stations.filter { $0.id.hasPrefix("line27/") }.compactMap(\.position)
    #expect(staten.count == 23)
    #expect(staten.allSatisfy { $0.x > mainRight })
    // A transfer between the inset and the main scheme is routed, not drawn across the map.
    for transfer in map.transfers where transfer.stationIDs.contains(where: { $0.hasPrefix("line24/") })
        && transfer.stationIDs.contains(where: { !$0.hasPrefix("line2") }) {
        #expect(!transfer.isVisible)
    }
}

@Test func kolomnaImportsWithLocatedWarningsForItsSelfTransfers() throws {
    let result = try PMetroImporter.importCity(directory: SharedMaps.city("kolomna").path)
    let selfTransfers = result.warnings.filter { $0.message.contains("to itself") }
    #expect(selfTransfers.count >= 6)
    #expect(selfTransfers.allSatisfy { $0.file.hasSuffix("Metro.trp") && $0.line > 1 })
    #expect(result.map.transfers.allSatisfy { Set($0.stationIDs).count == $0.stationIDs.count })
}

@Test(arguments: SharedMaps.cities)
func realImportSurvivesWriteAndLoad(directory: URL) throws {
    let map = try PMetroImporter.importCity(directory: directory.path).map
    #expect(MapFormatCheck.problems(in: map).isEmpty)
    let reloaded = try MapFileLoader.parse(text: MapFileWriter.text(for: map), fileName: "roundtrip.toml")
    #expect(reloaded == map)
}

@Test func moscowRoutesAcrossTheRing() throws {
    let map = try PMetroImporter.importCity(directory: SharedMaps.moscow.path).map
    let graph = StationGraph(map: map)
    let route = try #require(graph.quickestRoute(from: "line1/Сокольники", to: "line2/Павелецкая"))
    #expect(route.stationIDs.first == "line1/Сокольники" && route.stationIDs.last == "line2/Павелецкая")
    #expect(route.walkCount >= 1)
    #expect(route.totalSeconds > 0 && route.totalSeconds < 3600)
}

@Test func theFormatCheckRefusesWhatTheLoaderRefuses() throws {
    var map = try PMetroImporter.importCity(directory: SharedMaps.city("kolomna").path).map
    // Kolomna's self-transfers, had the importer kept them: the check and the loader both refuse the map.
    map.transfers.append(Transfer(stationIDs: [map.stations[0].id, map.stations[0].id]))
    #expect(MapFormatCheck.problems(in: map) == ["transfer \(map.transfers.count): needs two different stations"])
    #expect(throws: MapFileError.self) { try MapFileLoader.parse(text: MapFileWriter.text(for: map), fileName: "k.toml") }
    map.transfers.removeLast()
    map.stations[1].labelBox = nil
    map.stations[1].isLabelHidden = true
    map.stations[1].labelAnchor = .left
    #expect(MapFormatCheck.problems(in: map).count == 1)
    #expect(throws: MapFileError.self) { try MapFileLoader.parse(text: MapFileWriter.text(for: map), fileName: "k.toml") }
}
