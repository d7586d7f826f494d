import MetroMap
import Testing
@testable import Overlay

/// The journey card over times no map file can give (the loader bounds them, issue 38), as a map built in memory can:
/// the total and the walk saturate instead of trapping the kiosk on the tap that opens the card.
struct HostileJourneyCardTests {
    static func map(ride: Double, walk: Double) -> MetroMap {
        MetroMap(name: "x", bounds: SchemeRect(x: 0, y: 0, width: 10, height: 10),
                 stations: ["a", "b", "c"].map { Station(id: $0, name: $0.uppercased(), position: SchemePoint(x: 1, y: 1)) },
                 lines: [MetroLine(id: "l", name: "L", color: RGBColor(red: 1, green: 0, blue: 0), segments: [["a", "b"]],
                                   links: [LineLink(from: "a", to: "b", travelSeconds: ride)]),
                         MetroLine(id: "m", name: "M", color: RGBColor(red: 0, green: 1, blue: 0), segments: [["b", "c"]])],
                 transfers: [Transfer(stationIDs: ["b", "c"], walkSeconds: walk)])
    }

    @Test(arguments: [5.6e20, 1e300, Double.greatestFiniteMagnitude])
    func aHugeRideAndWalkOpenTheCard(seconds: Double) throws {
        let map = Self.map(ride: seconds, walk: seconds)
        let content = try #require(JourneyCardContent(map: map, destination: "c", origin: "a",
                                                      graph: StationGraph(map: map), language: nil))
        #expect(!content.summary.isEmpty)
        #expect(content.routeStationIDs.first == "a" && content.routeStationIDs.last == "c")
    }
}
