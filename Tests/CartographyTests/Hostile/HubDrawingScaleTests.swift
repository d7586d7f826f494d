import MetroMap
import Raster
import Testing
@testable import Cartography

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

    /// The group's lines are taken once per distinct point: 10,000 platforms at one point with 10,000 lines there
    /// cost 10,000 insertions, where one pass per platform cost 10^8 (minutes of a snapshot; issue 38).
    @Test func aHubsLinesAreCountedOncePerPoint() {
        let point = SchemePoint(x: 50.5, y: 50.5), beside = SchemePoint(x: 60, y: 50.5)
        let linesAtPoint = [point: Set(0..<Self.count), beside: [Self.count]]
        let served = MapDrawing.linesServed(at: Array(repeating: point, count: Self.count) + [beside, beside],
                                            linesAtPoint: linesAtPoint)
        #expect(served.lines.count == Self.count + 1)
        #expect(served.insertions == Self.count + 1)
    }

    /// A label near the hub tests one mark there, not one per platform: the platforms sharing a point are filed as one
    /// station mark and their bars (of no length) not at all, so the obstacles hold the spokes' lines and marks and
    /// one more mark (and the bars between two points), where they held 10,000 marks and 9,999 bars at the hub as well.
    @Test func aHubsPlatformsAreOneObstacle() {
        let drawing = MapDrawing(map: Self.hub())
        let obstacles = LineObstacles(drawing: drawing, style: MapStyle())
        let hub = SchemePoint(x: 50.5, y: 50.5)
        #expect(obstacles.strokes.count { $0.kind == .station && $0.a == hub && $0.b == hub } == 1)
        // Bars between two points (the markers across spokes drawn side by side) stay.
        let bars = drawing.interchanges.reduce(0) { $0 + $1.pairs.count { $0.0 != $0.1 } }
        #expect(obstacles.strokes.count { $0.kind == .station } == Self.count + 1 + bars)
        #expect(obstacles.strokes.count { $0.kind == .line } == Self.count)
        // Still an obstacle where it is drawn.
        let scale = 8.0, at = Float(50.5 * scale)
        #expect(obstacles.hits(Rect(minX: at - 2, minY: at - 2, maxX: at + 2, maxY: at + 2), scale: scale,
                               origin: SchemePoint(x: 0, y: 0), clearance: 1, kinds: [.station]))
    }
}
