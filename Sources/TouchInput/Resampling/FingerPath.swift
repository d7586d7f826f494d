import Physics

/// One finger's reported positions at their touch times, kept for a few reports, resampled at `presentation −
/// latency` for what moves under it outside the map (the journey card, its step list, the search results, the
/// overview inset): the same policy as the map's camera path, so every element under a finger moves the same way.
///
/// Why resample: a panel reports at its own rate (60…240 Hz), the display at another. Showing the newest report at
/// each vblank moves an element by one, two or zero reports per frame (steps alternating ±33–50 % at 90–144 Hz);
/// showing where the finger was a fixed time before each vblank moves it by the same amount every frame. Between two
/// reports: the straight line; past the newest: a short extrapolation from the last two (at most 8 ms and half their
/// spacing, Android's limits); silent for two report periods: held where the prediction reached (a panel sends
/// nothing while a finger is still, and stepping back under a finger that only paused feels like a tug).
public struct FingerPath: Equatable, Sendable {
    public struct Sample: Equatable, Sendable {
        public var timeMicroseconds: Int64
        public var point: ScreenPoint
    }

    public static let capacity = 8
    public static let maximumPredictionMicroseconds: Int64 = 8000

    public private(set) var samples: [Sample] = []
    /// How far past the newest report this path predicts (µs, still at most half the last spacing). Shorter than
    /// Android's 8 ms for what magnifies the finger's motion: the inset's outline pans the map by 1/insetScale (about
    /// 10×) of it, so an 8 ms overshoot under an abrupt stop moved the map 25 px past a 20 px drag.
    public let predictionMicroseconds: Int64

    public init(predictionMicroseconds: Int64 = Self.maximumPredictionMicroseconds) {
        self.predictionMicroseconds = max(0, min(predictionMicroseconds, Self.maximumPredictionMicroseconds))
    }

    public var newest: Sample? { samples.last }

    /// A new finger: the path starts at `point`.
    public mutating func reset(_ point: ScreenPoint, at time: Int64) {
        samples = [Sample(timeMicroseconds: time, point: point)]
    }

    public mutating func clear() { samples = [] }

    /// Adds a report; one at the newest time replaces it. A report after the path went still starts from where the
    /// screen held the finger, not from the report before the silence.
    public mutating func append(_ point: ScreenPoint, at time: Int64) {
        if let last = samples.last, time <= last.timeMicroseconds {
            samples[samples.count - 1] = Sample(timeMicroseconds: last.timeMicroseconds, point: point)
            return
        }
        if let held, let last = samples.last, time >= held.stillTime, held.sample.timeMicroseconds > last.timeMicroseconds {
            samples.append(held.sample)
        }
        samples.append(Sample(timeMicroseconds: time, point: point))
        if samples.count > Self.capacity { samples.removeFirst(samples.count - Self.capacity) }
    }

    /// Where the screen holds the finger once it has been silent for two report periods (as far as the prediction
    /// went, reached at `sample`'s time), from `stillTime` on. Nil without two reports to predict from.
    public var held: (sample: Sample, stillTime: Int64)? {
        guard samples.count >= 2, let last = samples.last else { return nil }
        let previous = samples[samples.count - 2]
        let spacing = last.timeMicroseconds - previous.timeMicroseconds
        let ahead = min(predictionMicroseconds, spacing / 2)
        return (Sample(timeMicroseconds: last.timeMicroseconds + ahead,
                       point: Self.interpolate(previous, last, at: last.timeMicroseconds + ahead)),
                Self.stillTime(after: last, spacing: spacing))
    }

    /// Whether the finger counts as still at touch time `time`: silent for two report periods since the newest.
    public func isStill(at time: Int64) -> Bool {
        guard let held else { return samples.last.map { time > $0.timeMicroseconds } ?? false }
        return time >= held.stillTime
    }

    /// The finger at touch time `time`: before the first report the first, between two the line between them, after
    /// the newest a limited extrapolation (or none: `predicting` false, once the finger lifted).
    public func point(at time: Int64, predicting: Bool) -> ScreenPoint? {
        guard let last = samples.last else { return nil }
        if time >= last.timeMicroseconds {
            guard predicting, samples.count >= 2 else { return last.point }
            let previous = samples[samples.count - 2]
            let spacing = last.timeMicroseconds - previous.timeMicroseconds
            if let held, time >= held.stillTime { return held.sample.point }
            let ahead = min(time - last.timeMicroseconds, predictionMicroseconds, spacing / 2)
            return Self.interpolate(previous, last, at: last.timeMicroseconds + ahead)
        }
        guard let later = samples.firstIndex(where: { $0.timeMicroseconds > time }) else { return last.point }
        if later == 0 { return samples[0].point }
        return Self.interpolate(samples[later - 1], samples[later], at: time)
    }

    /// Whether a frame shown at touch time `time` would differ from one shown later: the path has motion ahead.
    public func hasMotion(after time: Int64, predicting: Bool) -> Bool {
        guard let last = samples.last else { return false }
        guard predicting, samples.count >= 2 else { return time < last.timeMicroseconds }
        return time < Self.stillTime(after: last, spacing: last.timeMicroseconds - samples[samples.count - 2].timeMicroseconds)
    }

    /// The velocity (px/s) between the last two reports: how fast the screen shows the path moving where it ends,
    /// over the last gap as `LastReportGap` measures it (the map's camera path's rule: a late stamp within jitter
    /// counts as the usual gap). Nil without two reports.
    public var finalVelocity: Velocity? {
        guard samples.count >= 2, let last = samples.last,
              let gap = LastReportGap.measured(samples.map(\.timeMicroseconds)) else { return nil }
        let previous = samples[samples.count - 2]
        let span = Double(gap) / 1_000_000
        return Velocity(x: (last.point.x - previous.point.x) / span, y: (last.point.y - previous.point.y) / span)
    }

    /// The finger lifted at touch time `lift`: where and when (presentation time) what it drove hands over to its
    /// own animation. From the newest report, a latency after it, so the first frame of the animation continues the
    /// drag's motion; a lift after the path went still first learns the finger stayed where the screen held it
    /// (released from there, at the lift); when the screen already showed the prediction past the newest report
    /// (`shownMicroseconds`, a presentation time), from what it showed, at once, so it never steps back.
    public mutating func release(liftMicroseconds lift: Int64, latency: Int64, shownMicroseconds: Int64?)
        -> (point: ScreenPoint, presentationMicroseconds: Int64)? {
        guard let newest else { return nil }
        if lift > newest.timeMicroseconds, isStill(at: lift), let hold = point(at: lift, predicting: true) {
            append(hold, at: lift)
        }
        guard let last = samples.last else { return nil }
        if let shown = shownMicroseconds, shown - latency > last.timeMicroseconds,
           let point = point(at: shown - latency, predicting: true) {
            return (point, shown)
        }
        return (last.point, last.timeMicroseconds + latency)
    }

    private static func stillTime(after last: Sample, spacing: Int64) -> Int64 {
        last.timeMicroseconds + max(2 * spacing, maximumPredictionMicroseconds + 1)
    }

    private static func interpolate(_ a: Sample, _ b: Sample, at time: Int64) -> ScreenPoint {
        let span = Double(b.timeMicroseconds - a.timeMicroseconds)
        guard span > 0 else { return b.point }
        let u = Double(time - a.timeMicroseconds) / span
        return ScreenPoint(x: a.point.x + (b.point.x - a.point.x) * u, y: a.point.y + (b.point.y - a.point.y) * u)
    }
}
