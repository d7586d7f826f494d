/// One GTFS-realtime `VehiclePosition`, reduced to what a map could place: which trip, where, when.
public struct VehicleSighting: Hashable, Sendable {
    public var entityID: String
    public var vehicleID: String?
    public var tripID: String?
    public var routeID: String?
    public var stopID: String?
    public var latitude: Double?
    public var longitude: Double?
    public var timestamp: UInt64?

    public init(entityID: String, vehicleID: String? = nil, tripID: String? = nil, routeID: String? = nil, stopID: String? = nil,
                latitude: Double? = nil, longitude: Double? = nil, timestamp: UInt64? = nil) {
        self.entityID = entityID
        self.vehicleID = vehicleID
        self.tripID = tripID
        self.routeID = routeID
        self.stopID = stopID
        self.latitude = latitude
        self.longitude = longitude
        self.timestamp = timestamp
    }
}
