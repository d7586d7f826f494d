import Testing
@testable import MetroMap

@Test func quickestRoutePrefersAFasterTransferToAShorterRide() throws {
    // a–b–c on red, each hop 100 s; d–c on blue 50 s; a–d walk 60 s. a→c: ride 200 s vs walk+ride 110 s.
    let stations = ["a", "b", "c", "d"].map { Station(id: $0, name: $0, position: SchemePoint(x: 1, y: 1)) }
    let red = MetroLine(id: "red", name: "Red", color: RGBColor(red: 255, green: 0, blue: 0),
                        segments: [["a", "b", "c"]],
                        links: [LineLink(from: "a", to: "b", travelSeconds: 100),
                                LineLink(from: "c", to: "b", travelSeconds: 100)])
    let blue = MetroLine(id: "blue", name: "Blue", color: RGBColor(red: 0, green: 0, blue: 255),
                         segments: [["d", "c"]], links: [LineLink(from: "d", to: "c", travelSeconds: 50)])
    let map = MetroMap(name: "t", bounds: SchemeRect(x: 0, y: 0, width: 2, height: 2), stations: stations,
                       lines: [red, blue], transfers: [Transfer(stationIDs: ["a", "d"], walkSeconds: 60)])
    let graph = StationGraph(map: map)
    let route = try #require(graph.quickestRoute(from: "a", to: "c"))
    #expect(route.totalSeconds == 110)
    #expect(route.stationIDs == ["a", "d", "c"])
    #expect(route.walkCount == 1)
    // Without the transfer the only way is the ride.
    let slow = StationGraph(map: MetroMap(name: "t", bounds: map.bounds, stations: stations, lines: [red, blue]))
    #expect(slow.quickestRoute(from: "a", to: "c")?.totalSeconds == 200)
    #expect(slow.quickestRoute(from: "a", to: "d")?.stationIDs == ["a", "b", "c", "d"])
}

@Test func unknownTimesUseTheDefaults() throws {
    let stations = ["a", "b", "c"].map { Station(id: $0, name: $0, position: nil) }
    let line = MetroLine(id: "l", name: "L", color: RGBColor(red: 0, green: 0, blue: 0), segments: [["a", "b"]])
    let map = MetroMap(name: "t", bounds: SchemeRect(x: 0, y: 0, width: 1, height: 1), stations: stations,
                       lines: [line], transfers: [Transfer(stationIDs: ["b", "c"])])
    let graph = StationGraph(map: map, defaultRideSeconds: 90, defaultWalkSeconds: 200)
    #expect(graph.quickestRoute(from: "a", to: "c")?.totalSeconds == 290)
    #expect(graph.quickestRoute(from: "a", to: "nowhere") == nil)
}

@Test func ringAndBranchAreRecognised() {
    let color = RGBColor(red: 0, green: 0, blue: 0)
    let ring = MetroLine(id: "r", name: "R", color: color, segments: [["a", "b", "c", "a"]])
    let ringInTwoRuns = MetroLine(id: "r", name: "R", color: color, segments: [["a", "b", "c"], ["c", "d", "a"]])
    let branched = MetroLine(id: "b", name: "B", color: color, segments: [["a", "b", "c"], ["b", "d"]])
    let straight = MetroLine(id: "s", name: "S", color: color, segments: [["a", "b", "c"]])
    #expect(ring.hasLoop && !ring.hasBranch)
    #expect(ringInTwoRuns.hasLoop)
    #expect(branched.hasBranch && !branched.hasLoop)
    #expect(!straight.hasLoop && !straight.hasBranch)
}
