import MetroMap
import Testing
@testable import KioskCore

/// `snapshot` of a map whose one `[[transfer]]` lists 10,000 stations at one point did not finish in 120 s (issue 38's
/// hostile pass): grouping the interchange walked an uncompressed union-find chain from every station, and ranking
/// the labels copied the group's 10,000 platforms and their lines once per label. Both are now linear in the map;
/// the time limit turns a return of the quadratic cost (minutes to hours) into a failure instead of a stalled suite.
/// It is a hang guard, not a speed bound: a CI run on a loaded 2-core machine took 13 minutes of wall time for this
/// linear case (60 s failed it), so the limit is far above that and far below the quadratic cost.
struct HubDrawingScaleTests {
    static let count = 10_000

    /// `count` platforms at one point, all in one transfer, each on its own one-hop line out to a spoke station of its
    /// own point.
    static func hub() -> MetroMap {
        let ids = (0..<count).map { "s\($0)" }
        let hub = ids.map { Station(id: $0, name: $0, position: SchemePoint(x: 50.5, y: 50.5)) }
        let spokes = ids.enumerated().map { index, id in
            Station(id: id + "x", name: id + "x",
                    position: SchemePoint(x: Double(index % 100), y: Double(index / 100)))
        }
        return MetroMap(name: "hub", bounds: SchemeRect(x: 0, y: 0, width: 100, height: 100),
                        stations: hub + spokes,
                        lines: ids.map { MetroLine(id: "l" + $0, name: $0, color: RGBColor(red: 0, green: 0, blue: 0),
                                                   segments: [[$0, $0 + "x"]]) },
                        transfers: [Transfer(stationIDs: ids, walkSeconds: 60)])
    }

    @Test(.timeLimit(.minutes(20)))
    func aTenThousandPlatformHubIsDrawnInLinearWork() throws {
        let drawing = MapDrawing(map: Self.hub(), youAreHere: "s0")
        let hub = try #require(drawing.interchanges.first { $0.stations.count == Self.count })
        #expect(hub.stations.allSatisfy { $0 == SchemePoint(x: 50.5, y: 50.5) })
        // Every platform of the hub serves the hub's lines; a spoke serves its one line.
        let first = try #require(drawing.labels.first)
        #expect(first.text == "s0", "you are here is named first")
        #expect(first.linesServed == Self.count)
        let spoke = try #require(drawing.labels.first { $0.text == "s5x" })
        #expect(spoke.linesServed == 1)
    }
}
