import Foundation
import MetroMap
import Overlay
import Raster
import Realtime

/// The live service on the map: the status strip (active alerts' headlines, or "live information unavailable"),
/// the stations alerts touch, ringed or crossed out, and the lines they touch, which the map draws dashed. Worded again once a wall-clock second from the realtime
/// poller's latest snapshot (taken whole, never waited on), and drawn again only when what it says changed.
public final class KioskLive {
    public let strip: ServiceStatusStripElement
    public let stations: AlertedStationsElement
    public let timetable: KioskTimetable
    public let map: MetroMap
    /// The realtime poller's latest snapshot; nil: no live sources, nothing shown.
    public var source: (() -> RealtimeSnapshot)?
    private var wordedSecond: Int64?
    /// Scheme lines an active alert names as a whole (its route or its mode, no stop): the map draws them dashed.
    public private(set) var alertedLines: Set<String> = []
    /// Scheme line → stations where an active alert names that line at that stop: the map dashes the line's hops
    /// there, and the route highlight keeps the dash.
    public private(set) var alertedStops: [String: Set<String>] = [:]

    public init(map: MetroMap, timetable: KioskTimetable, fonts: FontStack?, screen: IntRect) {
        self.map = map
        self.timetable = timetable
        strip = ServiceStatusStripElement(screen: screen, fonts: fonts)
        stations = AlertedStationsElement(screen: screen)
    }

    /// The service as it runs at `wall`, for the card and the journeys; nil without live sources.
    public func service(at wall: Date, language: String?) -> LiveService? {
        guard let source else { return nil }
        return LiveService(snapshot: source(), timetable: timetable, nowSeconds: wall.timeIntervalSince1970,
                           languages: language.map { [$0] } ?? [])
    }

    /// Words the strip and the marks for the wall-clock second of `wall` (once a second), and tells the strip
    /// when the next one begins, so the loop wakes for it.
    public func refresh(at time: Int64, wall: Date, language: String?) {
        guard source != nil else { return }
        let microseconds = Int64((wall.timeIntervalSince1970 * 1_000_000).rounded(.down))
        strip.refreshMicroseconds = time + (1_000_000 - ((microseconds % 1_000_000) + 1_000_000) % 1_000_000)
        let second = Int64(wall.timeIntervalSince1970.rounded(.down))
        guard second != wordedSecond, let live = service(at: wall, language: language) else { return }
        wordedSecond = second
        if live.isUnavailable {
            strip.show([TimetableWording(language: language).liveUnavailable], warning: false)
            stations.show([])
            alertedLines = []
            alertedStops = [:]
            return
        }
        alertedLines = Self.lines(touchedBy: live.alerts, map: map, links: timetable.stationLinks)
        alertedStops = Self.lineStops(touchedBy: live.alerts, map: map, links: timetable.stationLinks)
        let headlines = live.alerts.compactMap { $0.headline(preferring: live.languages) }.filter { !$0.isEmpty }
        strip.show(headlines, warning: true)
        stations.show(live.alertedStations.sorted { $0.key < $1.key }.compactMap { id, effect in
            map.station(id: id)?.position.map { AlertedStationsElement.Mark(stationID: id, position: $0, isClosed: effect.closesStops) }
        })
    }

    /// The scheme lines `alerts` name by route, mode or agency (an entity with a route, a `route_type` or an
    /// `agency_id` and no stop: the whole line is affected; a mode-wide or agency-wide alert, "metro delays",
    /// dashes every line of that mode or agency).
    static func lines(touchedBy alerts: [ServiceAlert], map: MetroMap, links: StationLinks) -> Set<String> {
        var lines = Set<String>()
        for alert in alerts {
            for entity in alert.informedEntities where entity.stopID == nil {
                for route in routes(namedBy: entity, links: links) {
                    lines.formUnion(schemeLines(ofRoute: route, map: map, links: links))
                }
            }
        }
        return lines
    }

    /// The GTFS routes an entity names as lines: its route, or every route of its mode or its agency (a
    /// `route_type` or an `agency_id` with no route or trip, both narrowing when given; a trip is one train, not the
    /// line). BART's real alerts name only the agency.
    static func routes(namedBy entity: InformedEntity, links: StationLinks) -> Set<String> {
        if let route = entity.routeID { return [route] }
        guard entity.tripID == nil, entity.routeType != nil || entity.agencyID != nil else { return [] }
        var routes = entity.routeType.map { links.routesByType[$0] ?? [] }
        if let agency = entity.agencyID {
            let theirs = links.routesByAgency[agency] ?? []
            routes = routes?.intersection(theirs) ?? theirs
        }
        return routes ?? []
    }

    /// The scheme lines `alerts` name at a stop (an entity with a route or a mode and a stop: that line, or the
    /// mode's lines, there), each with the scheme stations named: the stretch a traveller should see is affected,
    /// not the whole line.
    static func lineStops(touchedBy alerts: [ServiceAlert], map: MetroMap, links: StationLinks) -> [String: Set<String>] {
        var result: [String: Set<String>] = [:]
        for alert in alerts {
            for entity in alert.informedEntities where entity.stopID != nil {
                let stations = links.stations(touchedBy: entity)
                let lines = routes(namedBy: entity, links: links).reduce(into: Set<String>()) { lines, route in
                    lines.formUnion(schemeLines(ofRoute: route, map: map, links: links))
                }
                for lineID in lines {
                    guard let line = map.line(id: lineID) else { continue }
                    let here = stations.intersection(line.stationIDs)
                    if !here.isEmpty { result[lineID, default: []].formUnion(here) }
                }
            }
        }
        return result
    }

    /// A GTFS route and a scheme line share no id: the route is the scheme line (or lines, on a tie) holding most
    /// of the linked stations its trips call at, at least two.
    static func schemeLines(ofRoute route: String?, map: MetroMap, links: StationLinks) -> Set<String> {
        guard let route else { return [] }
        let stations = links.stations(touchedBy: InformedEntity(routeID: route))
        let overlaps = map.lines.map { line in (line.id, Set(line.stationIDs).intersection(stations).count) }
        guard let best = overlaps.map(\.1).max(), best >= 2 else { return [] }
        return Set(overlaps.filter { $0.1 == best }.map(\.0))
    }
}
