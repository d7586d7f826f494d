import Testing
import TouchInput
@testable import KioskCore

/// The loop's own share of input-to-photon latency (issue 37): every frame that answers a finger says how long ago
/// the oldest report it answers arrived.
struct InputLatencyTests {
    @Test func theHistogramCountsEveryFrameAndTheWindowGivesPercentiles() {
        var latency = InputLatency()
        #expect(latency.percentile(0.5) == nil)
        for value: Int64 in [3_000, 10_000, 16_000, 16_667, 30_000, 2_000_000, -5] { latency.record(value) }
        #expect(latency.count == 7)
        // ≤4 ms: 3000 and the clamped −5; ≤12 ms: 10000; ≤16.667 ms: 16000 and 16667; ≤33.3 ms: 30000; +Inf: 2 s.
        #expect(latency.bucketCounts[0] == 2 && latency.bucketCounts[2] == 1 && latency.bucketCounts[3] == 2)
        #expect(latency.bucketCounts[6] == 1 && latency.bucketCounts.last == 1)
        #expect(latency.bucketCounts.reduce(0, +) == 7)
        #expect(latency.sumMicroseconds == 3_000 + 10_000 + 16_000 + 16_667 + 30_000 + 2_000_000)
        #expect(latency.percentile(0.5) == 16_000)
        #expect(latency.percentile(1) == 2_000_000)
        // The window keeps the latest frames only: a quiet hour does not hide a slow minute.
        for _ in 0..<InputLatency.window { latency.record(50_000) }
        #expect(latency.percentile(0.01) == 50_000)
        #expect(latency.count == 7 + InputLatency.window)
    }
}
