import Testing
@testable import TouchInput

/// `SteadyReportClock`: jittered report times come out on the panel's steady clock; anything else as reported.
struct SteadyReportClockTests {
    static func grid(_ rate: Double, count: Int, from start: Double = 100_000) -> [Double] {
        (0..<count).map { start + Double($0) * 1_000_000 / rate }
    }

    @Test(arguments: [60.0, 90, 120, 144, 240])
    func timesOfASteadyPanelPassUnchanged(rate: Double) {
        var clock = SteadyReportClock()
        for time in Self.grid(rate, count: 100) {
            let reported = Int64(time.rounded())
            #expect(clock.steady(reported) == reported, "\(rate) Hz")
        }
    }

    /// What a speed is measured over: the time between consecutive reports. ±1 ms jitter swings it by up to 2 ms
    /// (half a period at 240 Hz); on the fitted line, once the run is long, by under 0.15 ms.
    @Test(arguments: [60.0, 120, 240])
    func millisecondJitterIsRemoved(rate: Double) {
        var clock = SteadyReportClock()
        var random = JitterDraw(seed: 7)
        let period = 1_000_000 / rate
        var worstRaw = 0.0, worstSteady = 0.0
        var previous: (reported: Int64, steady: Int64)?
        for (index, time) in Self.grid(rate, count: 80).enumerated() {
            let reported = Int64((time + random.next(in: -1000...1000)).rounded())
            let steady = clock.steady(reported)
            if index >= 60, let previous {
                worstRaw = max(worstRaw, abs(Double(reported - previous.reported) - period))
                worstSteady = max(worstSteady, abs(Double(steady - previous.steady) - period))
            }
            previous = (reported, steady)
        }
        #expect(worstRaw > 1000, "the draw jitters")
        #expect(worstSteady < 150, "\(rate) Hz: report spacing \(worstSteady) µs off the period (reported: \(worstRaw))")
    }

    @Test func aGapOrAShortReportStartsANewRunAtItsOwnTime() {
        var clock = SteadyReportClock()
        var random = JitterDraw(seed: 3)
        var times = Self.grid(240, count: 30).map { $0 + random.next(in: -1000...1000) }
        let last = times[times.count - 1]
        for time in times { _ = clock.steady(Int64(time.rounded())) }
        // A hold: the panel is silent for 30 ms, then reports again.
        let afterHold = Int64((last + 30_000).rounded())
        #expect(clock.steady(afterHold) == afterHold)
        // A steady run, then a report half a period after its predecessor (a synthetic trace's shortened last move).
        var steady = SteadyReportClock()
        times = Self.grid(90, count: 30)
        for time in times { _ = steady.steady(Int64(time.rounded())) }
        let short = Int64((times[times.count - 1] + 5_556).rounded())
        #expect(steady.steady(short) == short)
    }

    @Test func aRepeatedOrEarlierStampKeepsItsOwnTime() {
        var clock = SteadyReportClock()
        var random = JitterDraw(seed: 9)
        var reported: Int64 = 0
        for time in Self.grid(240, count: 30) {
            reported = Int64((time + random.next(in: -1000...1000)).rounded())
            _ = clock.steady(reported)
        }
        #expect(clock.steady(reported) == reported, "a repeated stamp")
        #expect(clock.steady(reported - 500) == reported - 500, "an earlier stamp")
    }

    @Test func aFrameMovesEveryEventWithItsReport() {
        var clock = SteadyReportClock()
        var random = JitterDraw(seed: 5)
        var frame = TouchFrame(timeMicroseconds: 0, events: [])
        for time in Self.grid(240, count: 40) {
            let reported = Int64((time + random.next(in: -1000...1000)).rounded())
            frame = clock.steady(TouchFrame(timeMicroseconds: reported, events: [
                TouchEvent(slot: 0, phase: .move, x: 1, y: 2, timeMicroseconds: reported)]))
        }
        #expect(frame.events[0].timeMicroseconds == frame.timeMicroseconds)
    }
}

/// Seeded uniform draws (SplitMix64), so every run jitters the same way.
private struct JitterDraw {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next(in range: ClosedRange<Double>) -> Double {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        z ^= z >> 31
        return range.lowerBound + (range.upperBound - range.lowerBound) * Double(z >> 11) / Double(1 << 53)
    }
}
