import Physics
import Testing
@testable import TouchInput

/// The iOS estimate of a touch that only just reaches back its three segments (25 ms): a short flick at 120 Hz is
/// exactly that long, so a touch-down stamped a little late must cost the estimate a little, not the oldest
/// segment's whole weight (issue 28: ±1 ms jitter made 30 ms flicks at 120 Hz glide 54–59 % short).
struct ShortTouchVelocityTests {
    /// A steady 1000 px/s flick: down at `downShift` µs off its steady time, then three reports 8⅓ ms apart.
    static func estimate(downShift: Int64) -> Double {
        var tracker = VelocityTracker(strategy: .ios)
        tracker.addSample(x: 1000, y: 400, timeMicroseconds: 100_000 + downShift)
        for k in 1...3 {
            let t = Int64((Double(k) * 8333.3).rounded())
            tracker.addSample(x: 1000 - Double(t) / 1000, y: 400, timeMicroseconds: 100_000 + t)
        }
        return tracker.releaseVelocity(liftMicroseconds: 133_333).x
    }

    @Test(arguments: [-1000, -300, 0, 1, 300, 1000] as [Int64]) func aLateTouchDownCostsTheEstimateLittle(shift: Int64) {
        let onTime = Self.estimate(downShift: 0)
        #expect(abs(onTime + 1000) < 1, "on time: UIKit's three segments, \(onTime) px/s")
        let shifted = Self.estimate(downShift: shift)
        // Off by δ, the oldest segment (weight 0.6) is off by about δ/8333 of itself: late, it is covered that much
        // less; early, its 8⅓ ms of motion are spread over 8⅓ ms + δ. Before, 1 µs late dropped it: −60 %.
        #expect(abs(shifted / onTime - 1) <= 0.6 * Double(abs(shift)) / 8333 + 0.01,
                "down \(shift) µs off: \(shifted) px/s against \(onTime)")
    }
}
