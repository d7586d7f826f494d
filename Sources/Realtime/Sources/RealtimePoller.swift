import Foundation

/// Polls every configured source on a thread of its own and publishes an immutable `RealtimeSnapshot` after each
/// poll. The frame thread only ever calls `snapshot` (a copy under a lock held for a few instructions), so a slow,
/// hanging or huge source can never stall a frame.
///
/// Per source: the disk copy is read first (after a restart, the last good feed is shown at once, aged from when it
/// was received), then it is polled every `pollSeconds`, with conditional requests, backing off exponentially
/// while a server fails (a file is looked at every period: `FeedFetcher.backsOffOnFailure`). A fetch that fails,
/// or bytes that do not decode, leave the last good feed in place; the error is counted and kept for the status.
public final class RealtimePoller: @unchecked Sendable {
    public let settings: RealtimeSettings
    private let wallClock: @Sendable () -> Double
    private let onUpdate: (@Sendable (RealtimeSnapshot) -> Void)?
    private let log: (@Sendable (String) -> Void)?
    private let cache: FeedCache?
    // Guards `current`, `stopped` and `threads`; the condition wakes sleeping pollers on `stop`.
    private let condition = NSCondition()
    private var current: RealtimeSnapshot
    private var stopped = false
    private var running = 0
    private var fetchers: [FeedFetcher] = []

    /// `wallClock` gives POSIX seconds (tests pass their own); `onUpdate` is called on a poller thread after each
    /// change, to wake the loop; `log` receives one line per rejection or recovery.
    public init(settings: RealtimeSettings, wallClock: @escaping @Sendable () -> Double = { Date().timeIntervalSince1970 },
                log: (@Sendable (String) -> Void)? = nil, onUpdate: (@Sendable (RealtimeSnapshot) -> Void)? = nil) {
        self.settings = settings
        self.wallClock = wallClock
        self.log = log
        self.onUpdate = onUpdate
        cache = settings.cacheDirectory.map(FeedCache.init(directory:))
        current = RealtimeSnapshot(
            sources: settings.sources.map { RealtimeSnapshot.Source(health: SourceHealth(source: $0), feed: nil) },
            staleSeconds: settings.staleSeconds)
    }

    deinit { stop() }

    /// What the sources know now; cheap, never waits on a network.
    public var snapshot: RealtimeSnapshot {
        condition.lock()
        defer { condition.unlock() }
        return current
    }

    /// The fetcher a source URL needs, or why there is none (config checking reports the same at the key).
    public static func fetcher(for source: String, settings: RealtimeSettings) -> Result<FeedFetcher, RealtimeFeedError> {
        guard let url = URL(string: source), let scheme = url.scheme?.lowercased() else {
            return .failure(RealtimeFeedError(source: source, message: "not a URL"))
        }
        switch scheme {
        case "http", "https": return .success(HTTPFeedFetcher(url: url, settings: settings))
        case "file": return .success(FileFeedFetcher(path: url.path, maximumBytes: settings.maximumFeedBytes))
        default: return .failure(RealtimeFeedError(source: source, message: "scheme '\(scheme)' is not http, https or file"))
        }
    }

    /// Starts one poller thread per source.
    public func start() {
        for (index, source) in settings.sources.enumerated() {
            let fetcher: FeedFetcher
            switch Self.fetcher(for: source, settings: settings) {
            case .success(let made): fetcher = made
            case .failure(let error):
                update(index) { $0.health.errors += 1; $0.health.lastError = error.diagnostic.message }
                continue
            }
            condition.lock()
            fetchers.append(fetcher)
            running += 1
            condition.unlock()
            let thread = Thread { [self] in
                poll(index: index, source: source, fetcher: fetcher)
                condition.lock()
                running -= 1
                condition.broadcast()
                condition.unlock()
            }
            thread.name = "realtime-\(index)"
            thread.start()
        }
    }

    /// Stops polling and waits for the pollers to finish (a transfer under way is cancelled).
    public func stop() {
        condition.lock()
        stopped = true
        let fetchers = self.fetchers
        condition.broadcast()
        condition.unlock()
        for fetcher in fetchers { fetcher.shutDown() }
        condition.lock()
        while running > 0 { condition.wait() }
        condition.unlock()
    }

    private func poll(index: Int, source: String, fetcher: FeedFetcher) {
        var validators: FeedValidators?
        if let cache, let kept = cache.load(source: source, maximumBytes: settings.maximumFeedBytes) {
            switch Result(catching: { () throws(RealtimeFeedError) in try RealtimeFeedDecoder.decode(kept.bytes, source: source) }) {
            case .success(let feed):
                validators = kept.entry.validators
                update(index) {
                    $0.feed = feed
                    $0.health.lastGoodAtSeconds = kept.entry.receivedAtSeconds
                    $0.health.fromDisk = true
                    Self.count(feed, into: &$0.health)
                }
                log?("\(source): using the copy kept on disk, received at \(kept.entry.receivedAtSeconds)")
            case .failure(let error):
                log?("\(source): the copy kept on disk is unusable: \(error.diagnostic.message)")
            }
        }
        let schedule = RetrySchedule(pollSeconds: settings.pollSeconds, maximumBackoffSeconds: settings.maximumBackoffSeconds)
        var failures = 0
        // A cache directory that cannot be written (a read-only /var) is said once, not at every poll.
        var cacheFailureLogged = false
        // A source looked at every period (a file not there yet) says the same failure once, not at every poll.
        var failureSaid: String?
        func failed(_ reason: String) {
            failures += 1
            fail(index, source: source, reason: reason, said: fetcher.backsOffOnFailure || reason != failureSaid)
            failureSaid = reason
        }
        while !isStopped {
            switch fetcher.fetch(validators: validators) {
            case .notModified:
                failures = 0
                failureSaid = nil
                // Unchanged at the source means still current: the age restarts, as it would with the same bytes.
                update(index) { $0.health.notModified += 1; $0.health.lastGoodAtSeconds = wallClock() }
            case .body(let bytes, let answered):
                do throws(RealtimeFeedError) {
                    let feed = try RealtimeFeedDecoder.decode(bytes, source: source)
                    let now = wallClock()
                    failures = 0
                    failureSaid = nil
                    validators = answered
                    update(index) {
                        $0.feed = feed
                        $0.health.fetches += 1
                        $0.health.lastGoodAtSeconds = now
                        $0.health.fromDisk = false
                        Self.count(feed, into: &$0.health)
                    }
                    if let cache {
                        do {
                            try cache.store(bytes, entry: FeedCache.Entry(source: source, receivedAtSeconds: now, validators: answered))
                        } catch where !cacheFailureLogged {
                            cacheFailureLogged = true
                            log?("\(source): cannot keep the feed on disk: \(error)")
                        } catch {}
                    }
                } catch {
                    failed(error.diagnostic.message)
                }
            case .failed(let reason):
                failed(reason)
            }
            let delay = schedule.delaySeconds(afterFailures: fetcher.backsOffOnFailure ? failures : 0,
                                              jitter: Double.random(in: 0..<1))
            condition.lock()
            let deadline = Date(timeIntervalSinceNow: delay)
            while !stopped && Date() < deadline { _ = condition.wait(until: deadline) }
            condition.unlock()
        }
        fetcher.shutDown()
    }

    private var isStopped: Bool {
        condition.lock()
        defer { condition.unlock() }
        return stopped
    }

    /// Counts a failure; `said`: logged too.
    private func fail(_ index: Int, source: String, reason: String, said: Bool) {
        update(index) { $0.health.errors += 1; $0.health.lastError = reason }
        if said { log?("\(source): \(reason); keeping the last good feed") }
    }

    private static func count(_ feed: RealtimeFeed, into health: inout SourceHealth) {
        health.feedTimestamp = feed.timestamp
        health.alerts = feed.alerts.count
        health.tripUpdates = feed.tripPredictions.count
        health.vehicles = feed.vehicles.count
    }

    private func update(_ index: Int, _ change: (inout RealtimeSnapshot.Source) -> Void) {
        condition.lock()
        change(&current.sources[index])
        let snapshot = current
        condition.unlock()
        onUpdate?(snapshot)
    }
}
