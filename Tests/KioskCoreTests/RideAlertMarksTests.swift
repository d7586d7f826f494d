import Foundation
@testable import LiveTimetable
import MetroMap
import Network
import Overlay
import Realtime
import Testing
import TestSupport
@testable import KioskCore

/// The card's every-stop list marks only what reaches the traveller: an alert on a route at a stop (or on a whole
/// route) marks the ride's step through that stop when the ride is on that route, not when another line calls
/// there; an alert on the stop alone marks it whatever the line. BART 2019, Powell St → Embarcadero through
/// Montgomery St, which four routes serve.
struct RideAlertMarksTests {
    @Test func aRoutesAlertMarksTheStepOnlyWhenThatRouteIsRidden() throws {
        let (map, timetable, station) = try TimetableCardTests.bart()
        let at = try #require(timetable.instant(local: "2019-08-07 10:45"))
        let now = at.timeIntervalSince1970
        let powell = try #require(station["POWL"]), embarcadero = try #require(station["EMBR"])
        let montgomeryID = try #require(station["MONT"])
        let montgomery = try #require(map.station(id: montgomeryID)).name
        // The route the card's journey rides, found as the card finds it.
        let (day, seconds) = timetable.moment(at)
        let from = try #require(timetable.stops(for: powell)), to = try #require(timetable.stops(for: embarcadero))
        let journey = try #require(Raptor(day: day).earliestArrival(Raptor.Query(from: from, to: to, departure: seconds)))
        let table = timetable.timetable
        let ride = try #require(journey.rides.first)
        let ridden = table.routes[Int(table.patterns[Int(table.trips[Int(ride.trip)].pattern)].route)].id
        let montgomeryStops = Set((timetable.stops(for: montgomeryID) ?? []).map { table.stops[Int($0)].id })
        let others = timetable.stationLinks.stopsByRoute.filter { $0.key != ridden && !$0.value.isDisjoint(with: montgomeryStops) }.keys.sorted()
        let other = try #require(others.first, "another route through Montgomery St")

        let card = TimedJourneyCard(map: map, graph: StationGraph(map: map), timetable: timetable)
        func marks(_ entities: [(route: String?, stop: String?, trip: String?)], effect: UInt64 = AlertReachTests.significantDelays) throws -> [String: Bool] {
            let bytes = AlertReachTests.alertFeed(timestamp: UInt64(now), effect: effect, entities: entities, header: "Delays")
            let (live, _) = try AlertReachTests.live(bytes, timetable: timetable, now: now)
            let content = try #require(card.content(destination: embarcadero, origin: powell, language: nil, at: at, stepFree: false, live: live))
            return try #require(content.steps.first { $0.kind == .ride }).alertedStops
        }
        // Route at the stop: the ridden route marks Montgomery St (ringed, not crossed out); another route does not.
        #expect(try marks([(route: ridden, stop: "MONT", trip: nil)]) == [montgomery: false])
        #expect(try marks([(route: other, stop: "MONT", trip: nil)]).isEmpty, "route \(other) is not ridden")
        // A whole route: every stop of a ride on it; nothing on a ride on another.
        #expect(try marks([(route: ridden, stop: nil, trip: nil)]).count == 3)
        #expect(try marks([(route: other, stop: nil, trip: nil)]).isEmpty)
        // The stop alone: whatever the route.
        #expect(try marks([(route: nil, stop: "MONT", trip: nil)]) == [montgomery: false])
        #expect(try marks([(route: nil, stop: "MONT", trip: nil)], effect: AlertReachTests.noService) == [montgomery: true])
        // A trip: only that train.
        let trip = table.trips[Int(ride.trip)].id
        #expect(try marks([(route: nil, stop: "MONT", trip: trip)]) == [montgomery: false])
        #expect(try marks([(route: nil, stop: "MONT", trip: trip + "-not-this-train")]).isEmpty)
    }

    /// An entity's `direction_id` narrows a route's alert to its trains one way, and a `route_type` names a mode:
    /// alone every ride of that mode, with a stop that mode there. The feed is BART's own (every route type 1,
    /// metro; directions 0 and 1 in trips.txt); the alert entities are made up, as no capture names them.
    @Test func aDirectionOrAModeMarksOnlyRidesThatWayOrOfThatMode() throws {
        let (map, timetable, station) = try TimetableCardTests.bart()
        let at = try #require(timetable.instant(local: "2019-08-07 10:45"))
        let now = at.timeIntervalSince1970
        let powell = try #require(station["POWL"]), embarcadero = try #require(station["EMBR"])
        let montgomeryID = try #require(station["MONT"])
        let montgomery = try #require(map.station(id: montgomeryID)).name
        let (day, seconds) = timetable.moment(at)
        let from = try #require(timetable.stops(for: powell)), to = try #require(timetable.stops(for: embarcadero))
        let journey = try #require(Raptor(day: day).earliestArrival(Raptor.Query(from: from, to: to, departure: seconds)))
        let table = timetable.timetable
        let ride = try #require(journey.rides.first)
        let trip = table.trips[Int(ride.trip)]
        let route = table.routes[Int(table.patterns[Int(trip.pattern)].route)]
        try #require(trip.direction <= 1, "BART gives every trip a direction")
        let way = Int(trip.direction), otherWay = 1 - Int(trip.direction)
        #expect(route.type == 1)

        let card = TimedJourneyCard(map: map, graph: StationGraph(map: map), timetable: timetable)
        func marks(_ selectors: [AlertReachTests.Selector]) throws -> [String: Bool] {
            let bytes = AlertReachTests.alertFeed(timestamp: UInt64(now), effect: AlertReachTests.significantDelays,
                                                  selectors: selectors, header: "Delays")
            let (live, _) = try AlertReachTests.live(bytes, timetable: timetable, now: now)
            let content = try #require(card.content(destination: embarcadero, origin: powell, language: nil, at: at, stepFree: false, live: live))
            return try #require(content.steps.first { $0.kind == .ride }).alertedStops
        }
        // The ridden route in the ridden direction: every stop of the ride; the other direction: none.
        #expect(try marks([.init(route: route.id, direction: way)]).count == 3)
        #expect(try marks([.init(route: route.id, direction: otherWay)]).isEmpty)
        #expect(try marks([.init(route: route.id, direction: way, stop: "MONT")]) == [montgomery: false])
        #expect(try marks([.init(route: route.id, direction: otherWay, stop: "MONT")]).isEmpty)
        // Metro (route_type 1) alone: the whole ride; buses (3): nothing; with a stop, that mode there.
        #expect(try marks([.init(routeType: 1)]).count == 3)
        #expect(try marks([.init(routeType: 3)]).isEmpty)
        #expect(try marks([.init(routeType: 1, stop: "MONT")]) == [montgomery: false])
        #expect(try marks([.init(routeType: 3, stop: "MONT")]).isEmpty)
        // A mode-wide alert marks the steps, so the card also says why: its words are among the notices.
        func notices(_ selectors: [AlertReachTests.Selector]) throws -> [String] {
            let bytes = AlertReachTests.alertFeed(timestamp: UInt64(now), effect: AlertReachTests.significantDelays,
                                                  selectors: selectors, header: "Metro delays")
            let (live, _) = try AlertReachTests.live(bytes, timetable: timetable, now: now)
            return try #require(card.content(destination: embarcadero, origin: powell, language: nil, at: at, stepFree: false, live: live)).notices
        }
        #expect(try notices([.init(routeType: 1)]) == ["Metro delays"])
        #expect(try notices([.init(routeType: 3)]).isEmpty)
    }
}
