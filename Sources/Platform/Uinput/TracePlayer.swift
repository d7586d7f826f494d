import TouchInput
#if canImport(Glibc)
import Glibc
#endif

/// Plays touch frames into a uinput touchscreen with their recorded timing (relative to the first frame), so the
/// kiosk's velocity tracker sees the speeds the recording had.
public struct TracePlayer {
    public var frames: [TouchFrame]

    public init(frames: [TouchFrame]) {
        self.frames = frames.sorted { $0.timeMicroseconds < $1.timeMicroseconds }
    }

    /// Plays frames up to (not including) `stopAtMicroseconds` after the first, if given: an unplug mid-gesture.
    /// Returns the number of frames sent.
    @discardableResult
    public func play(into device: UinputTouchscreen, stopAtMicroseconds: Int64? = nil) throws(UinputTouchscreen.Failure) -> Int {
        guard let first = frames.first?.timeMicroseconds else { return 0 }
        let start = MonotonicClock.nowMicroseconds()
        var sent = 0
        for frame in frames {
            let offset = frame.timeMicroseconds - first
            if let stop = stopAtMicroseconds, offset >= stop { break }
            let due = start + offset
            while true {
                let now = MonotonicClock.nowMicroseconds()
                if now >= due { break }
                var ts = timespec(tv_sec: Int((due - now) / 1_000_000), tv_nsec: Int((due - now) % 1_000_000) * 1000)
                nanosleep(&ts, nil)
            }
            try device.send(frame)
            sent += 1
        }
        return sent
    }
}
