import Foundation
@testable import LiveTimetable
import MetroMap
import Network
import Overlay
import Physics
import Raster
import Realtime
import Testing
import TestSupport
@testable import KioskCore

/// One GTFS station the scheme draws once per line: pMetro's San Francisco draws BART's Civic Center/UN Plaza
/// (CIVC) as a station on each line through it, and links.toml links every one of them to the same stop. What the
/// timetable and the live service say of CIVC must reach every circle a traveller may tap, not the first by id.
struct StopDrawnOncePerLineTests {
    @Test func civicCentersDeparturesAlertAndAccessReachEveryStationDrawnForIt() throws {
        let (map, timetable, _) = try TimetableCardTests.bart()
        let civic = try #require(timetable.timetable.stopIndex(id: "CIVC"))
        let drawn = timetable.schemeStations(of: civic)
        #expect(drawn.count >= 2, "\(drawn)")
        #expect(drawn.allSatisfy { map.station(id: $0)?.name == "Civic Center" }, "\(drawn)")

        // Departures: the same list at each.
        let at = try #require(timetable.instant(local: "2019-08-07 10:45"))
        let (day, now) = timetable.moment(at)
        let card = TimedJourneyCard(map: map, graph: StationGraph(map: map), timetable: timetable)
        let wording = JourneyWording(language: nil), times = TimetableWording(language: "en")
        let lists = drawn.map { card.departures(at: $0, day: day, now: now, wording: wording, times: times) }
        #expect(lists.allSatisfy { !$0.isEmpty })
        #expect(Set(lists.map { $0.map(\.title) + $0.map(\.times) }).count == 1, "one list at every Civic Center")

        // An alert on the stop: every Civic Center ringed on the map, closed.
        let bytes = AlertReachTests.alertFeed(timestamp: UInt64(at.timeIntervalSince1970), effect: AlertReachTests.noService,
                                              entities: [(route: nil, stop: "CIVC", trip: nil)], header: "Civic Center closed")
        let (live, snapshot) = try AlertReachTests.live(bytes, timetable: timetable, now: at.timeIntervalSince1970)
        for id in drawn { #expect(live.alertedStations[id]?.closesStops == true, "\(id)") }
        let kiosk = KioskLive(map: map, timetable: timetable, fonts: nil, screen: IntRect(x: 0, y: 0, width: 800, height: 480))
        kiosk.source = { snapshot }
        kiosk.refresh(at: 0, wall: at, language: nil)
        let marked = Set(kiosk.stations.marks.filter(\.isClosed).map(\.stationID))
        #expect(Set(drawn).isSubset(of: marked), "\(marked)")

        // Step-free: BART says 1 for CIVC; every Civic Center's callout says so.
        for id in drawn {
            #expect(timetable.stepFreeAccess(of: id) == .stepFree, "\(id)")
            #expect(timetable.stationInfo(map: map, stationID: id, language: nil)?.access?.kind == .stepFree, "\(id)")
        }
    }
}
