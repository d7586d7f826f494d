import Foundation
import Testing
@testable import Realtime

/// The sources against a real loopback HTTP server (`LoopbackServer`) serving the real captures. Timeouts are a
/// second or less and every wait is bounded, so a regression fails rather than hangs.
@Suite struct RealtimeSourceTests {
    static let alerts = try! RealtimeFeedDecoderTests.capture("bart-2019/bart-alerts.pb")
    static let tripUpdates = try! RealtimeFeedDecoderTests.capture("bart-2019/bart-trip-updates.pb")

    static func settings(_ sources: [String], poll: Double = 0.1, timeout: Double = 1, maximumBytes: Int = 1 << 20,
                         cache: String? = nil) -> RealtimeSettings {
        RealtimeSettings(sources: sources, pollSeconds: poll, timeoutSeconds: timeout, staleSeconds: 300, maximumFeedBytes: maximumBytes,
                         maximumRedirects: 3, maximumBackoffSeconds: 60, cacheDirectory: cache)
    }

    static func fetcher(_ server: LoopbackServer, path: String = "/feed.pb", timeout: Double = 1, maximumBytes: Int = 1 << 20) -> HTTPFeedFetcher {
        HTTPFeedFetcher(url: URL(string: server.url + path)!, settings: settings([], timeout: timeout, maximumBytes: maximumBytes))
    }

    /// Waits (at most `seconds`) for `condition` on the poller's snapshot.
    static func waitFor(_ poller: RealtimePoller, seconds: Double = 10, _ condition: (RealtimeSnapshot) -> Bool) -> Bool {
        let deadline = Date(timeIntervalSinceNow: seconds)
        while Date() < deadline {
            if condition(poller.snapshot) { return true }
            Thread.sleep(forTimeInterval: 0.02)
        }
        return condition(poller.snapshot)
    }

    static func temporaryDirectory() -> String {
        let path = NSTemporaryDirectory() + "realtime-\(UUID().uuidString)"
        try! FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    /// The ETag and Last-Modified the server gave come back as If-None-Match and If-Modified-Since; a 304 keeps
    /// the feed.
    @Test func conditionalRequestsAndNotModified() throws {
        let server = try LoopbackServer { request in
            if request.headers["if-none-match"] == "\"v1\"" { return .respond(status: 304, headers: [:], body: []) }
            return .respond(status: 200, headers: ["ETag": "\"v1\"", "Last-Modified": "Wed, 07 Aug 2019 17:45:42 GMT"],
                            body: Self.alerts)
        }
        defer { server.stop() }
        let fetcher = Self.fetcher(server)
        defer { fetcher.shutDown() }
        guard case .body(let bytes, let validators) = fetcher.fetch(validators: nil) else {
            Issue.record("no body")
            return
        }
        #expect(bytes == Self.alerts)
        #expect(validators == FeedValidators(entityTag: "\"v1\"", lastModified: "Wed, 07 Aug 2019 17:45:42 GMT"))
        guard case .notModified = fetcher.fetch(validators: validators) else {
            Issue.record("304 not seen")
            return
        }
        let second = try #require(server.requests.last)
        #expect(second.headers["if-modified-since"] == "Wed, 07 Aug 2019 17:45:42 GMT")
    }

    @Test func aHangingServerTimesOut() throws {
        let server = try LoopbackServer { _ in .hang }
        defer { server.stop() }
        let fetcher = Self.fetcher(server, timeout: 0.5)
        defer { fetcher.shutDown() }
        guard case .failed(let reason) = fetcher.fetch(validators: nil) else {
            Issue.record("a hang was not a failure")
            return
        }
        #expect(reason.contains("timed out") || reason.contains("no answer"), "\(reason)")
    }

    @Test func anErrorStatusIsAFailure() throws {
        let server = try LoopbackServer { _ in .respond(status: 500, headers: [:], body: Array("oops".utf8)) }
        defer { server.stop() }
        let fetcher = Self.fetcher(server)
        defer { fetcher.shutDown() }
        guard case .failed(let reason) = fetcher.fetch(validators: nil) else { Issue.record("500 accepted"); return }
        #expect(reason == "HTTP 500")
    }

    /// A 100 MB answer is cut at the limit: announced (Content-Length) or streamed without a length.
    @Test func aHundredMegabyteAnswerIsRefusedAtTheLimit() throws {
        let server = try LoopbackServer { request in
            request.path == "/announced"
                ? .truncated(body: [], claimedLength: 100 << 20)
                : .endless(megabytes: 100)
        }
        defer { server.stop() }
        for path in ["/announced", "/streamed"] {
            let fetcher = Self.fetcher(server, path: path, timeout: 5, maximumBytes: 1 << 20)
            defer { fetcher.shutDown() }
            guard case .failed(let reason) = fetcher.fetch(validators: nil) else { Issue.record("\(path) accepted"); continue }
            #expect(reason.contains("limit of 1048576"), "\(path): \(reason)")
        }
    }

    @Test func aRedirectLoopIsAFailure() throws {
        let server = try LoopbackServer { request in .respond(status: 302, headers: ["Location": request.path + "x"], body: []) }
        defer { server.stop() }
        let fetcher = Self.fetcher(server)
        defer { fetcher.shutDown() }
        guard case .failed(let reason) = fetcher.fetch(validators: nil) else { Issue.record("loop accepted"); return }
        #expect(reason.contains("redirect"), "\(reason)")
        #expect(server.requests.count <= 5)
    }

    /// A good feed, then a truncated body and garbage: the good feed stays in the snapshot, the errors are counted.
    @Test func aTruncatedBodyKeepsTheLastGoodFeed() throws {
        let server = try LoopbackServer { _ in .respond(status: 200, headers: [:], body: Self.tripUpdates) }
        defer { server.stop() }
        let poller = RealtimePoller(settings: Self.settings([server.url + "/trips.pb"]))
        poller.start()
        defer { poller.stop() }
        #expect(Self.waitFor(poller) { $0.sources[0].health.tripUpdates == 91 })
        server.setAnswer { _ in .truncated(body: Array(Self.tripUpdates.prefix(10_000)), claimedLength: Self.tripUpdates.count) }
        #expect(Self.waitFor(poller) { $0.sources[0].health.errors >= 1 })
        server.setAnswer { _ in .respond(status: 200, headers: ["Content-Type": "text/html"], body: Array("<html>maintenance</html>".utf8)) }
        #expect(Self.waitFor(poller) { $0.sources[0].health.lastError?.contains("HTML") == true })
        let snapshot = poller.snapshot
        #expect(snapshot.sources[0].feed?.tripPredictions.count == 91)
        #expect(snapshot.sources[0].health.fetches >= 1)
    }

    /// Failures back off exponentially: polled every 0.1 s when well, a server answering 500 sees the gaps double.
    @Test func failuresBackOff() throws {
        let server = try LoopbackServer { _ in .respond(status: 500, headers: [:], body: []) }
        defer { server.stop() }
        let poller = RealtimePoller(settings: Self.settings([server.url + "/feed.pb"], poll: 0.1))
        poller.start()
        #expect(Self.waitFor(poller) { $0.sources[0].health.errors >= 3 })
        // 0.2 + 0.4 + 0.8 (+10 % jitter) s pass before the fourth request; 1.6 s more before the fifth.
        Thread.sleep(forTimeInterval: 0.5)
        poller.stop()
        let count = server.requests.count
        #expect((3...5).contains(count), "\(count) requests")
        #expect(poller.snapshot.sources[0].health.lastError == "HTTP 500")
        let schedule = RetrySchedule(pollSeconds: 30, maximumBackoffSeconds: 600)
        #expect([0, 1, 2, 3, 4, 5, 10].map { schedule.delaySeconds(afterFailures: $0) } == [30, 60, 120, 240, 480, 600, 600])
        #expect(schedule.delaySeconds(afterFailures: 0, jitter: 0.5) == 31.5)
    }

    /// The last good feed is kept on disk; a kiosk restarted with the server gone shows it, aged from when it was
    /// received.
    @Test func aRestartWithTheServerGoneUsesTheCopyOnDisk() throws {
        let directory = Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let server = try LoopbackServer { _ in .respond(status: 200, headers: ["ETag": "\"a\""], body: Self.alerts) }
        let source = server.url + "/alerts.pb"
        let first = RealtimePoller(settings: Self.settings([source], cache: directory), wallClock: { 1_000_000 })
        first.start()
        #expect(Self.waitFor(first) { $0.sources[0].health.fetches == 1 })
        first.stop()
        server.stop()

        let second = RealtimePoller(settings: Self.settings([source], poll: 5, timeout: 0.5, cache: directory), wallClock: { 1_000_060 })
        second.start()
        defer { second.stop() }
        #expect(Self.waitFor(second) { $0.sources[0].feed != nil })
        let restored = second.snapshot.sources[0]
        #expect(restored.health.fromDisk)
        #expect(restored.feed?.alerts.first?.id == "BSA_187874")
        #expect(restored.health.ageSeconds(nowSeconds: 1_000_060) == 60)
        #expect(Self.waitFor(second) { $0.sources[0].health.errors >= 1 })
        #expect(second.snapshot.sources[0].feed?.alerts.count == 1)
    }

    /// A `file://` source is read when it changes; a FIFO (a read that could block forever) is refused.
    @Test func aFileSourceIsReadWhenItChanges() throws {
        let directory = Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let path = directory + "/alerts.pb"
        try Data(Self.alerts).write(to: URL(fileURLWithPath: path))
        let fetcher = FileFeedFetcher(path: path, maximumBytes: 1 << 20)
        guard case .body(let bytes, let validators) = fetcher.fetch(validators: nil) else { Issue.record("not read"); return }
        #expect(bytes == Self.alerts)
        guard case .notModified = fetcher.fetch(validators: validators) else { Issue.record("read again"); return }
        try Data(Self.tripUpdates).write(to: URL(fileURLWithPath: path))
        guard case .body(let changed, _) = fetcher.fetch(validators: validators) else { Issue.record("change missed"); return }
        #expect(changed == Self.tripUpdates)
        guard case .failed(let reason) = FileFeedFetcher(path: path, maximumBytes: 1000).fetch(validators: nil) else {
            Issue.record("size limit ignored")
            return
        }
        #expect(reason.contains("limit of 1000"))
        let fifo = directory + "/fifo"
        #expect(mkfifo(fifo, 0o600) == 0)
        guard case .failed(let fifoReason) = FileFeedFetcher(path: fifo, maximumBytes: 1000).fetch(validators: nil) else {
            Issue.record("FIFO read")
            return
        }
        #expect(fifoReason.contains("not a regular file"))
    }

    /// A file source not there yet is looked for every poll, not backed off from: the file another process drops
    /// later is shown a poll after it appears. With a backoff the tenth look would come 0.05 × (2 + 4 + … + 512) =
    /// 25.6 s after the start, past the wait. The log says the missing file once, not at every look.
    @Test func aMissingFileIsLookedForEveryPoll() throws {
        let directory = Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let path = directory + "/alerts.pb"
        let logged = LogLines()
        let poller = RealtimePoller(settings: Self.settings(["file://" + path], poll: 0.05), log: { logged.append($0) })
        poller.start()
        defer { poller.stop() }
        #expect(Self.waitFor(poller) { $0.sources[0].health.errors >= 10 })
        #expect(poller.snapshot.sources[0].health.lastError?.contains("No such file") == true)
        #expect(logged.lines.filter { $0.contains("No such file") }.count == 1, "\(logged.lines)")
        try Data(Self.alerts).write(to: URL(fileURLWithPath: path))
        #expect(Self.waitFor(poller) { $0.sources[0].health.fetches == 1 })
        #expect(poller.snapshot.sources[0].feed?.alerts.first?.id == "BSA_187874")
    }

    /// While a source hangs, the snapshot (what each frame reads) is still handed out at once.
    @Test func aHangNeverBlocksTheSnapshot() throws {
        let server = try LoopbackServer { _ in .hang }
        defer { server.stop() }
        let poller = RealtimePoller(settings: Self.settings([server.url + "/feed.pb"], timeout: 2))
        poller.start()
        defer { poller.stop() }
        let deadline = Date(timeIntervalSinceNow: 5)
        while server.requests.isEmpty && Date() < deadline { Thread.sleep(forTimeInterval: 0.01) }
        #expect(server.requests.count == 1)
        // 100 "frames" while the request hangs: each takes the snapshot.
        for _ in 0..<100 { #expect(poller.snapshot.sources[0].feed == nil) }
        #expect(poller.snapshot.sources[0].health.errors == 0)
    }

    @Test func anUnsupportedSchemeIsAnError() {
        let poller = RealtimePoller(settings: Self.settings(["ftp://example.org/feed.pb"]))
        poller.start()
        poller.stop()
        #expect(poller.snapshot.sources[0].health.lastError == "scheme 'ftp' is not http, https or file")
    }
}

/// What a poller logged, from its threads.
final class LogLines: @unchecked Sendable {
    private let lock = NSLock()
    private var kept: [String] = []

    var lines: [String] { lock.withLock { kept } }

    func append(_ line: String) { lock.withLock { kept.append(line) } }
}
