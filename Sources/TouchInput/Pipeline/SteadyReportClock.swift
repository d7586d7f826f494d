/// Removes timestamp jitter from a panel's steady reports before anything measures speed from them.
///
/// Why: a touch controller samples on its own steady clock, but the time a report is stamped with (when the kernel
/// handles its interrupt) wanders by a millisecond or so. At 240 Hz that is a quarter of a report period: the
/// speed between two reports swings ±25 %, and the release estimate (which caps the glide at the speed of the path's
/// last segment, so eased lifts do not re-accelerate) took the slow swings: a 1000 px/s flick glided up to 27 %
/// short. The positions are where the finger was at the controller's steady times, so the steady times are the
/// right ones to pair them with.
///
/// How: within a run of steady reports, report time is a straight line of report index (the controller's period);
/// a least-squares fit over the run's last `capacity` reports gives each new report its time on that line. A report
/// that does not fall on the line within the run's own scatter (a gap, a rest, a lift reported late, a shortened
/// last report of a synthetic trace) starts a new run and keeps its own time, so holds, rests, eased lifts and late
/// lifts are timed exactly as reported. A run too short to know its scatter accepts gaps within 0.5–1.5× its median
/// report period. A report whose fitted time is within `exactMicroseconds` of its own keeps its own: a jitter-free
/// panel's times pass through unchanged.
public struct SteadyReportClock: Sendable {
    /// Reports in the fit: at 240 Hz a quarter of a second, enough to shrink ±1 ms jitter to about a tenth.
    public static let capacity = 64
    /// A run needs this many reports before its scatter decides what belongs to it (and before it is fitted). Fewer
    /// cannot tell jitter from a genuinely shorter report: a 50 ms flick at 90 Hz is 6 reports, the last one half a
    /// period after the one before, and fitting it onto the line slowed the flick's end by a third.
    public static let minimumFittedCount = 8
    /// Silence longer than this is a rest (the velocity tracker's own threshold): always a new run.
    public static let restMicroseconds: Int64 = 40_000
    /// Whole-microsecond rounding of a steady clock: fitted times this close to the reported ones are not moved.
    public static let exactMicroseconds: Int64 = 2
    /// How many standard deviations of the run's scatter a report may sit off its line (and never more than half a
    /// period). Generous, because a short run underestimates its scatter (3 dropped jittered flicks out of their
    /// run at 90 Hz); a jitter-free run's scatter is its rounding, so any irregular report still leaves it.
    static let scatterAllowance = 6.0
    /// The least scatter allowance (µs): a jitter-free run still accepts its own rounding.
    static let minimumToleranceMicroseconds = 50.0

    /// The run's reported times, oldest first.
    private var run: [Int64] = []
    private var lastSteady: Int64?

    public init() {
        run.reserveCapacity(Self.capacity)
    }

    /// Forgets the run: the next report starts a new one.
    public mutating func reset() {
        run.removeAll(keepingCapacity: true)
        lastSteady = nil
    }

    /// The time to use for a report the panel stamped `reported`.
    public mutating func steady(_ reported: Int64) -> Int64 {
        // A report not after the one before (a repeated or out-of-order stamp) keeps its own time: downstream takes
        // it as a correction of the newest report, which a nudge forward would turn into motion in a microsecond.
        if let last = run.last, reported <= last {
            reset()
            return reported
        }
        var steady = reported
        if belongsToRun(reported) {
            if run.count == Self.capacity { run.removeFirst() }
            run.append(reported)
            if run.count >= Self.minimumFittedCount, let line = Self.fit(run) {
                let fitted = Int64((line.intercept + line.slope * Double(run.count - 1)).rounded()) + run[0]
                if abs(fitted - reported) > Self.exactMicroseconds { steady = fitted }
            }
        } else {
            run.removeAll(keepingCapacity: true)
            run.append(reported)
        }
        // Never out of order: everything downstream takes a report at or before the newest as a correction of it.
        if let last = lastSteady, steady <= last { steady = last + 1 }
        lastSteady = steady
        return steady
    }

    /// A frame with every event's time moved by what its report's time moved.
    public mutating func steady(_ frame: TouchFrame) -> TouchFrame {
        let time = steady(frame.timeMicroseconds)
        let shift = time - frame.timeMicroseconds
        guard shift != 0 else { return frame }
        var steadied = frame
        steadied.timeMicroseconds = time
        for index in steadied.events.indices { steadied.events[index].timeMicroseconds += shift }
        return steadied
    }

    private func belongsToRun(_ reported: Int64) -> Bool {
        guard let last = run.last, reported > last, reported - last <= Self.restMicroseconds else { return false }
        if run.count >= Self.minimumFittedCount, let line = Self.fit(run) {
            let expected = line.intercept + line.slope * Double(run.count) + Double(run[0])
            let tolerance = min(0.5 * line.slope, max(Self.scatterAllowance * line.scatter, Self.minimumToleranceMicroseconds))
            return abs(Double(reported) - expected) <= tolerance
        }
        guard run.count >= 2 else { return true }
        var gaps = (1..<run.count).map { run[$0] - run[$0 - 1] }
        gaps.append(reported - last)
        gaps.sort()
        let median = Double(gaps[gaps.count / 2])
        let gap = Double(reported - last)
        return gap >= 0.5 * median && gap <= 1.5 * median
    }

    /// Time (µs after `times[0]`) against report index: the line and the residuals' standard deviation.
    private static func fit(_ times: [Int64]) -> (intercept: Double, slope: Double, scatter: Double)? {
        let n = Double(times.count)
        guard times.count >= 3 else { return nil }
        let meanIndex = (n - 1) / 2
        var meanTime = 0.0
        for time in times { meanTime += Double(time - times[0]) }
        meanTime /= n
        var sxy = 0.0, sxx = 0.0
        for (index, time) in times.enumerated() {
            let dx = Double(index) - meanIndex
            sxy += dx * (Double(time - times[0]) - meanTime)
            sxx += dx * dx
        }
        let slope = sxy / sxx
        let intercept = meanTime - slope * meanIndex
        var squares = 0.0
        for (index, time) in times.enumerated() {
            let residual = Double(time - times[0]) - (intercept + slope * Double(index))
            squares += residual * residual
        }
        return (intercept, slope, (squares / (n - 2)).squareRoot())
    }
}
