import Foundation
import KioskCore
import Realtime
import Testing
@testable import KioskService

/// Each realtime source's freshness, last error and counts reach status.json and the Prometheus textfile.
struct RealtimeStatusTests {
    static func snapshot() -> RealtimeSnapshot {
        var bart = SourceHealth(source: "https://api.bart.gov/gtfsrt/alerts.aspx")
        bart.lastGoodAtSeconds = 1_780_000_000 - 42
        bart.fetches = 3
        bart.notModified = 5
        bart.errors = 2
        bart.lastError = "HTTP 500"
        bart.alerts = 1
        let caltrain = SourceHealth(source: "file:///var/lib/metro-kiosk/caltrain.pb")
        return RealtimeSnapshot(sources: [.init(health: bart, feed: RealtimeFeed(version: "1.0", timestamp: 1)),
                                          .init(health: caltrain, feed: nil)], staleSeconds: 300)
    }

    @Test func freshnessAndCountsAreWrittenToBothFiles() throws {
        let base = FileManager.default.temporaryDirectory.appendingPathComponent("metro-kiosk-realtime-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: base, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: base) }
        var settings = KioskConfig.StatusSettings()
        settings.file = base.appendingPathComponent("status.json").path
        settings.prometheusFile = base.appendingPathComponent("kiosk.prom").path
        let reporter = StatusReporter(settings: settings, startMicroseconds: 0)
        let snapshot = Self.snapshot()
        reporter.realtime = { snapshot }
        #expect(reporter.update(state: .showing, screenOn: true, nowMicroseconds: 0, wallSeconds: 1_780_000_000, touches: 0,
                                lastTouchWallSeconds: nil) == nil)
        let status = try JSONDecoder().decode(KioskStatus.self, from: Data(contentsOf: URL(fileURLWithPath: settings.file!)))
        let sources = try #require(status.realtime)
        #expect(sources.count == 2)
        #expect(sources[0].ageSeconds == 42 && !sources[0].stale && sources[0].errors == 2 && sources[0].lastError == "HTTP 500")
        #expect(sources[0].fetches == 3 && sources[0].notModified == 5 && sources[0].alerts == 1)
        #expect(sources[1].ageSeconds == nil && sources[1].stale)
        let prometheus = try String(contentsOfFile: settings.prometheusFile!, encoding: .utf8)
        #expect(prometheus.contains("metro_kiosk_realtime_age_seconds{source=\"https://api.bart.gov/gtfsrt/alerts.aspx\"} 42\n"))
        #expect(!prometheus.contains("metro_kiosk_realtime_age_seconds{source=\"file:///var/lib/metro-kiosk/caltrain.pb\"}"))
        #expect(prometheus.contains("# TYPE metro_kiosk_realtime_errors_total counter\n"))
        #expect(prometheus.contains("metro_kiosk_realtime_errors_total{source=\"https://api.bart.gov/gtfsrt/alerts.aspx\"} 2\n"))
        #expect(prometheus.contains("metro_kiosk_realtime_stale{source=\"file:///var/lib/metro-kiosk/caltrain.pb\"} 1\n"))
        #expect(prometheus.contains("metro_kiosk_realtime_entities{source=\"https://api.bart.gov/gtfsrt/alerts.aspx\",kind=\"alerts\"} 1\n"))
    }

    /// A kiosk without realtime sources writes neither the key nor the metrics, and an older status.json (without
    /// the key) still reads.
    @Test func noSourcesNoRealtimeFacts() throws {
        var settings = KioskConfig.StatusSettings()
        settings.file = nil
        settings.prometheusFile = nil
        let reporter = StatusReporter(settings: settings, startMicroseconds: 0)
        _ = reporter.update(state: .showing, screenOn: true, nowMicroseconds: 0, wallSeconds: 0, touches: 0, lastTouchWallSeconds: nil)
        let status = try #require(reporter.last)
        #expect(status.realtime == nil)
        #expect(!status.prometheus().contains("realtime"))
        #expect(!status.json().contains("realtime"))
    }
}
