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
            if measuresCPUTime {
                let c0 = Self.processCPUMilliseconds()
                frame()
                samples.append(Self.processCPUMilliseconds() - c0)
            } else {
                let t0 = clock.now
                frame()
                let elapsed = clock.now - t0
                let (seconds, attoseconds) = elapsed.components
                samples.append(Double(seconds) * 1000 + Double(attoseconds) / 1e15)
            }
            if samples.count >= 1000 { break }
        }
        samples.sort()
        return reportsFastest ? samples[0] : samples[samples.count / 2]
    }

    static func processCPUMilliseconds() -> Double {
        var t = timespec()
        clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t)
        return Double(t.tv_sec) * 1000 + Double(t.tv_nsec) / 1e6
    }
}
