import Foundation
import MetroMap
import Network
import Overlay
import Raster

/// The journey card worded from the real timetable (`[network] timetable`): "leave 14:03 · arrive 14:31", each
/// ride's time, line and headsign ("towards Richmond") and the time it arrives, and the tapped station's next
/// departures per line and direction. Where the timetable cannot time the journey (a station not linked, no
/// service left) the scheme's route stays, its minutes marked "≈": a traveller must never read an estimate as a time.
public struct TimedJourneyCard {
    let map: MetroMap
    let graph: StationGraph
    let timetable: KioskTimetable

    public init(map: MetroMap, graph: StationGraph, timetable: KioskTimetable) {
        self.map = map
        self.graph = graph
        self.timetable = timetable
    }
    /// How many departures each line and direction lists.
    static let departuresPerRow = 3

    /// The card for `destination` from `origin` at `instant` (wall clock), worded in `language`; `stepFree`: only
    /// step-free journeys. `live`: the service as it runs (closed stations avoided, delays added, predicted
    /// departures, alerts in full); nil: the timetable alone.
    public func content(destination: String, origin: String, language: String?, at instant: Date, stepFree: Bool,
                 live: LiveService? = nil) -> JourneyCardContent? {
        let (day, now) = timetable.moment(instant)
        let wording = JourneyWording(language: language)
        let times = TimetableWording(language: language)
        var timed: JourneyCardContent?
        // The GTFS route_type of each line ridden: a mode-wide alert (route_type alone) is about this journey.
        var modes = Set<Int32>()
        if origin != destination, let from = timetable.stops(for: origin), let to = timetable.stops(for: destination),
           var base = JourneyCardContent(map: map, destination: destination, origin: origin, graph: graph, language: language) {
            let query = Raptor.Query(from: from, to: to, departure: now, stepFree: stepFree,
                                     closedStops: live?.avoidedStops(stepFree: stepFree) ?? [])
            if let journey = Raptor(day: day).earliestArrival(query) {
                let table = timetable.timetable
                modes = Set(journey.rides.map { table.routes[Int(table.patterns[Int(table.trips[Int($0.trip)].pattern)].route)].type })
                word(&base, journey: journey, day: day, wording: wording, times: times, language: language, stepFree: stepFree,
                     delay: Self.delay(of: journey, day: day, live: live), live: live)
                timed = base
            }
        }
        let estimated = origin != destination && timed == nil
        guard var content = timed ?? JourneyCardContent(map: map, destination: destination, origin: origin, graph: graph,
                                                        language: language, estimated: estimated) else { return nil }
        content.station.access = timetable.accessFact(of: destination, language: language)
        content.departures = departures(at: destination, day: day, now: now, wording: wording, times: times, live: live,
                                        language: language)
        if let live {
            var notices: [String] = []
            if live.isUnavailable { notices.append(times.liveUnavailable) }
            if live.alertedStations[destination]?.closesStops == true { notices.append(times.stationClosed) }
            let spoken = notices + live.spokenNotices(station: destination, route: content.routeStationIDs, modes: modes,
                                                      links: timetable.stationLinks)
            notices += live.notices(station: destination, route: content.routeStationIDs, modes: modes,
                                    links: timetable.stationLinks)
            content.notices = notices
            content.spokenNotices = spoken
        }
        return content
    }

    /// The summary, steps and route of `journey`.
    private func word(_ content: inout JourneyCardContent, journey: Journey, day: ServiceDay, wording: JourneyWording,
                      times: TimetableWording, language: String?, stepFree: Bool, delay: Int32, live: LiveService?) {
        let table = timetable.timetable
        func name(_ stop: Int32) -> String {
            if let id = timetable.schemeStation(of: stop), let station = map.station(id: id) {
                return language.map { station.name(in: $0) } ?? station.name
            }
            return timetable.stopName(table.station(of: stop), language: language)
        }
        let leave = journey.rides.first?.departure ?? journey.departure
        content.summary = times.summary(leave: timetable.clock(leave, on: day),
                                        arrive: timetable.clock(journey.arrival + delay, on: day),
                                        delayMinutes: Int(delay / 60), transfers: journey.transfers, stepFree: stepFree)
        content.transferCount = journey.transfers
        content.isEstimated = false
        var steps: [JourneyCardContent.Step] = []
        var stationIDs: [String] = []
        var ridden = 0
        for (index, leg) in journey.legs.enumerated() {
            switch leg {
            case .ride(let ride):
                let trip = table.trips[Int(ride.trip)]
                let pattern = table.patterns[Int(trip.pattern)]
                let route = table.routes[Int(pattern.route)]
                let routeName = timetable.routeName(pattern.route, language: language)
                if ridden > 0, index > 0, case .ride = journey.legs[index - 1] {
                    steps.append(.init(kind: .change, color: Self.color(route.color),
                                       text: wording.change(0, name(ride.fromStop), routeName), stops: []))
                }
                ridden += 1
                let stops = (Int(ride.boardPosition)...Int(ride.alightPosition)).map { table.patternStops[Int(pattern.firstStop) + $0] }
                let headsign = timetable.headsign(ride.trip, language: language)
                let heading: String
                if let next = circleNext(trip: ride.trip, at: table.station(of: ride.fromStop), headsign: headsign, language: language) {
                    heading = times.circleVia(name(next))
                } else {
                    heading = wording.towards(headsign.isEmpty ? name(stops.last ?? ride.toStop) : headsign)
                }
                // The stops where a live alert reaches this ride, marked in the every-stop list as the map marks
                // them: a stop-wide alert whatever the line, a line's or a train's only on that line or train.
                var alerted: [String: Bool] = [:]
                if let live {
                    for stop in stops {
                        // Any scheme station the stop is linked to: an alert reaches each of them.
                        guard let effect = live.rideAlert(at: Set(timetable.schemeStations(of: stop)), route: route.id,
                                                          routeType: route.type, direction: trip.direction,
                                                          trip: trip.id, links: timetable.stationLinks) else { continue }
                        alerted[name(stop), default: false] = alerted[name(stop), default: false] || effect.closesStops
                    }
                }
                steps.append(.init(kind: .ride, color: Self.color(route.color),
                                   text: timetable.clock(ride.departure, on: day) + " "
                                       + wording.ride(routeName, name(ride.fromStop), heading,
                                                      Int(ride.alightPosition - ride.boardPosition))
                                       + " → " + timetable.clock(ride.arrival, on: day),
                                   stops: stops.map(name), alertedStops: alerted))
                for stop in stops { follow(stop, &stationIDs) }
            case .walk(let walk):
                let minutes = Int((walk.arrival - walk.departure + 59) / 60)
                let between = ridden > 0 && journey.legs[(index + 1)...].contains { if case .ride = $0 { true } else { false } }
                steps.append(.init(kind: between ? .change : .walk, color: nil,
                                   text: between ? wording.change(minutes, name(walk.fromStop), nil)
                                                 : wording.walk(minutes, name(walk.toStop), nil),
                                   stops: []))
                for stop in [walk.fromStop, walk.toStop] { follow(stop, &stationIDs) }
            }
        }
        steps.append(.init(kind: .alight, color: nil,
                           text: wording.arrive(content.station.name) + " " + timetable.clock(journey.arrival + delay, on: day),
                           stops: []))
        content.steps = steps
        // The route on the map follows the timetable's stations where the scheme joins each to the next; else the
        // scheme's own route is drawn (the card still gives the timetable's).
        let joined = stationIDs.count > 1 && zip(stationIDs, stationIDs.dropFirst()).allSatisfy { pair in
            graph.edges(from: pair.0).contains { $0.to == pair.1 }
        }
        if joined { content.routeStationIDs = stationIDs }
    }

    /// Appends the scheme station `stop` is on to the route `stationIDs`: of the stations linked to it, the one the
    /// scheme joins to the route's last (one GTFS station drawn once per line is the one on the line ridden), else
    /// the first; nothing when the stop is unlinked or the route is already there.
    private func follow(_ stop: Int32, _ stationIDs: inout [String]) {
        let candidates = timetable.schemeStations(of: stop)
        guard !candidates.isEmpty else { return }
        if let last = stationIDs.last, candidates.contains(last) { return }
        let joined = stationIDs.last.flatMap { last in candidates.first { id in graph.edges(from: last).contains { $0.to == id } } }
        stationIDs.append(joined ?? candidates[0])
    }

    /// The station's next departures per line and direction: "3 min · 9 min · 15 min last", "due", "no more
    /// service today"; with live service, a predicted departure says how late it is against the timetable
    /// ("6 min · +2 min, timetable 14:05") and a cancelled one leaves the list, as does a trip an active alert says
    /// does not run or call here (NO_SERVICE, STOP_MOVED); a train any other alert reaches (its trip, its route
    /// or mode, that way) is marked "⚠".
    /// `language`: the feed's line names and headsigns in it where translations.txt has them.
    public func departures(at station: String, day: ServiceDay, now: Int32, wording: JourneyWording, times: TimetableWording,
                    live: LiveService? = nil, language: String? = nil) -> [JourneyCardContent.DepartureRow] {
        guard let stops = timetable.stops(for: station), let first = stops.first else { return [] }
        let table = timetable.timetable
        let parent = table.station(of: first)
        // One more than shown: a cancelled train leaves room for the next.
        let board = DepartureBoard(day: day, station: parent, now: now, limit: Self.departuresPerRow + (live == nil ? 0 : 2))
        return board.rows.map { row in
            let route = table.routes[Int(row.route)]
            // The row's words in the shown language: its line, and its headsign as the first train listed gives it
            // (a record's own translation, else the words').
            let lineName = timetable.routeName(row.route, language: language)
            let headsign = row.departures.first.map { timetable.headsign($0.trip, language: language) } ?? row.headsign
            let next = row.departures.first.flatMap { circleNext(trip: $0.trip, at: parent, headsign: headsign, language: language) }
            let title = lineName + " · " + (next.map { times.circleVia(schemeName(of: $0, language: language)) }
                                            ?? wording.towards(headsign.isEmpty ? lineName : headsign))
            let said = row.hasEnded ? times.noMoreService : row.departures.compactMap { departure -> String? in
                var minutes = departure.minutesToGo
                var late = ""
                let trip = table.trips[Int(departure.trip)]
                let alert = live?.tripAlert(trip: trip.id, route: route.id, routeType: route.type, direction: trip.direction,
                                            station: station, links: timetable.stationLinks)
                if alert?.closesStops == true { return nil }
                if let live, let stop = Self.platform(of: departure.trip, at: parent, in: table) {
                    let call = live.predicted(trip: departure.trip, stop: stop, time: departure.time, day: day)
                    guard let expected = call.expectedSeconds else { return nil }
                    minutes = Int((expected - Int64(live.nowSeconds)) / 60)
                    if let delay = call.delaySeconds, abs(delay) >= 60 {
                        let minutes = Int(abs(delay) / 60)
                        late = " (" + times.delayed(delay > 0 ? times.lateBy(minutes) : "−" + times.duration(minutes),
                                                    timetable.clock(departure.time, on: day)) + ")"
                    }
                }
                // A train on a later calendar date (the night's last has gone) by its clock: "tomorrow 05:03".
                let wait = minutes >= 60 && timetable.isLaterDate(departure.time, than: now, on: day)
                    ? times.tomorrow(timetable.clock(departure.time, on: day)) : times.toGo(minutes)
                let text = wait + late + (alert == nil ? "" : " " + Self.tripAlertMark)
                return departure.isLast ? text + " " + times.lastTrain : text
            }.prefix(Self.departuresPerRow).joined(separator: " · ")
            return JourneyCardContent.DepartureRow(color: Self.color(route.color), title: title, times: said,
                                                   firstWaitMinutes: row.hasEnded ? nil : row.departures.first?.minutesToGo)
        }
    }

    /// Said on the card and the status strip when live sources are configured but none is fresh (in English;
    /// `TimetableWording.liveUnavailable` words it in the shown language).
    static let liveUnavailable = TimetableWording(language: "en").liveUnavailable

    /// Beside a departure whose trip an active alert names (a delay, a detour): the alert's words are on the strip
    /// and the card, the mark says which train they are about. U+26A0, drawn from the fonts' fallback.
    static let tripAlertMark = "\u{26A0}"

    /// The stop after `station` (a parent stop) on trip `trip` when the trip goes round a circle back to it: its
    /// headsign names the station itself, or its last stop is in it. What "circle line, via X" names; nil for a
    /// trip that heads elsewhere (its headsign says where) or has no stop after this one.
    func circleNext(trip: Int32, at station: Int32, headsign: String, language: String?) -> Int32? {
        let table = timetable.timetable
        let pattern = table.patterns[Int(table.trips[Int(trip)].pattern)]
        let stops = (0..<Int(pattern.stopCount)).map { table.patternStops[Int(pattern.firstStop) + $0] }
        guard let here = stops.firstIndex(where: { table.station(of: $0) == station }), here + 1 < stops.count,
              let last = stops.last else { return nil }
        let fold = { (text: String) in text.folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil)
            .trimmingCharacters(in: .whitespaces) }
        let names = [timetable.stopName(station, language: language), timetable.stopName(station, language: nil)]
        let namesHere = !headsign.isEmpty && names.contains { fold($0) == fold(headsign) }
        guard namesHere || table.station(of: last) == station else { return nil }
        return stops[here + 1]
    }

    /// A timetable stop's name as the map shows it (its linked scheme station's), else the feed's.
    func schemeName(of stop: Int32, language: String?) -> String {
        if let id = timetable.schemeStation(of: stop), let station = map.station(id: id) {
            return language.map { station.name(in: $0) } ?? station.name
        }
        return timetable.stopName(timetable.timetable.station(of: stop), language: language)
    }

    /// The platform of `station` (a parent stop) trip `trip` calls at.
    static func platform(of trip: Int32, at station: Int32, in table: Timetable) -> Int32? {
        let pattern = table.patterns[Int(table.trips[Int(trip)].pattern)]
        for i in 0..<Int(pattern.stopCount) {
            let stop = table.patternStops[Int(pattern.firstStop) + i]
            if table.station(of: stop) == station { return stop }
        }
        return nil
    }

    /// The predicted delay (seconds, ≥ 0) of the journey's last ride where it is left: what the arrival moves by.
    static func delay(of journey: Journey, day: ServiceDay, live: LiveService?) -> Int32 {
        guard let live, let last = journey.rides.last else { return 0 }
        let call = live.predicted(trip: last.trip, stop: last.toStop, time: last.arrival, day: day, arrival: true)
        return Int32(clamping: max(0, min(call.delaySeconds ?? 0, 6 * 3600)))
    }

    /// A GTFS `route_color` ("0099CC"); nil when absent or malformed.
    static func color(_ hex: String) -> Color? {
        guard hex.count == 6, let value = UInt32(hex, radix: 16) else { return nil }
        return Color(rgb: value)
    }
}
