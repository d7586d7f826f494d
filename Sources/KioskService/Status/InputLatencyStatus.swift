import KioskCore

/// `status.json`'s `inputLatency`: how long touches and keys take to show on the glass (`InputLatency`), the
/// percentiles over the last frames for an operator, the cumulative histogram since start for Prometheus.
public struct InputLatencyStatus: Codable, Equatable, Sendable {
    /// Frames that answered input since start.
    public var frames: Int
    public var p50Milliseconds: Double
    public var p95Milliseconds: Double
    public var p99Milliseconds: Double
    public var sumSeconds: Double
    /// Cumulative counts: frames at or under `leMilliseconds` (nil: +Inf, every frame).
    public var buckets: [Bucket]

    public struct Bucket: Codable, Equatable, Sendable {
        public var leMilliseconds: Double?
        public var count: Int
    }

    /// nil before any frame answered input.
    public init?(_ latency: InputLatency) {
        guard latency.count > 0, let p50 = latency.percentile(0.5), let p95 = latency.percentile(0.95),
              let p99 = latency.percentile(0.99) else { return nil }
        frames = latency.count
        p50Milliseconds = Double(p50) / 1000
        p95Milliseconds = Double(p95) / 1000
        p99Milliseconds = Double(p99) / 1000
        sumSeconds = Double(latency.sumMicroseconds) / 1_000_000
        var running = 0
        buckets = latency.bucketCounts.enumerated().map { index, count in
            running += count
            let bound = InputLatency.bucketBoundsMicroseconds.indices.contains(index)
                ? Double(InputLatency.bucketBoundsMicroseconds[index]) / 1000 : nil
            return Bucket(leMilliseconds: bound, count: running)
        }
    }
}
