/// How the realtime sources are polled: `[network] realtime` and its companions in kiosk.toml (KioskCore reads and
/// checks them; KioskService hands them here).
public struct RealtimeSettings: Hashable, Sendable {
    /// Feed URLs: http://, https:// or file://.
    public var sources: [String]
    /// Seconds between polls of one source when all is well.
    public var pollSeconds: Double
    /// Seconds a request may take, connecting and reading together: a server that accepts and then hangs must not
    /// hold a source for longer than this.
    public var timeoutSeconds: Double
    /// Older than this, a source's data is not shown (and its predictions are dropped).
    public var staleSeconds: Double
    /// The largest answer taken; the transfer is cut when it goes past (a 100 MB answer is a rejection, not an
    /// out-of-memory kill). BART's whole-system TripUpdates are 40 kB.
    public var maximumFeedBytes: Int
    /// Redirects followed before giving up (a loop is a failure, not a hang).
    public var maximumRedirects: Int
    /// The longest wait after repeated failures: the exponential backoff stops growing here.
    public var maximumBackoffSeconds: Double
    /// Where the last good feed of each source is kept for the next start; nil: not kept.
    public var cacheDirectory: String?

    public init(sources: [String], pollSeconds: Double = 30, timeoutSeconds: Double = 10, staleSeconds: Double = 300,
                maximumFeedBytes: Int = 8 << 20, maximumRedirects: Int = 5, maximumBackoffSeconds: Double = 600,
                cacheDirectory: String? = nil) {
        self.sources = sources
        self.pollSeconds = pollSeconds
        self.timeoutSeconds = timeoutSeconds
        self.staleSeconds = staleSeconds
        self.maximumFeedBytes = maximumFeedBytes
        self.maximumRedirects = maximumRedirects
        self.maximumBackoffSeconds = maximumBackoffSeconds
        self.cacheDirectory = cacheDirectory
    }
}
