import Realtime

/// One realtime source as status.json reports it: how old its data is, what went wrong last, what it counted.
public struct RealtimeSourceStatus: Codable, Equatable, Sendable {
    public var source: String
    /// Seconds since the last good feed; nil: none yet.
    public var ageSeconds: Double?
    /// Older than `[network] stale_s`: the screen shows the timetable alone.
    public var stale: Bool
    /// The feed in use was read back from disk (the source has not answered since the start).
    public var fromDisk: Bool
    public var fetches: Int
    public var notModified: Int
    public var errors: Int
    public var lastError: String?
    public var alerts: Int
    public var tripUpdates: Int
    public var vehicles: Int

    public init(_ source: RealtimeSnapshot.Source, staleSeconds: Double, nowSeconds: Double) {
        let health = source.health
        self.source = health.source
        ageSeconds = health.ageSeconds(nowSeconds: nowSeconds)
        stale = ageSeconds.map { $0 > staleSeconds } ?? true
        fromDisk = health.fromDisk
        fetches = health.fetches
        notModified = health.notModified
        errors = health.errors
        lastError = health.lastError
        alerts = health.alerts
        tripUpdates = health.tripUpdates
        vehicles = health.vehicles
    }

    /// Every source of `snapshot` at wall-clock `nowSeconds`.
    public static func all(_ snapshot: RealtimeSnapshot, nowSeconds: Double) -> [RealtimeSourceStatus] {
        snapshot.sources.map { RealtimeSourceStatus($0, staleSeconds: snapshot.staleSeconds, nowSeconds: nowSeconds) }
    }
}
