import Foundation
import KioskCore
import OutputFile
import Realtime
import Speech

/// Keeps the facts `status.json` reports and writes it (and the Prometheus textfile) every interval and whenever
/// the kiosk's state or screen changes, each atomically through `OutputFile`: node_exporter or `metro-kiosk status`
/// never reads half a file.
public final class StatusReporter {
    public var settings: KioskConfig.StatusSettings
    private let startMicroseconds: Int64
    public private(set) var frames = 0
    /// Drawing times of the latest frames (µs), oldest overwritten first.
    private var frameTimes: [Int64] = []
    private var nextFrameTime = 0
    static let frameTimeWindow = 1024
    public var lastError: String?
    public var config = KioskStatus.Identity(path: nil)
    public var map = KioskStatus.Identity(path: nil)
    /// `KioskLoop.panel` of the map shown, as the log says it.
    public var panel: String?
    /// Where speech goes (`KioskStatus.audio`).
    public var audio: String?
    /// The map's Japanese names speech cannot read (`KioskStatus.AudioStatus.unreadNames`).
    public var unreadNames: [String]?
    /// The headphone jack as its watch last read it (`KioskStatus.AudioStatus.jack`).
    public var jack: (@Sendable () -> HeadphoneJack)?
    /// The realtime sources' snapshot as it is now (`RealtimePoller.snapshot`); nil: no sources configured.
    public var realtime: (@Sendable () -> RealtimeSnapshot)?
    private var lastWrittenMicroseconds: Int64?
    private var lastState: (String, Bool)?
    /// The last status written (tests, and the log line of a failed write).
    public private(set) var last: KioskStatus?
    private var writeFailureLogged = false
    /// A change of state was written before the frame it brings was drawn (a wake is written, then drawn): that
    /// frame is written too, at once, not a whole interval later (the file would say "showing", 0 frames).
    private var frameAwaited = false
    private var writeSoon = false

    public init(settings: KioskConfig.StatusSettings, startMicroseconds: Int64) {
        self.settings = settings
        self.startMicroseconds = startMicroseconds
    }

    /// Input-to-flip latency of the frames that answered input (`FrameRecord.inputLatencyMicroseconds`).
    public private(set) var inputLatency = InputLatency()

    public func recordInputLatency(microseconds: Int64) {
        inputLatency.record(microseconds)
    }

    public func recordFrame(drawMicroseconds: Int64) {
        frames += 1
        if frameAwaited {
            frameAwaited = false
            writeSoon = true
        }
        if frameTimes.count < Self.frameTimeWindow {
            frameTimes.append(drawMicroseconds)
        } else {
            frameTimes[nextFrameTime] = drawMicroseconds
            nextFrameTime = (nextFrameTime + 1) % Self.frameTimeWindow
        }
    }

    /// The next time a periodic write is due (monotonic µs).
    public func nextDueMicroseconds() -> Int64? {
        guard settings.file != nil || settings.prometheusFile != nil else { return nil }
        if writeSoon { return lastWrittenMicroseconds ?? startMicroseconds }
        return periodicDueMicroseconds
    }

    /// The periodic write keeps its rhythm from the start and the changes of state, not from a frame's write.
    private var periodicDueMicroseconds: Int64 {
        (lastWrittenMicroseconds ?? startMicroseconds) + Int64(settings.intervalSeconds * 1_000_000)
    }

    /// Writes the status when the interval passed or the state changed; returns a problem to log, if writing failed.
    public func update(state: KioskLife.State, screenOn: Bool, nowMicroseconds now: Int64, wallSeconds: Double,
                       touches: Int, lastTouchWallSeconds: Double?) -> String? {
        let changed = lastState.map { $0 != (state.rawValue, screenOn) } ?? true
        let periodic = (settings.file != nil || settings.prometheusFile != nil) && now >= periodicDueMicroseconds
        guard changed || periodic || writeSoon else { return nil }
        lastState = (state.rawValue, screenOn)
        if changed { frameAwaited = true }
        writeSoon = false
        if changed || periodic { lastWrittenMicroseconds = now }
        let sorted = frameTimes.sorted()
        func percentile(_ p: Double) -> Double? {
            guard !sorted.isEmpty else { return nil }
            let index = min(sorted.count - 1, Int((p * Double(sorted.count)).rounded(.up)) - 1)
            return Double(sorted[max(0, index)]) / 1000
        }
        let status = KioskStatus(
            state: state.rawValue, screenOn: screenOn, writtenAt: Self.iso8601(wallSeconds),
            uptimeSeconds: Double(now - startMicroseconds) / 1_000_000, frames: frames,
            frameTimeP50Milliseconds: percentile(0.5), frameTimeP99Milliseconds: percentile(0.99),
            touches: touches, lastTouch: lastTouchWallSeconds.map(Self.iso8601), residentBytes: ResidentMemory.bytes(),
            config: config, map: map, lastError: lastError, pid: getpid(), panel: panel,
            realtime: realtime.map { RealtimeSourceStatus.all($0(), nowSeconds: wallSeconds) }, audio: audio.map { KioskStatus.AudioStatus(output: $0, jack: (jack?() ?? .unknown).rawValue, unreadNames: unreadNames) },
            inputLatency: InputLatencyStatus(inputLatency))
        last = status
        var problems: [String] = []
        if let path = settings.file { problems += write(status.json(), to: path) }
        if let path = settings.prometheusFile { problems += write(status.prometheus(), to: path) }
        // One failing path (a missing directory) must not fill the journal once a minute.
        guard !problems.isEmpty, !writeFailureLogged else { return nil }
        writeFailureLogged = true
        return problems.joined(separator: "; ")
    }

    private func write(_ text: String, to path: String) -> [String] {
        RuntimeDirectory.prepare(for: path)
        do {
            try OutputFile.write(text: text, to: path)
            // Readable by whoever may look (node_exporter, an operator); the unit's UMask would make it 0600.
            chmod(path, 0o644)
            return []
        } catch {
            return ["status \(path): \(error)"]
        }
    }

    static func iso8601(_ seconds: Double) -> String {
        let formatter = ISO8601DateFormatter()
        formatter.timeZone = TimeZone(identifier: "UTC")
        return formatter.string(from: Date(timeIntervalSince1970: seconds))
    }
}
