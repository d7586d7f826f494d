/// What an alert touches (GTFS-realtime `EntitySelector`): every field set must match, so `route` and `stop` together
/// mean that route at that stop. A selector with nothing set selects nothing (the spec requires at least one field).
public struct InformedEntity: Hashable, Sendable {
    public var agencyID: String?
    public var routeID: String?
    public var routeType: Int?
    public var directionID: Int?
    public var tripID: String?
    public var stopID: String?

    public init(agencyID: String? = nil, routeID: String? = nil, routeType: Int? = nil, directionID: Int? = nil,
                tripID: String? = nil, stopID: String? = nil) {
        self.agencyID = agencyID
        self.routeID = routeID
        self.routeType = routeType
        self.directionID = directionID
        self.tripID = tripID
        self.stopID = stopID
    }

    public var isEmpty: Bool {
        agencyID == nil && routeID == nil && routeType == nil && directionID == nil && tripID == nil && stopID == nil
    }

    /// A whole agency, with no route, trip or stop narrowing it: every station of that agency is touched.
    public var isAgencyWide: Bool { agencyID != nil && routeID == nil && routeType == nil && tripID == nil && stopID == nil }

    /// A whole agency or mode (no route, trip or stop): about the network, not about any one place in it.
    public var isNetworkWide: Bool {
        (agencyID != nil || routeType != nil) && routeID == nil && tripID == nil && stopID == nil
    }
}
