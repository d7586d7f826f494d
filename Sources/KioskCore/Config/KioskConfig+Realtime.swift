/// `[network] realtime` and its companions: the GTFS-realtime feeds the kiosk polls (alerts, trip updates), how
/// often, how long it waits, how old is too old and how large an answer may be. The Realtime target polls them;
/// this is only what the operator wrote, checked.
extension KioskConfig {
    public struct RealtimeSettings: Equatable, Sendable {
        /// http://, https:// or file:// URLs; empty: no live information (the timetable alone).
        public var sources: [String] = []
        public var pollSeconds = 30.0
        public var timeoutSeconds = 10.0
        /// Past this since the last good feed, the screen says live information is unavailable.
        public var staleSeconds = 300.0
        public var maximumFeedBytes = 8 << 20
        /// Where the last good feed of each source is kept for the next start; nil: not kept.
        public var cacheDirectory: String? = "/var/lib/metro-kiosk/realtime"

        public init() {}
    }
}
