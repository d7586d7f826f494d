import KioskCore
import Logging
import Realtime

extension RealtimeSettings {
    /// The poller's settings from `[network]`'s realtime keys.
    public init(_ config: KioskConfig.RealtimeSettings) {
        self.init(sources: config.sources, pollSeconds: config.pollSeconds, timeoutSeconds: config.timeoutSeconds,
                  staleSeconds: config.staleSeconds, maximumFeedBytes: config.maximumFeedBytes, cacheDirectory: config.cacheDirectory)
    }
}

extension RealtimePoller {
    /// Starts polling `[network] realtime`'s sources, logging each rejection and recovery; nil without sources.
    /// Sources are read at start only (a reload that changes them takes effect at the next start).
    static func start(_ config: KioskConfig.RealtimeSettings, logger: Logger) -> RealtimePoller? {
        guard !config.sources.isEmpty else { return nil }
        let poller = RealtimePoller(settings: RealtimeSettings(config), log: { line in logger.notice("realtime: \(line)") })
        poller.start()
        logger.info("realtime: polling \(config.sources.count) source(s) every \(config.pollSeconds) s")
        return poller
    }
}
