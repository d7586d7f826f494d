import Foundation
import JSONText

/// What `/run/metro-kiosk/status.json` says of the running kiosk: enough for an operator (or a fleet dashboard) to
/// tell at a glance that it is alive, what it shows, and whether it struggles.
public struct KioskStatus: Codable, Equatable, Sendable {
    /// `KioskLife.State`'s name: "showing", "screenOff", "showingProblems", …
    public var state: String
    public var screenOn: Bool
    /// ISO 8601, UTC.
    public var writtenAt: String
    public var uptimeSeconds: Double
    /// Frames presented since start.
    public var frames: Int
    /// Drawing time of the frames in the last window, milliseconds (nil: none drawn).
    public var frameTimeP50Milliseconds: Double?
    public var frameTimeP99Milliseconds: Double?
    /// Touches begun since start.
    public var touches: Int
    /// ISO 8601, UTC; nil: none since start.
    public var lastTouch: String?
    public var residentBytes: Int?
    public var config: Identity
    public var map: Identity
    public var lastError: String?
    public var pid: Int32
    /// The panel size millimetres are drawn at, and its source: `477x268 mm from the DRM connector`,
    /// `… from [input] panel_size_mm` or `…, assumed 96 dpi`; nil while no map has been shown.
    public var panel: String? = nil
    /// Each `[network] realtime` source's freshness and counts; nil: no sources configured.
    public var realtime: [RealtimeSourceStatus]? = nil
    /// Where audio mode's speech goes and whether headphones are in; nil before the first map is shown.
    public var audio: AudioStatus? = nil
    /// Input-to-flip latency of the frames that answered a touch or key; nil before the first.
    public var inputLatency: InputLatencyStatus? = nil

    public struct AudioStatus: Codable, Equatable, Sendable {
        /// `ALSA default`, or `silent: ` and why (an absent device).
        public var output: String
        /// "in", "out", or "unknown" when the card has no headphone jack control (`HeadphoneJack`).
        public var jack: String
        /// Japanese names the voice cannot read (kanji without a kana or Latin name: said "Chinese letter");
        /// nil when there are none or the kiosk shows no Japanese.
        public var unreadNames: [String]?

        public init(output: String, jack: String, unreadNames: [String]? = nil) {
            self.output = output
            self.jack = jack
            self.unreadNames = unreadNames
        }
    }

    /// A file the kiosk runs from: where it is and a hash of what it held when read, so two kiosks (or one kiosk
    /// before and after a reload) can be compared without copying the file.
    public struct Identity: Codable, Equatable, Sendable {
        public var path: String?
        public var name: String?
        /// FNV-1a 64 of the file's bytes, hex; nil for the built-in defaults or a folder.
        public var hash: String?

        public init(path: String?, name: String? = nil, hash: String? = nil) {
            self.path = path
            self.name = name
            self.hash = hash
        }

        /// The identity of the file at `path` as it is now.
        public static func of(path: String?, name: String? = nil) -> Identity {
            guard let path, let data = FileManager.default.contents(atPath: path) else {
                return Identity(path: path, name: name)
            }
            var hash: UInt64 = 0xcbf2_9ce4_8422_2325
            for byte in data {
                hash ^= UInt64(byte)
                hash = hash &* 0x100_0000_01b3
            }
            let hex = String(hash, radix: 16)
            return Identity(path: path, name: name, hash: String(repeating: "0", count: 16 - hex.count) + hex)
        }
    }

    public func json() -> String {
        // Status values are plain data: encoding cannot fail.
        ((try? JSONWriter([.prettyPrinted, .sortedKeys, .escapingSlashes]).text(encoding: self)) ?? "{}") + "\n"
    }

    /// The same facts for node_exporter's textfile collector (Prometheus text format 0.0.4).
    public func prometheus() -> String {
        var lines: [String] = []
        func metric(_ name: String, _ type: String, _ help: String, _ samples: [(labels: String, value: String)]) {
            lines.append("# HELP metro_kiosk_\(name) \(help)")
            lines.append("# TYPE metro_kiosk_\(name) \(type)")
            for sample in samples { lines.append("metro_kiosk_\(name)\(sample.labels) \(sample.value)") }
        }
        func label(_ text: String?) -> String {
            (text ?? "").replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"")
                .replacingOccurrences(of: "\n", with: "\\n")
        }
        metric("info", "gauge", "What the kiosk runs (always 1).", [(
            "{state=\"\(label(state))\",config=\"\(label(config.path))\",config_hash=\"\(label(config.hash))\","
                + "map=\"\(label(map.name))\",map_hash=\"\(label(map.hash))\"}", "1")])
        metric("screen_on", "gauge", "1 while the panel is lit.", [("", screenOn ? "1" : "0")])
        metric("uptime_seconds", "gauge", "Seconds since the kiosk started.", [("", Self.number(uptimeSeconds))])
        metric("frames_total", "counter", "Frames presented since start.", [("", "\(frames)")])
        var quantiles: [(labels: String, value: String)] = []
        if let p50 = frameTimeP50Milliseconds { quantiles.append(("{quantile=\"0.5\"}", Self.number(p50 / 1000))) }
        if let p99 = frameTimeP99Milliseconds { quantiles.append(("{quantile=\"0.99\"}", Self.number(p99 / 1000))) }
        if !quantiles.isEmpty { metric("frame_time_seconds", "gauge", "Frame drawing time over the last window.", quantiles) }
        if let inputLatency {
            var samples = inputLatency.buckets.map { bucket in
                (labels: "{le=\"\(bucket.leMilliseconds.map { Self.number($0 / 1000) } ?? "+Inf")\"}", value: "\(bucket.count)")
            }
            samples = samples.map { (labels: "_bucket" + $0.labels, value: $0.value) }
            samples.append((labels: "_sum", value: Self.number(inputLatency.sumSeconds)))
            samples.append((labels: "_count", value: "\(inputLatency.frames)"))
            metric("input_latency_seconds", "histogram",
                   "From the oldest input event a frame answers to its page flip.", samples)
        }
        metric("touches_total", "counter", "Touches begun since start.", [("", "\(touches)")])
        if let residentBytes { metric("resident_memory_bytes", "gauge", "Resident set size.", [("", "\(residentBytes)")]) }
        metric("error", "gauge", "1 when a problem was logged since start (see status.json lastError).",
               [("", lastError == nil ? "0" : "1")])
        if let realtime, !realtime.isEmpty {
            func each(_ value: (RealtimeSourceStatus) -> String?) -> [(labels: String, value: String)] {
                realtime.compactMap { source in value(source).map { ("{source=\"\(label(source.source))\"}", $0) } }
            }
            metric("realtime_age_seconds", "gauge", "Seconds since the source's last good GTFS-realtime feed (absent: none yet).",
                   each { $0.ageSeconds.map(Self.number) })
            metric("realtime_stale", "gauge", "1 while the source is older than [network] stale_s (or never answered).",
                   each { $0.stale ? "1" : "0" })
            metric("realtime_fetches_total", "counter", "Polls that brought a new feed.", each { "\($0.fetches)" })
            metric("realtime_not_modified_total", "counter", "Polls answered 304 Not Modified (or an unchanged file).",
                   each { "\($0.notModified)" })
            metric("realtime_errors_total", "counter", "Polls that failed or brought bytes that were not a feed.",
                   each { "\($0.errors)" })
            metric("realtime_entities", "gauge", "What the feed in use holds.", realtime.flatMap { source in
                [("alerts", source.alerts), ("trip_updates", source.tripUpdates), ("vehicles", source.vehicles)].map {
                    (labels: "{source=\"\(label(source.source))\",kind=\"\($0.0)\"}", value: "\($0.1)")
                }
            })
        }
        return lines.joined(separator: "\n") + "\n"
    }

    static func number(_ value: Double) -> String {
        String(format: "%.6g", value)
    }
}
