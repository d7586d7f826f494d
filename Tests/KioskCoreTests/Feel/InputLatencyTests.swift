import Testing
import TouchInput
@testable import KioskCore

/// The loop's own share of input-to-photon latency (issue 37): every frame that answers a finger says how long ago
/// the oldest report it answers arrived, and in a replay (no kernel, no panel) that is at most one refresh period
/// plus 8 ms, the floor.
struct InputLatencyTests {
    @Test(arguments: FeelTrace.rates)
    func aFlickIsShownWithinAPeriodOfEachReport(rate: Int) throws {
        let trace = try FeelTrace("flick", rate: rate)
        let touching = trace.frames.filter { $0.touches > 0 }
        let measured = touching.compactMap(\.inputLatencyMicroseconds)
        // Every report arrives faster than the display refreshes (60 Hz and up), so nearly every frame while the
        // finger is down answers one.
        #expect(measured.count >= touching.count - 1, "\(measured.count) of \(touching.count) frames measured")
        #expect(measured.allSatisfy { $0 >= 0 })
        let floor = FeelTrace.periodMicroseconds + 8_000
        #expect(measured.allSatisfy { $0 <= floor }, "worst \(measured.max() ?? 0) µs, floor \(floor) µs")
        // A glide after the lift answers nothing new: its frames carry no latency.
        if let lift = trace.liftIndex() {
            #expect(trace.frames[(lift + 2)...].allSatisfy { $0.inputLatencyMicroseconds == nil })
        }
    }

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

/// How long before its vblank a frame's input is taken.
struct FrameBudgetTests {
    @Test func theBudgetFollowsTheSlowestRecentFrameWithinItsBounds() {
        var budget = FrameBudget()
        let period: Int64 = 16_667
        // No frame yet, or frames drawn in no time (a replay): the minimum.
        #expect(budget.budget(periodMicroseconds: period) == FrameBudget.minimumMicroseconds)
        budget.recordDrawing(microseconds: 2_000)
        #expect(budget.budget(periodMicroseconds: period) == FrameBudget.minimumMicroseconds)
        // A 9 ms frame: a quarter more and a millisecond.
        budget.recordDrawing(microseconds: 9_000)
        #expect(budget.budget(periodMicroseconds: period) == 9_000 + 2_250 + 1_000)
        // Slower than the period: the whole period, as before budgets (the frame starts at once).
        budget.recordDrawing(microseconds: 30_000)
        #expect(budget.budget(periodMicroseconds: period) == period)
        // The slow frame leaves the window after 16 quicker ones.
        for _ in 0..<16 { budget.recordDrawing(microseconds: 1_000) }
        #expect(budget.budget(periodMicroseconds: period) == FrameBudget.minimumMicroseconds)
    }
}
