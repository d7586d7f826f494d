import ArgumentParser
import Foundation
import JSONText
import MetroMap
import Network

/// `route --timetable FILE --links LINKS.toml --at "YYYY-MM-DD HH:MM"`: the journey from the real timetable, with
/// ISO 8601 times (the feed's local time and its UTC offset) for the journey and each ride.
struct TimetableRoute {
    let map: MetroMap
    let timetable: Timetable
    let links: [String: String]

    static func load(map: MetroMap, timetablePath: String, linksPath: String) throws(RouteFailure) -> TimetableRoute {
        let timetable: Timetable
        do {
            timetable = try TimetableSource.load(path: timetablePath)
        } catch {
            throw RouteFailure(message: error.description)
        }
        let contents = LinksFile.read(path: linksPath)
        let problems = contents.problems + LinksFile.problems(in: contents.entries, file: linksPath, map: map, timetable: timetable)
        guard problems.isEmpty else { throw RouteFailure(message: problems.map(\.description).joined(separator: "\n")) }
        return TimetableRoute(map: map, timetable: timetable,
                              links: Dictionary(contents.entries.map { ($0.station, $0.stop) }, uniquingKeysWith: { a, _ in a }))
    }

    /// "2019-08-07 14:03" → the service date and the time on its clock.
    static func parseMoment(_ text: String) -> (ServiceDate, hour: Int, minute: Int)? {
        let parts = text.split(separator: " ")
        guard parts.count == 2, let date = ServiceDate(parts[0]), parts[0].count == 10 else { return nil }
        let clock = parts[1].split(separator: ":")
        guard clock.count == 2, let hour = Int(clock[0]), let minute = Int(clock[1]), (0...23).contains(hour),
              (0...59).contains(minute) else { return nil }
        return (date, hour, minute)
    }

    /// The timetable stops a scheme station boards at: every platform of the station its link names.
    func stops(for station: String) throws(RouteFailure) -> [Int32] {
        guard let stopID = links[station] else {
            throw RouteFailure(message: "station \"\(station)\" has no link to the timetable; without --timetable the scheme's estimate is used")
        }
        guard let stop = timetable.stopIndex(id: stopID) else {
            throw RouteFailure(message: "stop \"\(stopID)\" (linked from \"\(station)\") is not in the timetable")
        }
        let parent = timetable.station(of: stop)
        return timetable.boardingStops(of: parent)
    }

    func json(from: String, to: String, at moment: String, stepFree: Bool) throws(RouteFailure) -> String {
        guard let (date, hour, minute) = Self.parseMoment(moment) else {
            throw RouteFailure(message: "--at \"\(moment)\" is not \"YYYY-MM-DD HH:MM\" (the feed's local time)")
        }
        let day = ServiceDay(timetable: timetable, date: date)
        let departure = day.seconds(hour: hour, minute: minute)
        let query = Raptor.Query(from: try stops(for: from), to: try stops(for: to), departure: departure, stepFree: stepFree)
        guard let journey = Raptor(day: day).earliestArrival(query) else {
            throw RouteFailure(message: "no journey from \"\(from)\" to \"\(to)\" leaving \(moment) in the timetable")
        }
        var legs: [JSONValue] = []
        for leg in journey.legs {
            switch leg {
            case .ride(let ride):
                let trip = timetable.trips[Int(ride.trip)]
                let route = timetable.routes[Int(timetable.patterns[Int(trip.pattern)].route)]
                legs.append(.object([
                    ("step", .string("ride")), ("route", .string(route.id)), ("line_name", .string(route.displayName)),
                    ("headsign", .string(trip.headsign)), ("trip", .string(trip.id)),
                    ("from_stop", .string(timetable.stops[Int(ride.fromStop)].id)),
                    ("from_stop_name", .string(timetable.stops[Int(ride.fromStop)].name)),
                    ("to_stop", .string(timetable.stops[Int(ride.toStop)].id)),
                    ("to_stop_name", .string(timetable.stops[Int(ride.toStop)].name)),
                    ("stops", .integer(Int64(ride.alightPosition - ride.boardPosition))),
                    ("depart_at", .string(day.iso8601(ride.departure))), ("arrive_at", .string(day.iso8601(ride.arrival))),
                ]))
            case .walk(let walk):
                legs.append(.object([
                    ("step", .string("walk")), ("from_stop", .string(timetable.stops[Int(walk.fromStop)].id)),
                    ("to_stop", .string(timetable.stops[Int(walk.toStop)].id)),
                    ("walk_minutes", .number(Double((walk.arrival - walk.departure) / 6) / 10)),
                    ("depart_at", .string(day.iso8601(walk.departure))), ("arrive_at", .string(day.iso8601(walk.arrival))),
                ]))
            }
        }
        let firstRide = journey.rides.first?.departure ?? journey.departure
        let object = JSONValue.object([
            ("from", .string(from)), ("to", .string(to)), ("service_date", .string(date.description)),
            ("step_free", .bool(stepFree)), ("depart_at", .string(day.iso8601(firstRide))),
            ("arrive_at", .string(day.iso8601(journey.arrival))), ("asked_at", .string(day.iso8601(departure))),
            ("transfers", .integer(Int64(journey.transfers))),
            ("total_minutes", .number(Double((journey.arrival - departure) / 6) / 10)), ("estimated", .bool(false)),
            ("legs", .array(legs)),
        ])
        // Keys sorted, as scripts reading the route JSON (and `route` without --at) have them.
        return JSONWriter([.sortedKeys]).text(object)
    }
}

struct RouteFailure: Error {
    var message: String
}
