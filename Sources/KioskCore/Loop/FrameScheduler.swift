/// Decides when the next frame will be on screen, so the camera is sampled for that moment and not for the
/// moment the frame happens to be drawn.
public struct FrameScheduler: Sendable, Equatable {
    public let refreshPeriodMicroseconds: Int64
    public private(set) var lastPresentationMicroseconds: Int64?

    public init(refreshPeriodMicroseconds: Int64) {
        self.refreshPeriodMicroseconds = max(refreshPeriodMicroseconds, 1)
    }

    /// From a mode's refresh rate (millihertz avoids rounding 59.94 Hz into 60).
    public init(refreshMillihertz: Int) {
        self.init(refreshPeriodMicroseconds: Int64((1_000_000_000.0 / Double(max(refreshMillihertz, 1))).rounded()))
    }

    /// The presentation time of a frame started at `now`: one period after the last one; if the display has
    /// been idle (or frames were missed), the first vblank-aligned time after `now`.
    public func nextPresentation(after now: Int64) -> Int64 {
        guard let last = lastPresentationMicroseconds else { return now + refreshPeriodMicroseconds }
        let next = last + refreshPeriodMicroseconds
        if next > now { return next }
        let missed = (now - last) / refreshPeriodMicroseconds + 1
        return last + missed * refreshPeriodMicroseconds
    }

    public mutating func presented(at time: Int64) {
        lastPresentationMicroseconds = time
    }
}
