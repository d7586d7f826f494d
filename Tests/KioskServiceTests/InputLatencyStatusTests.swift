import Foundation
import KioskCore
import Testing
@testable import KioskService

/// Input-to-flip latency reaches status.json (percentiles, cumulative buckets) and the Prometheus textfile as a
/// real histogram (`_bucket{le}` cumulative up to `+Inf`, `_sum`, `_count`), which node_exporter passes on as is.
struct InputLatencyStatusTests {
    @Test func latencyIsWrittenToBothFiles() throws {
        let base = FileManager.default.temporaryDirectory.appendingPathComponent("metro-kiosk-latency-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: base, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: base) }
        var settings = KioskConfig.StatusSettings()
        settings.file = base.appendingPathComponent("status.json").path
        settings.prometheusFile = base.appendingPathComponent("kiosk.prom").path
        let reporter = StatusReporter(settings: settings, startMicroseconds: 0)
        #expect(reporter.update(state: .showing, screenOn: true, nowMicroseconds: 0, wallSeconds: 1_780_000_000, touches: 0,
                                lastTouchWallSeconds: nil) == nil)
        // No frame has answered input yet: no field, no metric.
        #expect(reporter.last?.inputLatency == nil)
        for value: Int64 in [9_000, 14_000, 15_000, 21_000, 40_000] { reporter.recordInputLatency(microseconds: value) }
        #expect(reporter.update(state: .screenOff, screenOn: false, nowMicroseconds: 1, wallSeconds: 1_780_000_001, touches: 5,
                                lastTouchWallSeconds: nil) == nil)
        let status = try JSONDecoder().decode(KioskStatus.self, from: Data(contentsOf: URL(fileURLWithPath: settings.file!)))
        let latency = try #require(status.inputLatency)
        #expect(latency.frames == 5 && latency.p50Milliseconds == 15 && latency.p95Milliseconds == 40)
        #expect(latency.buckets.last?.leMilliseconds == nil && latency.buckets.last?.count == 5)
        #expect(latency.buckets.first { $0.leMilliseconds == 16.667 }?.count == 3)
        let prometheus = try String(contentsOfFile: settings.prometheusFile!, encoding: .utf8)
        #expect(prometheus.contains("# TYPE metro_kiosk_input_latency_seconds histogram"))
        #expect(prometheus.contains("metro_kiosk_input_latency_seconds_bucket{le=\"0.016667\"} 3"))
        #expect(prometheus.contains("metro_kiosk_input_latency_seconds_bucket{le=\"+Inf\"} 5"))
        #expect(prometheus.contains("metro_kiosk_input_latency_seconds_sum 0.099"))
        #expect(prometheus.contains("metro_kiosk_input_latency_seconds_count 5"))
    }
}

/// status.json says where speech goes and whether headphones are in, as the jack watch last read it.
struct AudioStatusTests {
    /// status.json's text and what it decodes to, written once by a reporter `configure` has set up.
    static func written(_ configure: (StatusReporter) -> Void) throws -> (text: String, status: KioskStatus) {
        let base = FileManager.default.temporaryDirectory.appendingPathComponent("metro-kiosk-audio-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: base, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: base) }
        var settings = KioskConfig.StatusSettings()
        settings.file = base.appendingPathComponent("status.json").path
        let reporter = StatusReporter(settings: settings, startMicroseconds: 0)
        configure(reporter)
        #expect(reporter.update(state: .showing, screenOn: true, nowMicroseconds: 0, wallSeconds: 1_780_000_000, touches: 0,
                                lastTouchWallSeconds: nil) == nil)
        let text = try String(contentsOfFile: settings.file!, encoding: .utf8)
        return (text, try JSONDecoder().decode(KioskStatus.self, from: Data(text.utf8)))
    }

    @Test func jackStateIsWrittenWithTheOutput() throws {
        let (text, status) = try Self.written { reporter in
            reporter.audio = "ALSA default"
            reporter.jack = { .unplugged }
        }
        #expect(status.audio == KioskStatus.AudioStatus(output: "ALSA default", jack: "out"))
        #expect(text.contains("\"jack\"") && !text.contains("unreadNames"))
    }

    /// Japanese names speech cannot read are listed once in status.json, as an absent device is said there.
    @Test func unreadJapaneseNamesAreWrittenWithTheOutput() throws {
        let (_, status) = try Self.written { reporter in
            reporter.audio = "ALSA default"
            reporter.unreadNames = ["池袋"]
        }
        #expect(status.audio?.unreadNames == ["池袋"])
    }
}
