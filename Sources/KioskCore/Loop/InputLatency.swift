/// Input-to-photon latency: for each frame the loop presents, the time from the oldest input event it answers (the
/// kernel's event timestamp, CLOCK_MONOTONIC) to the moment the frame was shown (the page flip's own timestamp on a
/// display, the simulated vblank in a replay). It is the number touch research and platform certification use
/// (dragging is felt to improve below 25 ms; Windows asks ≤ 35 ms of precision touchpads), so the kiosk keeps it
/// as a Prometheus histogram for the fleet and exact percentiles over a recent window for status.json.
public struct InputLatency: Sendable, Equatable {
    /// Upper bounds of the histogram's buckets, microseconds: around one and two 60 Hz periods finely, then coarser
    /// to a second (a frame that took that long is a stall, whatever its cause). The last bucket is +Inf.
    public static let bucketBoundsMicroseconds: [Int64] = [4_000, 8_000, 12_000, 16_667, 20_000, 25_000, 33_333, 50_000,
                                                           66_667, 100_000, 150_000, 250_000, 500_000, 1_000_000]
    /// How many recent frames the percentiles are taken over.
    public static let window = 1024

    /// Frames counted in each bucket (not cumulative), the last one past every bound.
    public private(set) var bucketCounts = [Int](repeating: 0, count: bucketBoundsMicroseconds.count + 1)
    public private(set) var count = 0
    public private(set) var sumMicroseconds: Int64 = 0
    private var recent: [Int64] = []
    private var nextRecent = 0

    public init() {}

    /// One presented frame that answered input `microseconds` after its oldest event. A negative value (a clock
    /// that stepped, an event stamped late by a driver) is counted as 0: it must not corrupt the sum.
    public mutating func record(_ microseconds: Int64) {
        let value = max(0, microseconds)
        let bucket = Self.bucketBoundsMicroseconds.firstIndex { value <= $0 } ?? Self.bucketBoundsMicroseconds.count
        bucketCounts[bucket] += 1
        count += 1
        sumMicroseconds = sumMicroseconds.addingReportingOverflow(value).overflow ? .max : sumMicroseconds + value
        if recent.count < Self.window {
            recent.append(value)
        } else {
            recent[nextRecent] = value
            nextRecent = (nextRecent + 1) % Self.window
        }
    }

    /// The `p` quantile (0…1) of the recent window by the nearest-rank method, microseconds; nil before any frame.
    public func percentile(_ p: Double) -> Int64? {
        guard !recent.isEmpty else { return nil }
        let sorted = recent.sorted()
        let rank = Int((p * Double(sorted.count)).rounded(.up))
        return sorted[min(sorted.count - 1, max(0, rank - 1))]
    }
}
