import Physics
import Testing
@testable import TouchInput

struct VelocityTrackerTests {
    @Test(arguments: VelocityStrategy.allCases)
    func constantVelocityIsExact(strategy: VelocityStrategy) {
        var tracker = VelocityTracker(strategy: strategy)
        // 1200 px/s right, 450 px/s up, sampled every 8 ms.
        for step in 0..<10 {
            let t = Int64(step) * 8_000
            tracker.addSample(x: 100 + 1.2 * Double(t) / 1000, y: 500 - 0.45 * Double(t) / 1000, timeMicroseconds: t)
        }
        let velocity = tracker.velocity(liftMicroseconds: 72_000 + 10_000)
        #expect(isClose(velocity.x, 1200, relative: 1e-9))
        #expect(isClose(velocity.y, -450, relative: 1e-9))
    }

    @Test func quadraticMotionIsExactUnderLSQ2() {
        // x(t) = 3 + 200 t + 40000 t² (t in s): the velocity at the newest sample t_n is 200 + 80000 t_n.
        var tracker = VelocityTracker(strategy: .lsq2)
        let times: [Int64] = [0, 7_000, 15_000, 22_000, 31_000, 38_000, 46_000]
        for t in times {
            let s = Double(t) / 1_000_000
            tracker.addSample(x: 3 + 200 * s + 40_000 * s * s, y: -5 * s * s, timeMicroseconds: t)
        }
        let newest = Double(times.last ?? 0) / 1_000_000
        let velocity = tracker.velocity(liftMicroseconds: 50_000)
        #expect(isClose(velocity.x, 200 + 80_000 * newest, relative: 1e-9))
        #expect(isClose(velocity.y, -10 * newest, relative: 1e-7))
    }

    @Test func twoSamplesFallBackToTheLine() {
        var tracker = VelocityTracker(strategy: .lsq2)
        tracker.addSample(x: 0, y: 0, timeMicroseconds: 1_000_000)
        tracker.addSample(x: 10, y: -4, timeMicroseconds: 1_010_000)
        let velocity = tracker.velocity(liftMicroseconds: 1_015_000)
        #expect(isClose(velocity.x, 1000, relative: 1e-12))
        #expect(isClose(velocity.y, -400, relative: 1e-12))
    }

    @Test func oneSampleHasNoVelocity() {
        var tracker = VelocityTracker(strategy: .lsq2)
        tracker.addSample(x: 5, y: 5, timeMicroseconds: 0)
        #expect(tracker.velocity(liftMicroseconds: 1_000) == .zero)
    }

    @Test(arguments: VelocityStrategy.allCases)
    func pauseBeforeLiftGivesZero(strategy: VelocityStrategy) {
        var tracker = VelocityTracker(strategy: strategy)
        for step in 0..<6 { tracker.addSample(x: Double(step) * 10, y: 0, timeMicroseconds: Int64(step) * 10_000) }
        // Lift 40 ms after the last sample still flings; 40 ms + 1 µs is a finger that stopped.
        #expect(tracker.velocity(liftMicroseconds: 50_000 + 40_000).x > 900)
        #expect(tracker.velocity(liftMicroseconds: 50_000 + 40_001) == .zero)
    }

    @Test func gapBetweenSamplesStartsAfresh() {
        var tracker = VelocityTracker(strategy: .lsq2)
        // Fast motion, a 41 ms rest, then slow motion: only the slow motion counts.
        for step in 0..<5 { tracker.addSample(x: Double(step) * 50, y: 0, timeMicroseconds: Int64(step) * 10_000) }
        tracker.addSample(x: 300, y: 0, timeMicroseconds: 81_000)
        tracker.addSample(x: 301, y: 0, timeMicroseconds: 91_000)
        tracker.addSample(x: 302, y: 0, timeMicroseconds: 101_000)
        #expect(tracker.sampleCount == 3)
        #expect(isClose(tracker.velocity(liftMicroseconds: 101_000).x, 100, relative: 1e-9))
    }

    /// Samples at 0, 35, 70, 100 ms: the one at 0 is exactly 100 ms older than the newest and must count; the
    /// later three lie on x = 1000 t, the first is 10 px off that line, so including it changes the answer.
    @Test func horizonBoundaryIsInclusive() {
        func velocity(oldestAt oldest: Int64) -> Double {
            var tracker = VelocityTracker(strategy: .lsq2)
            tracker.addSample(x: 10 + Double(oldest) / 1000, y: 0, timeMicroseconds: oldest)
            for t: Int64 in [35_000, 70_000, 100_000] { tracker.addSample(x: Double(t) / 1000, y: 0, timeMicroseconds: t) }
            return tracker.velocity(liftMicroseconds: 100_000).x
        }
        // Just outside: only the three collinear samples remain, and the fit is the line exactly.
        #expect(isClose(velocity(oldestAt: -1), 1000, relative: 1e-9))
        // On the boundary: the off-line sample is in. Reference: least squares through the four points by hand.
        let inside = velocity(oldestAt: 0)
        #expect(isClose(inside, Reference.quadraticSlope(times: [-0.1, -0.065, -0.03, 0], values: [10, 35, 70, 100]), relative: 1e-9))
        #expect(abs(inside - 1000) > 1)
    }

    @Test func onlyTheNewestTwentySamplesCount() {
        var tracker = VelocityTracker(strategy: .lsq2)
        // 25 samples 1 ms apart: the first five are wild, the last twenty move at exactly 500 px/s.
        for step in 0..<25 {
            let x = step < 5 ? Double(step * step * 37) : 0.5 * Double(step)
            tracker.addSample(x: x, y: 0, timeMicroseconds: Int64(step) * 1_000)
        }
        #expect(tracker.sampleCount == 20)
        #expect(isClose(tracker.velocity(liftMicroseconds: 24_000).x, 500, relative: 1e-9))
    }

    @Test func impulseOfTwoSegmentsMatchesTheEnergyBalance() {
        // Segments at 1000 px/s then 2000 px/s: W = ½·1000² = 5·10⁵ (the start from rest counts half), then
        // + (2000 − v(W) = 1000)·2000 = 2.5·10⁶ in all, so v = √(2W) = √5·1000.
        var tracker = VelocityTracker(strategy: .impulse)
        tracker.addSample(x: 0, y: 0, timeMicroseconds: 0)
        tracker.addSample(x: 10, y: 0, timeMicroseconds: 10_000)
        tracker.addSample(x: 30, y: 0, timeMicroseconds: 20_000)
        #expect(isClose(tracker.velocity(liftMicroseconds: 20_000).x, 5.0.squareRoot() * 1000, relative: 1e-9))
    }
}

/// Independent references for checks: a textbook normal-equation solve by Gaussian elimination.
enum Reference {
    static func quadraticSlope(times: [Double], values: [Double]) -> Double {
        var m = [[Double]](repeating: [Double](repeating: 0, count: 4), count: 3)
        for (t, v) in zip(times, values) {
            let powers = [1, t, t * t]
            for row in 0..<3 {
                for column in 0..<3 { m[row][column] += powers[row] * powers[column] }
                m[row][3] += powers[row] * v
            }
        }
        for pivot in 0..<3 {
            for row in (pivot + 1)..<3 {
                let factor = m[row][pivot] / m[pivot][pivot]
                for column in pivot..<4 { m[row][column] -= factor * m[pivot][column] }
            }
        }
        var solution = [0.0, 0.0, 0.0]
        for row in stride(from: 2, through: 0, by: -1) {
            var sum = m[row][3]
            for column in (row + 1)..<3 { sum -= m[row][column] * solution[column] }
            solution[row] = sum / m[row][row]
        }
        return solution[1]
    }
}

/// UIScrollView's release velocity (Flutter's reverse-engineered weights) and the guard that keeps every strategy
/// from pointing backwards.
struct IOSVelocityTests {
    @Test func theLastThreeSegmentsAreWeightedOldestMost() {
        var tracker = VelocityTracker(strategy: .ios)
        // At UIKit's 120 Hz: segments (oldest first) at 100, 1000, 2000 and 4000 px/s: the oldest is out of the three.
        let h = 1.0 / 120
        let xs = [0.0, 100 * h, 1100 * h, 3100 * h, 7100 * h]
        for (i, x) in xs.enumerated() { tracker.addSample(x: x, y: 0, timeMicroseconds: Int64((Double(i) * h * 1e6).rounded())) }
        let velocity = tracker.velocity(liftMicroseconds: 40_000)
        #expect(isClose(velocity.x, 0.6 * 1000 + 0.35 * 2000 + 0.05 * 4000, relative: 1e-3))
    }

    @Test func sampleAgesNotCountsDecideTheWindow() {
        // At 60 Hz, segments at 3000 then 1000 then 500 px/s. The three weighted segments cover the last 25 ms:
        // the newest report period (16⅔ ms at 500 px/s) and the half of the one before nearest it (at 1000 px/s);
        // the oldest segment, 3000 px/s and 33–50 ms back, no longer counts.
        var tracker = VelocityTracker(strategy: .ios)
        let period = 1.0 / 60
        let xs = [0.0, 3000 * period, 4000 * period, 4500 * period]
        for (i, x) in xs.enumerated() { tracker.addSample(x: x, y: 0, timeMicroseconds: Int64((Double(i) * period * 1e6).rounded())) }
        let velocity = tracker.velocity(liftMicroseconds: 60_000)
        #expect(isClose(velocity.x, 0.6 * 1000 + 0.35 * 500 + 0.05 * 500, relative: 1e-3), "\(velocity.x)")
    }

    @Test(arguments: [60.0, 90, 120, 144, 240])
    func aRestReportedForFiftyMillisecondsLeavesNoFling(rateHertz: Double) {
        var tracker = VelocityTracker(strategy: .ios)
        var t = 0.0
        while t < 0.3 { tracker.addSample(x: 900 - 1500 * min(t, 0.25), y: 400, timeMicroseconds: Int64((t * 1e6).rounded())); t += 1 / rateHertz }
        let velocity = tracker.releaseVelocity(liftMicroseconds: Int64((t * 1e6).rounded()))
        #expect(velocity.x == 0, "\(rateHertz) Hz: \(velocity.x) px/s after a 50 ms rest")
    }

    /// A drag left at 1500 px/s that eases to a stop over `easeMilliseconds` (cubic) and lifts one report later.
    static func easedLift(strategy: VelocityStrategy, easeMilliseconds: Double, rateHertz: Double) -> Velocity {
        var tracker = VelocityTracker(strategy: strategy)
        let step = 1 / rateHertz, ease = easeMilliseconds / 1000
        var t = 0.0
        while t < 0.25 + ease + 1e-9 {
            let x: Double
            if t <= 0.25 {
                x = 900 - 1500 * t
            } else {
                let u = min((t - 0.25) / ease, 1)
                x = 900 - 1500 * 0.25 - 1500 * ease / 3 * (1 - (1 - u) * (1 - u) * (1 - u))
            }
            tracker.addSample(x: x, y: 400, timeMicroseconds: Int64((t * 1_000_000).rounded()))
            t += step
        }
        return tracker.releaseVelocity(liftMicroseconds: Int64((t * 1_000_000).rounded()))
    }

    @Test(arguments: [80.0, 100, 150, 200])
    func anEasedOutLiftNeverGivesAReversedVelocity(easeMilliseconds: Double) {
        // The default estimator's policy; the published strategies give what their publications say.
        for strategy in [VelocityStrategy.ios] {
            for rate in [60.0, 90, 100, 120, 133, 144, 240] {
                let velocity = Self.easedLift(strategy: strategy, easeMilliseconds: easeMilliseconds, rateHertz: rate)
                #expect(velocity.x <= 0, "\(strategy) at \(rate) Hz after a \(easeMilliseconds) ms ease: \(velocity.x) px/s")
            }
        }
    }

    @Test func theGuardDropsAnEstimateAgainstTheNetMotion() {
        #expect(ReversedEstimateGuard.alongNetMotion(-300, 12) == 0)
        #expect(ReversedEstimateGuard.alongNetMotion(300, 12) == 300)
        #expect(ReversedEstimateGuard.alongNetMotion(300, 0) == 0, "no net motion: no fling")
        #expect(ReversedEstimateGuard.alongNetMotion(-300, -1) == -300)
    }

    /// A finger that stopped abruptly: a quadratic fit overshoots into the opposite direction.
    static func abruptStop(_ strategy: VelocityStrategy) -> VelocityTracker {
        var tracker = VelocityTracker(strategy: strategy)
        for i in 0...12 { tracker.addSample(x: 900 - 1500 * min(Double(i), 5) * 0.008, y: 400 + Double(i) * 0.8, timeMicroseconds: Int64(i) * 8_000) }
        return tracker
    }

    @Test func thePublishedStrategiesAreNotGuarded() {
        let tracker = Self.abruptStop(.lsq2)
        let raw = tracker.velocity(liftMicroseconds: 100_000)
        #expect(raw.x > 0, "the raw fit points backwards")
        #expect(tracker.releaseVelocity(liftMicroseconds: 100_000) == raw, "lsq2 releases with its own estimate")
        #expect(!VelocityStrategy.lsq2.guardsReversedEstimates && !VelocityStrategy.impulse.guardsReversedEstimates)
    }

    @Test func theDefaultEstimatorRefusesAReversedEstimate() {
        // Jitter at the end of a drag right: the segment weighted most points left, the finger went right.
        var tracker = VelocityTracker(strategy: .ios)
        let xs = [0.0, 20, 40, 60, 80, 100, 120, 140, 132, 133, 134]
        for (i, x) in xs.enumerated() { tracker.addSample(x: x, y: 400 + Double(i), timeMicroseconds: Int64(i) * 8_333) }
        #expect(tracker.velocity(liftMicroseconds: 90_000).x < 0, "the raw weighted mean points backwards")
        let velocity = tracker.releaseVelocity(liftMicroseconds: 90_000)
        #expect(velocity.x == 0, "refused: \(velocity.x) px/s")
        #expect(velocity.y > 0, "the other axis keeps its estimate")
    }
}
