#if canImport(Glibc)
import Glibc
#endif

/// Times a frame-drawing closure: a few warm-up frames (caches filled, pages touched), then the median of
/// repeated frames, which ignores the odd preempted frame on a shared machine.
struct FrameTimer {
    var warmupFrames = 3
    var minimumFrames = 10
    var targetSeconds = 1.0
    /// Report the fastest frame instead of the median: on a machine shared with other work, the fastest frame is
    /// the better estimate of what the code costs when it has the cores (longer frames are preempted more often).
    var reportsFastest = false
    /// Time frames by the process's CPU time (all threads summed) instead of the wall clock: on a machine busy with
    /// other work, what a single-threaded frame costs without the time it waited for a core. For a frame on n
    /// threads it is the work of all n, not how long the frame took.
    var measuresCPUTime = false

    func medianMilliseconds(_ frame: () -> Void) -> Double {
        for _ in 0..<warmupFrames { frame() }
        let clock = ContinuousClock()
        var samples: [Double] = []
        let start = clock.now
        while samples.count < minimumFrames || (clock.now - start) < .seconds(targetSeconds) {
            samples.append(milliseconds(of: frame))
            if samples.count >= 1000 { break }
        }
        return reported(samples)
    }

    /// Times two ways of drawing the same frame with their frames interleaved (a, b, b, a, a, b, …), for a ratio
    /// between them: on a shared host whose speed drifts from second to second, two cases timed a minute apart
    /// can differ by a third for no reason of their own, while frames taken in turns see the same machine.
    func pairedMilliseconds(_ a: () -> Void, _ b: () -> Void) -> (a: Double, b: Double) {
        for _ in 0..<warmupFrames { a(); b() }
        let clock = ContinuousClock()
        var samplesA: [Double] = [], samplesB: [Double] = []
        let start = clock.now
        while samplesA.count < minimumFrames || (clock.now - start) < .seconds(2 * targetSeconds) {
            // Alternating which goes first keeps either from always following the other's cache footprint.
            if samplesA.count % 2 == 0 {
                samplesA.append(milliseconds(of: a))
                samplesB.append(milliseconds(of: b))
            } else {
                samplesB.append(milliseconds(of: b))
                samplesA.append(milliseconds(of: a))
            }
            if samplesA.count >= 1000 { break }
        }
        return (reported(samplesA), reported(samplesB))
    }

    /// One frame's time: wall clock, or the process's CPU time.
    private func milliseconds(of frame: () -> Void) -> Double {
        if measuresCPUTime {
            let c0 = Self.processCPUMilliseconds()
            frame()
            return Self.processCPUMilliseconds() - c0
        }
        let clock = ContinuousClock()
        let t0 = clock.now
        frame()
        let (seconds, attoseconds) = (clock.now - t0).components
        return Double(seconds) * 1000 + Double(attoseconds) / 1e15
    }

    /// The median of the samples, or the fastest.
    private func reported(_ samples: [Double]) -> Double {
        let sorted = samples.sorted()
        return reportsFastest ? sorted[0] : sorted[sorted.count / 2]
    }

    static func processCPUMilliseconds() -> Double {
        var t = timespec()
        clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t)
        return Double(t.tv_sec) * 1000 + Double(t.tv_nsec) / 1e6
    }
}
