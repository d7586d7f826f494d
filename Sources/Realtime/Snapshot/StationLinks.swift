/// How GTFS ids reach the scheme's stations: the timetable's links (`[[link]]` station = scheme id, stop = stop_id),
/// handed in as plain dictionaries so this layer needs nothing of the timetable. A route or an agency reaches the
/// stations its stops are linked to.
public struct StationLinks: Hashable, Sendable {
    /// GTFS stop_id → the scheme stations linked to it: one GTFS station may be drawn as several scheme stations
    /// (one per line, as pMetro draws San Francisco's Civic Center), and an alert on it touches them all.
    public var stationsByStop: [String: Set<String>]
    /// GTFS route_id → the stop_ids its trips call at.
    public var stopsByRoute: [String: Set<String>]
    /// GTFS agency_id → the stop_ids its routes call at; a feed of one agency may leave the id out, which the spec
    /// allows, so a selector's agency is matched only when given.
    public var stopsByAgency: [String: Set<String>]
    /// GTFS route_type → the route_ids of that mode: a mode alone names every stop its routes call at.
    public var routesByType: [Int: Set<String>]
    /// GTFS agency_id → the route_ids it runs: an agency alone names its lines, as a mode names its own.
    public var routesByAgency: [String: Set<String>]

    public init(stationsByStop: [String: Set<String>], stopsByRoute: [String: Set<String>] = [:],
                stopsByAgency: [String: Set<String>] = [:], routesByType: [Int: Set<String>] = [:],
                routesByAgency: [String: Set<String>] = [:]) {
        self.stationsByStop = stationsByStop
        self.stopsByRoute = stopsByRoute
        self.stopsByAgency = stopsByAgency
        self.routesByType = routesByType
        self.routesByAgency = routesByAgency
    }

    /// Links where each stop is one scheme station.
    public init(stationByStop: [String: String], stopsByRoute: [String: Set<String>] = [:],
                stopsByAgency: [String: Set<String>] = [:]) {
        self.init(stationsByStop: stationByStop.mapValues { [$0] }, stopsByRoute: stopsByRoute, stopsByAgency: stopsByAgency)
    }

    /// The scheme stations an informed entity touches; empty for ids the links do not know (an unknown id is not
    /// an error: feeds name bus stops, other agencies' routes, retired trips). Fields are matched station by
    /// station, not stop by stop: a route's trips call at platforms while an alert may name the parent station
    /// (WMATA's "STN_…" ids), and route + parent must still reach that station.
    public func stations(touchedBy entity: InformedEntity) -> Set<String> {
        var stations: Set<String>?
        func narrow(_ stops: Set<String>) {
            let candidates = Set(stops.flatMap { stationsByStop[$0] ?? [] })
            stations = stations.map { $0.intersection(candidates) } ?? candidates
        }
        if let stop = entity.stopID { narrow([stop]) }
        if let route = entity.routeID { narrow(stopsByRoute[route] ?? []) }
        if let agency = entity.agencyID { narrow(stopsByAgency[agency] ?? []) }
        // A mode: the stops of its routes (BART's metro, Caltrain's rail), as a route names its stops.
        if let type = entity.routeType { narrow(Set((routesByType[type] ?? []).flatMap { stopsByRoute[$0] ?? [] })) }
        // A trip or a direction alone names no place on the scheme.
        return stations ?? []
    }
}
