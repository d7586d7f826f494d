import Platform

/// Frame times over the last minute, for one log line a minute: an operator sees a struggling kiosk in the journal.
struct FrameStatistics {
    private var frames = 0
    private var renderTotal: Int64 = 0
    private var renderWorst: Int64 = 0
    private var flips = 0
    private var windowStart: Int64?
    static let windowMicroseconds: Int64 = 60_000_000

    mutating func record(renderMicroseconds: Int64) {
        frames += 1
        renderTotal += renderMicroseconds
        renderWorst = max(renderWorst, renderMicroseconds)
    }

    mutating func record(flip: FlipCompletion) {
        flips += 1
    }

    /// The summary of the minute just ended, once a minute.
    mutating func summaryIfDue(now: Int64) -> String? {
        guard let start = windowStart else {
            windowStart = now
            return nil
        }
        guard now - start >= Self.windowMicroseconds else { return nil }
        let mean = frames > 0 ? Double(renderTotal) / Double(frames) / 1000 : 0
        let summary = "last minute: \(frames) frames, \(flips) flips, frame time mean \(Self.milliseconds(mean)) ms, worst \(Self.milliseconds(Double(renderWorst) / 1000)) ms"
        self = FrameStatistics()
        windowStart = now
        return summary
    }

    private static func milliseconds(_ value: Double) -> String {
        String(Double(Int(value * 100)) / 100)
    }
}
