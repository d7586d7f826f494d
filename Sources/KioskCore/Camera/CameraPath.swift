import Foundation
import Physics
import TouchInput

/// The cameras the fingers asked for, at their touch times, kept for a few reports: what the screen shows while a
/// finger is down (and for the moment after it lifts) is this path resampled at `presentation − latency`.
///
/// Why resample: a panel reports at its own rate (60…133 Hz), the display at another. Showing the newest report at
/// each vblank moves the map by one, two or zero reports per frame (10/20/20 px at 1000 px/s with 100 Hz touch);
/// showing where the finger was at a fixed time before each vblank moves it by the same amount every frame, as
/// Android resamples touch. Interpolation between two reports when one is newer than that time, else a short
/// extrapolation from the last two (at most 8 ms and half their spacing, Android's limits).
struct CameraPath: Equatable, Sendable {
    struct Sample: Equatable, Sendable {
        var timeMicroseconds: Int64
        var camera: Camera
    }

    /// The finger's limits: the camera path is the finger's path through the camera, so it keeps as many reports and
    /// predicts no further.
    static let capacity = FingerPath.capacity
    static let maximumPredictionMicroseconds = FingerPath.maximumPredictionMicroseconds

    private(set) var samples: [Sample] = []
    /// What the screen says the fingers were doing while it shows this path.
    private(set) var state: CameraState = .dragging

    var newest: Sample? { samples.last }

    mutating func reset(_ camera: Camera, at time: Int64, state: CameraState) {
        samples = [Sample(timeMicroseconds: time, camera: camera)]
        self.state = state
    }

    mutating func clear() {
        samples = []
    }

    /// Adds where the fingers put the camera at `time`; a report at the newest time replaces it. A report after the
    /// path went still starts from where the screen held it (`held`), not from the report before the silence.
    mutating func append(_ camera: Camera, at time: Int64, state: CameraState) {
        self.state = state
        if let last = samples.last, time <= last.timeMicroseconds {
            samples[samples.count - 1] = Sample(timeMicroseconds: last.timeMicroseconds, camera: camera)
            return
        }
        if let held, let last = samples.last, time >= held.stillTime, held.sample.timeMicroseconds > last.timeMicroseconds {
            samples.append(held.sample)
        }
        samples.append(Sample(timeMicroseconds: time, camera: camera))
        if samples.count > Self.capacity { samples.removeFirst(samples.count - Self.capacity) }
    }

    /// Where the screen holds the fingers once they have been silent for two report periods: as far as the
    /// prediction went (reached at `sample`'s time), from `stillTime` on. Nil without two reports to predict from.
    ///
    /// Why not the last report: the screen already showed the prediction past it, and taking that back is a
    /// backward step under a finger that only paused, or that lifts a little late (a panel reports nothing while a
    /// finger is still). Android keeps its last resampled position for the same reason.
    var held: (sample: Sample, stillTime: Int64)? {
        guard samples.count >= 2, let last = samples.last else { return nil }
        let previous = samples[samples.count - 2]
        let spacing = last.timeMicroseconds - previous.timeMicroseconds
        let ahead = min(Self.maximumPredictionMicroseconds, spacing / 2)
        return (Sample(timeMicroseconds: last.timeMicroseconds + ahead,
                       camera: Self.interpolate(previous, last, at: last.timeMicroseconds + ahead)),
                Self.stillTime(after: last, spacing: spacing))
    }

    /// How fast the offset moved between the last two reports, in px/s: the speed the screen shows the fingers'
    /// path moving at where it ends (the frames after it interpolate no further), over the last gap as
    /// `LastReportGap` measures it (a late stamp within jitter counts as the usual gap). Nil without two reports.
    var finalOffsetSpeed: Double? {
        guard samples.count >= 2, let last = samples.last,
              let gap = LastReportGap.measured(samples.map(\.timeMicroseconds)) else { return nil }
        let previous = samples[samples.count - 2]
        let dx = last.camera.offset.x - previous.camera.offset.x, dy = last.camera.offset.y - previous.camera.offset.y
        return (dx * dx + dy * dy).squareRoot() / (Double(gap) / 1_000_000)
    }

    /// Whether the fingers count as still at touch time `time`: silent for two report periods since the newest.
    func isStill(at time: Int64) -> Bool {
        guard let held else { return samples.last.map { time > $0.timeMicroseconds } ?? false }
        return time >= held.stillTime
    }

    /// The camera at touch time `time`: before the first sample the first, between two the straight line between
    /// them, after the newest a limited extrapolation (or none: `predicting` false, after the fingers lifted).
    func camera(at time: Int64, predicting: Bool) -> Camera? {
        guard let last = samples.last else { return nil }
        if time >= last.timeMicroseconds {
            guard predicting, samples.count >= 2 else { return last.camera }
            let previous = samples[samples.count - 2]
            let spacing = last.timeMicroseconds - previous.timeMicroseconds
            // A panel reports while a finger moves; silence for two report periods means the fingers stopped. The
            // screen holds what it showed last (`held`) rather than guessing on, or stepping back.
            if let held, time >= held.stillTime { return held.sample.camera }
            let ahead = min(time - last.timeMicroseconds, Self.maximumPredictionMicroseconds, spacing / 2)
            return Self.interpolate(previous, last, at: last.timeMicroseconds + ahead)
        }
        guard let later = samples.firstIndex(where: { $0.timeMicroseconds > time }) else { return last.camera }
        if later == 0 { return samples[0].camera }
        return Self.interpolate(samples[later - 1], samples[later], at: time)
    }

    /// Whether a frame shown at touch time `time` would differ from one shown later: the path still has motion
    /// ahead of it.
    func hasMotion(after time: Int64, predicting: Bool) -> Bool {
        guard let last = samples.last else { return false }
        guard predicting, samples.count >= 2 else { return time < last.timeMicroseconds }
        return time < Self.stillTime(after: last, spacing: last.timeMicroseconds - samples[samples.count - 2].timeMicroseconds)
    }

    /// When a path whose newest report is `last` counts as stopped: two report periods of silence, and never
    /// before the longest prediction has been shown.
    private static func stillTime(after last: Sample, spacing: Int64) -> Int64 {
        last.timeMicroseconds + max(2 * spacing, maximumPredictionMicroseconds + 1)
    }

    private static func interpolate(_ a: Sample, _ b: Sample, at time: Int64) -> Camera {
        let span = Double(b.timeMicroseconds - a.timeMicroseconds)
        guard span > 0 else { return b.camera }
        let u = Double(time - a.timeMicroseconds) / span
        // Scale in log space: a pinch's ×2 and ÷2 take the same time.
        let scale = a.camera.scale > 0 && b.camera.scale > 0
            ? a.camera.scale * pow(b.camera.scale / a.camera.scale, u) : a.camera.scale + (b.camera.scale - a.camera.scale) * u
        // The offset moves with the scale, not with time: between two cameras of a zoom the screen point both keep
        // in place (the fingers' centre of a pinch) then stays in place at every scale between them too.
        let scaleStep = b.camera.scale - a.camera.scale
        let w = abs(scaleStep) > 1e-9 * max(a.camera.scale, b.camera.scale) ? (scale - a.camera.scale) / scaleStep : u
        return Camera(offset: ScreenPoint(x: a.camera.offset.x + (b.camera.offset.x - a.camera.offset.x) * w,
                                          y: a.camera.offset.y + (b.camera.offset.y - a.camera.offset.y) * w),
                      scale: scale)
    }
}
