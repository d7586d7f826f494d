import Testing
@testable import MetroMap

/// Routing cost inside the documented bounds (issue 38): a `[[transfer]]` of N stations made N² walk edges (3,000:
/// 1.37 GB; 10,000 aborted), and a long line looked each hop's link up by scanning. Counted in relaxed edges, not
/// seconds: the work must grow at most linearly.
struct RoutingScaleTests {
    static func station(_ id: String) -> Station { Station(id: id, name: id, position: SchemePoint(x: 1, y: 1)) }

    /// N stations on N one-hop lines, all in one transfer group.
    static func transferGroup(_ count: Int) -> MetroMap {
        let ids = (0..<count).map { "s\($0)" }
        return MetroMap(name: "hub", bounds: SchemeRect(x: 0, y: 0, width: 10, height: 10),
                        stations: ids.map(station) + ids.map { station($0 + "x") },
                        lines: ids.map { MetroLine(id: "l" + $0, name: $0, color: RGBColor(red: 0, green: 0, blue: 0),
                                                   segments: [[$0, $0 + "x"]]) },
                        transfers: [Transfer(stationIDs: ids, walkSeconds: 60)])
    }

    @Test(arguments: [1_000, 10_000])
    func aTransferGroupCostsLinearWork(count: Int) throws {
        let graph = StationGraph(map: Self.transferGroup(count))
        let (route, relaxations) = graph.search(from: "s0x", to: "s\(count - 1)x")
        let found = try #require(route)
        #expect(found.stationIDs == ["s0x", "s0", "s\(count - 1)", "s\(count - 1)x"])
        #expect(found.totalSeconds == 120 + 60 + 120)
        // Each ride edge twice at most, each group member once: about 4 × count, never count².
        #expect(relaxations <= 5 * count, "\(relaxations) relaxations for \(count) stations")
        #expect(graph.edgesByStation.values.reduce(0) { $0 + $1.count } == 2 * count, "no walk edges stored pairwise")
        #expect(graph.edges(from: "s1").count == count, "one ride and count − 1 walks listed for the card")
    }

    @Test func aFiftyThousandStationLineRoutesInLinearWork() throws {
        let ids = (0..<50_000).map { "s\($0)" }
        let links = zip(ids, ids.dropFirst()).map { LineLink(from: $0, to: $1, travelSeconds: 90) }
        let map = MetroMap(name: "long", bounds: SchemeRect(x: 0, y: 0, width: 10, height: 10), stations: ids.map(Self.station),
                           lines: [MetroLine(id: "l", name: "L", color: RGBColor(red: 0, green: 0, blue: 0), segments: [ids],
                                             links: links)])
        let graph = StationGraph(map: map)
        let (route, relaxations) = graph.search(from: "s0", to: "s49999")
        #expect(try #require(route).totalSeconds == 90 * 49_999)
        #expect(relaxations <= 2 * 50_000)
    }

    /// The same answers as pairwise walks on a small network: the group is exact, not an approximation.
    @Test func groupsRouteAsPairwiseWalksDid() throws {
        let map = Self.transferGroup(5)
        let graph = StationGraph(map: map)
        for from in 0..<5 {
            for to in 0..<5 where to != from {
                let route = try #require(graph.quickestRoute(from: "s\(from)x", to: "s\(to)x"))
                #expect(route.totalSeconds == 300 && route.walkCount == 1)
            }
        }
    }
}
