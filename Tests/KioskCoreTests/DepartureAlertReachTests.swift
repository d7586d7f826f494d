import Foundation
@testable import LiveTimetable
import MetroMap
import Network
import Overlay
import Realtime
import Testing
import TestSupport
@testable import KioskCore

/// The station card's departure list reads an alert's direction and mode as the journey card does: a route's
/// alert with a `direction_id` marks that route's trains that way and not the other, a `route_type` alone marks
/// every train of that mode. BART 2019 at Powell St (every route type 1, metro; directions 0 and 1 in trips.txt;
/// bart.gov developer terms, via interline-io/transitland-lib); the alert entities are made up, as no capture
/// names a direction or a mode.
struct DepartureAlertReachTests {
    @Test func aDirectionOrAModeMarksOnlyTrainsThatWayOrOfThatMode() throws {
        let (map, timetable, station) = try TimetableCardTests.bart()
        let at = try #require(timetable.instant(local: "2019-08-07 14:00"))
        let now = at.timeIntervalSince1970
        let powell = try #require(station["POWL"])
        let (day, seconds) = timetable.moment(at)
        let table = timetable.timetable
        let platform = try #require(timetable.stops(for: powell)?.first)
        let board = DepartureBoard(day: day, station: table.station(of: platform), now: seconds, limit: 3)
        let wording = JourneyWording(language: nil), times = TimetableWording(language: "en")
        // Each row's direction and route by its title, as the card words it.
        let rows = Dictionary(board.rows.map { (row: DepartureBoard.Row) in
            (row.lineName + " · " + wording.towards(row.headsign), row)
        }, uniquingKeysWith: { first, _ in first })
        let first = try #require(board.rows.first { !$0.departures.isEmpty })
        let route = table.routes[Int(first.route)]
        #expect(route.type == 1)
        let way = first.direction
        try #require(board.rows.contains { $0.route == first.route && $0.direction != way && !$0.departures.isEmpty },
                     "route \(route.id) leaves Powell St both ways")

        let card = TimedJourneyCard(map: map, graph: StationGraph(map: map), timetable: timetable)
        /// Per listed row: its route and direction, and whether each of its trains is marked.
        func listed(_ selector: AlertReachTests.Selector) throws -> [(row: DepartureBoard.Row, marked: [Bool])] {
            let bytes = AlertReachTests.alertFeed(timestamp: UInt64(now), effect: AlertReachTests.significantDelays,
                                                  selectors: [selector], header: "Delays")
            let live = try AlertReachTests.live(bytes, timetable: timetable, now: now).0
            return try card.departures(at: powell, day: day, now: seconds, wording: wording, times: times, live: live)
                .map { shown in
                    let row = try #require(rows[shown.title], "\(shown.title) is a row of the board")
                    return (row, shown.times.components(separatedBy: " · ").map { $0.contains(TimedJourneyCard.tripAlertMark) })
                }
        }
        // The route one way: its trains that way all marked; that way back and every other route's, none.
        let oneWay = try listed(.init(route: route.id, direction: Int(way)))
        #expect(oneWay.count == board.rows.count)
        for (row, marked) in oneWay {
            let reached = row.route == first.route && row.direction == way
            #expect(row.departures.isEmpty || marked.allSatisfy { $0 == reached }, "\(row.lineName) → \(row.headsign), direction \(row.direction): \(marked)")
        }
        #expect(oneWay.contains { $0.row.route == first.route && $0.row.direction != way && !$0.marked.isEmpty })
        // Metro alone: every train listed; buses (3): none.
        let metro = try listed(.init(routeType: 1))
        #expect(metro.filter { !$0.row.departures.isEmpty }.count > 4)
        #expect(metro.allSatisfy { $0.row.departures.isEmpty || $0.marked.allSatisfy { $0 } }, "\(metro.map(\.marked))")
        #expect(try listed(.init(routeType: 3)).allSatisfy { $0.marked.allSatisfy { !$0 } })
    }
}
