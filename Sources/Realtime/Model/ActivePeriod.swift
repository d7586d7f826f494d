/// When an alert applies (GTFS-realtime `TimeRange`), POSIX seconds in the feed's clock; an open end is unbounded.
public struct ActivePeriod: Hashable, Sendable {
    public var start: UInt64?
    public var end: UInt64?

    public init(start: UInt64? = nil, end: UInt64? = nil) {
        self.start = start
        self.end = end
    }

    public func contains(_ posixSeconds: UInt64) -> Bool {
        (start.map { posixSeconds >= $0 } ?? true) && (end.map { posixSeconds <= $0 } ?? true)
    }
}
