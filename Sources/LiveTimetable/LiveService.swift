import Foundation
import Network
import Realtime

/// The live service (GTFS-realtime) at one moment, as the kiosk's card, map and journeys use it: the predictions
/// of fresh sources, the alerts active now, the stations they close, and whether live information is unavailable
/// (sources configured, none fresh: the timetable alone is shown, and the screen says so).
public struct LiveService {
    /// Sources are configured but none is fresher than `stale_s`.
    let isUnavailable: Bool
    let predictions: TripPredictions
    /// Active alerts, in feed order.
    let alerts: [ServiceAlert]
    /// Scheme stations the active alerts touch, with the strongest effect on each.
    let alertedStations: [String: AlertEffect]
    /// Timetable stops (every platform) of stations a NO_SERVICE or STOP_MOVED alert closes: journeys avoid them.
    let closedStops: Set<Int32>
    /// Timetable stops an ACCESSIBILITY_ISSUE alert names (a lift out of service): a station's every platform (the
    /// station named, or a lift node, entrance or boarding area in it), or the platform named. Step-free journeys avoid them (and so the step-free walks to and from them); others
    /// still use them.
    let stepFreeClosedStops: Set<Int32>
    /// Wall clock, POSIX seconds.
    let nowSeconds: Double
    let languages: [String]

    init(snapshot: RealtimeSnapshot, timetable: KioskTimetable, nowSeconds: Double, languages: [String]) {
        self.nowSeconds = nowSeconds
        self.languages = languages
        isUnavailable = snapshot.isLiveInformationUnavailable(nowSeconds: nowSeconds)
        predictions = snapshot.predictions(nowSeconds: nowSeconds)
        alerts = snapshot.activeAlerts(nowSeconds: nowSeconds)
        let links = timetable.stationLinks
        alertedStations = snapshot.alertedStations(nowSeconds: nowSeconds, links: links)
        var closed = Set<Int32>()
        for (station, effect) in alertedStations where effect.closesStops {
            for stop in timetable.stops(for: station) ?? [] { closed.insert(stop) }
        }
        closedStops = closed
        let table = timetable.timetable
        var inaccessible = Set<Int32>()
        for alert in alerts where alert.effect == .accessibilityIssue {
            for entity in alert.informedEntities {
                guard let id = entity.stopID, let stop = table.stopIndex(id: id) else { continue }
                // A platform: that platform. The station, or a lift's node, an entrance or a boarding area within
                // it (WMATA names "NODE_…_ELV_…" ends of pathway_mode 5): GTFS-realtime cannot name a pathway,
                // and without that way in the station is not step-free, so all its platforms.
                let station = table.station(of: stop)
                let isPlatform = station != stop && table.stops[Int(stop)].locationType == 0
                inaccessible.formUnion(isPlatform ? [stop] : table.boardingStops(of: station))
            }
        }
        stepFreeClosedStops = inaccessible
    }

    /// The stops a journey must not use now: closed ones, and for a step-free journey those whose step-free
    /// access an alert says is out.
    func avoidedStops(stepFree: Bool) -> Set<Int32> {
        stepFree ? closedStops.union(stepFreeClosedStops) : closedStops
    }

    /// The words of the alerts that touch `station` or any station of `route`, and the network-wide ones (an
    /// alert naming only the agency, as BART words closures, or only a mode the journey rides, GTFS `route_type`
    /// in `modes`): what a card shows in full.
    func notices(station: String, route: [String], modes: Set<Int32> = [], links: StationLinks) -> [String] {
        alerts(touching: station, route: route, modes: modes, links: links).map { Self.words($0.header, $0.description, languages) }
            .filter { !$0.isEmpty }
    }

    /// The same notices, index for index, as audio mode says them: the feed's `tts_*` words where it gives them
    /// (spelled for a voice), else the shown ones.
    func spokenNotices(station: String, route: [String], modes: Set<Int32> = [], links: StationLinks) -> [String] {
        alerts(touching: station, route: route, modes: modes, links: links).compactMap { alert -> String? in
            let shown = Self.words(alert.header, alert.description, languages)
            guard !shown.isEmpty else { return nil }
            let header = alert.ttsHeader.isEmpty ? alert.header : alert.ttsHeader
            let description = alert.ttsDescription.isEmpty ? alert.description : alert.ttsDescription
            return Self.words(header, description, languages)
        }
    }

    /// The strongest effect (closing ones first) of the active alerts on train `trip` of route `route` (GTFS ids)
    /// calling at scheme station `station`: what the departure lists act on. Only an alert about what is ridden
    /// reaches a departure: a trip, a route or a mode (`route_type`), narrowed by its `direction_id` and its stop as
    /// in `rideAlert`; an alert on the stop alone is about the station (the card's notices say it), not a train.
    func tripAlert(trip: String, route: String, routeType: Int32, direction: UInt8, station: String,
                   links: StationLinks) -> AlertEffect? {
        strongestEffect { entity in
            (entity.tripID != nil || entity.routeID != nil || entity.routeType != nil)
                && reaches(entity, route: route, routeType: routeType, direction: direction, trip: trip, at: [station], links: links)
        }
    }

    /// The strongest effect (closing ones first) of the active alerts on a traveller riding trip `trip` of route
    /// `route` (GTFS ids) through a stop drawn as scheme stations `stations`: what the card marks on that step.
    /// A stop-wide alert reaches every train there; one that names a route or a trip (with or without a stop)
    /// reaches only a traveller on that route or trip, all along it when it names no stop. The map still rings the
    /// station for anyone: a traveller riding another line through it is not affected and is not told so.
    /// An entity's `direction_id` narrows it to trains in that direction (`direction`: the trip's GTFS
    /// `direction_id`, 255 when the feed gives none, which an alert's direction cannot rule out), and its
    /// `route_type` to rides of that mode (`routeType`: the route's GTFS `route_type`); a `route_type` alone
    /// reaches every ride of that mode, as a route alone reaches every ride on it.
    func rideAlert(at stations: Set<String>, route: String, routeType: Int32, direction: UInt8, trip: String,
                   links: StationLinks) -> AlertEffect? {
        strongestEffect { entity in
            reaches(entity, route: route, routeType: routeType, direction: direction, trip: trip, at: stations, links: links)
        }
    }

    /// Whether `entity` reaches a ride of trip `trip` (route `route`, mode `routeType`, `direction`) through
    /// scheme stations `stations`: what it names of the ride must match, and what is left names those stations.
    private func reaches(_ entity: InformedEntity, route: String, routeType: Int32, direction: UInt8, trip: String,
                         at stations: Set<String>, links: StationLinks) -> Bool {
        if let named = entity.routeID, named != route { return false }
        if let named = entity.tripID, named != trip { return false }
        if let named = entity.routeType, named != Int(routeType) { return false }
        if let named = entity.directionID, direction != 255, named != Int(direction) { return false }
        var place = entity
        if entity.routeID != nil || entity.tripID != nil || entity.routeType != nil || entity.directionID != nil {
            // Matched on what is ridden: what is left is where (the agency is the route's own).
            place.routeID = nil; place.tripID = nil; place.directionID = nil; place.routeType = nil; place.agencyID = nil
            if place.isEmpty { return true }
        }
        return !links.stations(touchedBy: place).isDisjoint(with: stations)
    }

    /// The strongest effect of the active alerts with an entity `reaching`: a closing one (NO_SERVICE, STOP_MOVED)
    /// over any other, else the first in feed order.
    private func strongestEffect(_ reaching: (InformedEntity) -> Bool) -> AlertEffect? {
        var strongest: AlertEffect?
        for alert in alerts where alert.informedEntities.contains(where: reaching) {
            if let present = strongest, present.closesStops || !alert.effect.closesStops { continue }
            strongest = alert.effect
        }
        return strongest
    }

    private func alerts(touching station: String, route: [String], modes: Set<Int32>, links: StationLinks) -> [ServiceAlert] {
        let places = Set([station] + route)
        return alerts.filter { alert in
            alert.informedEntities.contains { entity in
                // A mode alone (no route, trip or stop) names no place: it is about every ride of that mode.
                let modeWide = entity.routeType.map { modes.contains(Int32(clamping: $0)) } == true
                    && entity.routeID == nil && entity.tripID == nil && entity.stopID == nil
                return entity.isAgencyWide || modeWide || !links.stations(touchedBy: entity).isDisjoint(with: places)
            }
        }
    }

    /// A header and a description as one notice ("header — description"), a description that repeats the header
    /// said once.
    private static func words(_ header: TranslatedText, _ description: TranslatedText, _ languages: [String]) -> String {
        [header.text(preferring: languages), description.text(preferring: languages)].compactMap { $0 }
            .filter { !$0.isEmpty }.reduce(into: [String]()) { parts, text in
                if !parts.contains(text) { parts.append(text) }
            }.joined(separator: " — ")
    }

    /// The prediction for trip `trip` leaving (or, `arrival`, reaching) timetable stop `stop` at `time` on `day`.
    func predicted(trip: Int32, stop: Int32, time: Int32, day: ServiceDay, arrival: Bool = false) -> PredictedCall {
        let table = day.timetable
        let scheduled = Int64(day.instant(time).timeIntervalSince1970.rounded())
        return predictions.predict(ScheduledCall(tripID: table.trips[Int(trip)].id, stopID: table.stops[Int(stop)].id,
                                                 scheduledSeconds: scheduled, isArrival: arrival))
    }
}

extension KioskTimetable {
    /// The timetable's ids as the realtime layer matches alerts with them: every stop and platform of a linked
    /// station → every scheme station linked to it, each route's stops, each mode's and each agency's routes, and
    /// each agency's stops.
    var stationLinks: StationLinks {
        if let cached = cachedStationLinks { return cached }
        var stationsByStop: [String: Set<String>] = [:]
        for (index, stop) in timetable.stops.enumerated() {
            let stations = schemeStations(of: Int32(index))
            if !stations.isEmpty { stationsByStop[stop.id] = Set(stations) }
        }
        var stopsByRoute: [String: Set<String>] = [:]
        for pattern in timetable.patterns {
            let id = timetable.routes[Int(pattern.route)].id
            for i in 0..<Int(pattern.stopCount) {
                stopsByRoute[id, default: []].insert(timetable.stops[Int(timetable.patternStops[Int(pattern.firstStop) + i])].id)
            }
        }
        var routesByType: [Int: Set<String>] = [:], routesByAgency: [String: Set<String>] = [:]
        var stopsByAgency: [String: Set<String>] = [:]
        for route in timetable.routes {
            routesByType[Int(route.type), default: []].insert(route.id)
            // A feed of one agency may leave agency_id out; then no alert can name it by id.
            guard !route.agencyID.isEmpty else { continue }
            routesByAgency[route.agencyID, default: []].insert(route.id)
            stopsByAgency[route.agencyID, default: []].formUnion(stopsByRoute[route.id] ?? [])
        }
        let links = StationLinks(stationsByStop: stationsByStop, stopsByRoute: stopsByRoute, stopsByAgency: stopsByAgency,
                                 routesByType: routesByType, routesByAgency: routesByAgency)
        cachedStationLinks = links
        return links
    }
}
