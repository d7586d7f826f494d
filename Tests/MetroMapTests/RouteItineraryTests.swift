import Testing
@testable import MetroMap

/// Red a–b–c–d (60 s a hop, c–d untimed); blue e–c–f shares c with red (90 s a hop); green g–h, g a walk from f
/// (45 s) and h a walk from a (no time given).
private func network() -> MetroMap {
    let stations = "abcdefgh".map { Station(id: String($0), name: String($0).uppercased(), position: SchemePoint(x: 1, y: 1)) }
    let red = MetroLine(id: "red", name: "Red", color: RGBColor(red: 255, green: 0, blue: 0), segments: [["a", "b", "c", "d"]],
                        links: [LineLink(from: "a", to: "b", travelSeconds: 60), LineLink(from: "b", to: "c", travelSeconds: 60)])
    let blue = MetroLine(id: "blue", name: "Blue", color: RGBColor(red: 0, green: 0, blue: 255), segments: [["e", "c", "f"]],
                         links: [LineLink(from: "e", to: "c", travelSeconds: 90), LineLink(from: "c", to: "f", travelSeconds: 90)])
    let green = MetroLine(id: "green", name: "Green", color: RGBColor(red: 0, green: 255, blue: 0), segments: [["g", "h"]],
                          links: [LineLink(from: "g", to: "h", travelSeconds: 30)])
    return MetroMap(name: "t", bounds: SchemeRect(x: 0, y: 0, width: 2, height: 2), stations: stations,
                    lines: [red, blue, green],
                    transfers: [Transfer(stationIDs: ["f", "g"], walkSeconds: 45), Transfer(stationIDs: ["h", "a"])])
}

@Test func consecutiveHopsOnOneLineAreOneRideAndASharedStationIsAChangeWithoutWalk() throws {
    let map = network()
    let route = try #require(StationGraph(map: map, defaultWalkSeconds: 600).quickestRoute(from: "a", to: "f"))
    let itinerary = RouteItinerary(route: route, map: map)
    #expect(itinerary.steps.count == 3)
    guard case .ride(let first) = itinerary.steps[0], case .change(let change) = itinerary.steps[1],
          case .ride(let second) = itinerary.steps[2] else { Issue.record("ride, change, ride expected"); return }
    #expect(first.lineID == "red" && first.stationIDs == ["a", "b", "c"] && first.stopCount == 2 && first.seconds == 120)
    #expect(first.towardsStationID == "d")
    #expect(change == RouteItinerary.Change(fromLineID: "red", toLineID: "blue", stationIDs: ["c"], walkSeconds: 0,
                                            isEstimated: false))
    #expect(second.lineID == "blue" && second.towardsStationID == "f" && second.stopCount == 1)
    #expect(itinerary.transferCount == 1 && !itinerary.isEstimated && itinerary.totalSeconds == 210)
}

@Test func aTransferWalkIsAChangeAndTheTerminusFollowsTheDirectionOfTravel() throws {
    let map = network()
    let route = try #require(StationGraph(map: map, defaultWalkSeconds: 600).quickestRoute(from: "h", to: "e"))
    let itinerary = RouteItinerary(route: route, map: map)
    // h→g on green, walk g→f 45 s, f→c→e on blue towards e: the segment e–c–f run backwards.
    #expect(itinerary.rides.map(\.lineID) == ["green", "blue"])
    #expect(itinerary.rides.map(\.towardsStationID) == ["g", "e"])
    guard case .change(let change) = itinerary.steps[1] else { Issue.record("change expected"); return }
    #expect(change.fromLineID == "green" && change.toLineID == "blue" && change.stationIDs == ["g", "f"])
    #expect(change.walkSeconds == 45 && !change.isEstimated)
    #expect(itinerary.totalSeconds == 30 + 45 + 180)
}

@Test func missingTimesAreEstimatedAndTheTransferPenaltyStandsIn() throws {
    let map = network()
    // c–d has no running time: the 2-minute default, flagged.
    let ride = try #require(StationGraph(map: map).quickestRoute(from: "b", to: "d"))
    let riding = RouteItinerary(route: ride, map: map)
    #expect(riding.totalSeconds == 60 + 120 && riding.isEstimated && riding.rides.first?.isEstimated == true)
    // a–h has no walking time: the penalty decides whether walking to green beats riding round.
    for penalty in [10.0, 1000.0] {
        let route = try #require(StationGraph(map: map, defaultWalkSeconds: penalty).quickestRoute(from: "a", to: "g"))
        let itinerary = RouteItinerary(route: route, map: map)
        if penalty == 10 {
            #expect(itinerary.totalSeconds == 40 && itinerary.isEstimated && itinerary.transferCount == 0)
            guard case .change(let walk) = itinerary.steps.first else { Issue.record("a walk first"); continue }
            #expect(walk.fromLineID == nil && walk.toLineID == "green" && walk.isEstimated)
        } else {
            #expect(itinerary.totalSeconds == 120 + 90 + 45 && !itinerary.isEstimated && itinerary.transferCount == 1)
        }
    }
}
