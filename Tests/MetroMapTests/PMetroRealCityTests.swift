import Foundation
import Testing
import TestSupport
@testable import MetroMap

/// The real schemes in ../shared/data/maps (GPL data, read in place, never copied).
enum SharedMaps {
    static let root = RepositoryPaths.sharedData("maps")
    static let moscow = root.appendingPathComponent("pmetro-moscow")
    static let london = root.appendingPathComponent("pmetro-london")
}

struct ImportedCounts: Equatable, CustomStringConvertible {
    var lines, placedStations, labels, visibleTransfers: Int

    init(_ map: MetroMap) {
        lines = map.lines.count
        placedStations = map.stations.filter(\.isPlaced).count
        labels = map.stations.filter { $0.labelBox != nil }.count
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
    #expect(result.encodings == ["Metro.trp": .windows1251, "Metro.map": .windows1251])
    #expect(result.map.line(id: "line5")?.hasLoop == true)   // Кольцевая
    #expect(result.map.line(id: "line4")?.hasBranch == true) // Филевская
    #expect(result.map.station(id: "line1/Сокольники")?.position == SchemePoint(x: 1099, y: 708)) // 4th pair of Coordinates=
}

@Test func londonImportsCompletely() throws {
    let result = try PMetroImporter.importCity(directory: SharedMaps.london.path)
    let raw = try RawPMetroCounts(directory: SharedMaps.london)
    #expect(ImportedCounts(result.map) == ImportedCounts(raw))
    #expect(raw.lines == 13)
    #expect(result.encodings == ["Metro.trp": .utf8, "Metro.map": .utf8])
    #expect(result.map.line(id: "line3")?.hasLoop == true) // Circle
}

@Test(arguments: [SharedMaps.moscow, SharedMaps.london])
func realImportSurvivesWriteAndLoad(directory: URL) throws {
    let map = try PMetroImporter.importCity(directory: directory.path).map
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
