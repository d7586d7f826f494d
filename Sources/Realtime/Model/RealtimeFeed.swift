/// One decoded GTFS-realtime feed message: its header's clock and what its entities said.
public struct RealtimeFeed: Hashable, Sendable {
    /// `gtfs_realtime_version` ("1.0", "2.0").
    public var version: String
    /// When the feed was produced (POSIX seconds, the feed's clock); nil when the header has none.
    public var timestamp: UInt64?
    /// A differential feed carries only changes; the kiosk reads it as a full one (the spec leaves differential
    /// feeds unspecified) and says so in the logs.
    public var isDifferential: Bool
    public var alerts: [ServiceAlert]
    public var tripPredictions: [TripPrediction]
    public var vehicles: [VehicleSighting]
    /// Entities marked `is_deleted` or carrying none of the three payloads: counted, not used.
    public var skippedEntities: Int

    public init(version: String, timestamp: UInt64?, isDifferential: Bool = false, alerts: [ServiceAlert] = [],
                tripPredictions: [TripPrediction] = [], vehicles: [VehicleSighting] = [], skippedEntities: Int = 0) {
        self.version = version
        self.timestamp = timestamp
        self.isDifferential = isDifferential
        self.alerts = alerts
        self.tripPredictions = tripPredictions
        self.vehicles = vehicles
        self.skippedEntities = skippedEntities
    }
}
