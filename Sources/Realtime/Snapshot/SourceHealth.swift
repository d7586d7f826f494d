/// What one source has done since the kiosk started: for status.json, the Prometheus textfile and the logs.
public struct SourceHealth: Hashable, Sendable, Codable {
    /// The source as configured (URL).
    public var source: String
    /// Wall-clock POSIX seconds of the last good feed taken (fetched, or read back from disk after a restart); nil:
    /// never.
    public var lastGoodAtSeconds: Double?
    /// The header timestamp of the feed in use (POSIX seconds, the feed's clock).
    public var feedTimestamp: UInt64?
    /// Polls that brought a new feed, polls answered "not modified", polls that failed or were rejected.
    public var fetches = 0
    public var notModified = 0
    public var errors = 0
    public var lastError: String?
    /// What the feed in use holds.
    public var alerts = 0
    public var tripUpdates = 0
    public var vehicles = 0
    /// Whether the feed in use came from the disk copy rather than from this run's polls.
    public var fromDisk = false

    public init(source: String) {
        self.source = source
    }

    /// Seconds since the last good feed at wall-clock `nowSeconds`; nil: never had one.
    public func ageSeconds(nowSeconds: Double) -> Double? {
        lastGoodAtSeconds.map { max(0, nowSeconds - $0) }
    }
}
