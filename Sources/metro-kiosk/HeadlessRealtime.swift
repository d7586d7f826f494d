import Foundation
import JSONText
import KioskCore
import KioskService
import OutputFile
import Realtime

/// `run --headless` with `[network] realtime`: the kiosk's own poller against the config's sources (HTTP or files,
/// with its timeout, size limit and copy kept on disk), so a replay shows what the device would show with the same
/// feeds, and the kiosk can be tested as a process against a real server.
///
/// A replay's clock is simulated and outruns any network, so the replay starts once every source has answered once
/// (a feed, an error, a timeout: at most `timeout_s` later). The poller's clock is the replay's wall clock (`--at`
/// moved on by the real time since the start): a feed received now is fresh at `--at`, and a copy kept on disk by a
/// run at an earlier `--at` is as old as the moments between the two runs.
final class HeadlessRealtime {
    let poller: RealtimePoller
    private let answered = DispatchSemaphore(value: 0)

    /// Nil without sources.
    init?(_ config: KioskConfig.RealtimeSettings, startingAt moment: Date) {
        guard !config.sources.isEmpty else { return nil }
        let origin = Date()
        let start = moment.timeIntervalSince1970
        let signal = answered
        poller = RealtimePoller(settings: RealtimeSettings(config),
                                wallClock: { start + Date().timeIntervalSince(origin) },
                                log: { line in FileHandle.standardError.write(Data("realtime: \(line)\n".utf8)) },
                                onUpdate: { _ in signal.signal() })
    }

    /// Starts polling and waits until every source has answered once, or `timeout_s` and a second have passed.
    func startAndAwaitFirstAnswers() {
        poller.start()
        let deadline = DispatchTime.now() + poller.settings.timeoutSeconds + 1
        while !Self.everySourceAnswered(poller.snapshot) {
            if answered.wait(timeout: deadline) == .timedOut { break }
        }
    }

    /// A source that brought a feed, said it was unchanged or failed (a feed read back from disk is not an answer).
    static func everySourceAnswered(_ snapshot: RealtimeSnapshot) -> Bool {
        snapshot.sources.allSatisfy { $0.health.fetches + $0.health.notModified + $0.health.errors > 0 }
    }

    /// Stops polling and writes `status.json` in `directory`: each source's age, staleness, errors and counts at the
    /// replay's last moment `now`, as the device's status file reports them under "realtime".
    func finish(writingStatusIn directory: String, now: Date) throws {
        poller.stop()
        let sources = RealtimeSourceStatus.all(poller.snapshot, nowSeconds: now.timeIntervalSince1970)
        let text = try JSONWriter([.prettyPrinted, .sortedKeys, .escapingSlashes]).text(encoding: ["realtime": sources]) + "\n"
        try OutputFile.write(text: text, to: URL(fileURLWithPath: directory).appendingPathComponent("status.json").path)
    }
}
