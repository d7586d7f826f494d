/// How GTFS ids reach the scheme's stations: the timetable's links (`[[link]]` station = scheme id, stop = stop_id),
/// handed in as plain dictionaries so this layer needs nothing of the timetable. A route or an agency reaches the
/// stations its stops are linked to.
public struct StationLinks: Hashable, Sendable {
    /// GTFS stop_id → scheme station id.
    public var stationByStop: [String: String]
    /// GTFS route_id → the stop_ids its trips call at.
    public var stopsByRoute: [String: Set<String>]
    /// GTFS agency_id → the stop_ids its routes call at; a feed of one agency may leave the id out, which the spec
    /// allows, so a selector's agency is matched only when given.
    public var stopsByAgency: [String: Set<String>]

    public init(stationByStop: [String: String], stopsByRoute: [String: Set<String>] = [:],
                stopsByAgency: [String: Set<String>] = [:]) {
        self.stationByStop = stationByStop
        self.stopsByRoute = stopsByRoute
        self.stopsByAgency = stopsByAgency
    }

    /// The scheme stations an informed entity touches; empty for ids the links do not know (an unknown id is not
    /// an error: feeds name bus stops, other agencies' routes, retired trips). Fields are matched station by
    /// station, not stop by stop: a route's trips call at platforms while an alert may name the parent station
    /// (WMATA's "STN_…" ids), and route + parent must still reach that station.
    public func stations(touchedBy entity: InformedEntity) -> Set<String> {
        var stations: Set<String>?
        func narrow(_ stops: Set<String>) {
            let candidates = Set(stops.compactMap { stationByStop[$0] })
            stations = stations.map { $0.intersection(candidates) } ?? candidates
        }
        if let stop = entity.stopID { narrow([stop]) }
        if let route = entity.routeID { narrow(stopsByRoute[route] ?? []) }
        if let agency = entity.agencyID { narrow(stopsByAgency[agency] ?? []) }
        // A trip, route type or direction alone names no place on the scheme.
        return stations ?? []
    }
}
