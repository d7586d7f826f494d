import Raster
import Testing
@testable import KioskCore

/// A frame is ready to flip once it is drawn and copied to scanout (issue 37: "flipping as soon as the frame is ready
/// within the vblank"). The loop takes input `FrameBudget` before the vblank; a budget that counted drawing alone
/// started every frame too late when the copy was slower than its margin (a 4K portrait frame's turned copy), so each
/// frame was flipped a vblank after the one its camera and input were taken for.
struct ScanoutCopyBudgetTests {
    @Test func aFrameWhoseCopyTakesTenMillisecondsStillMakesItsVblank() throws {
        let trace = try FeelTrace("flick", rate: 60)
        var slow: SlowScanoutScreen?
        let records = try KioskReplay.frames(of: trace.touches, on: FeelTrace.demo, config: FeelTrace.config, screen: { clock in
            let screen = SlowScanoutScreen(copyMicroseconds: 10_000, clock: clock)
            slow = screen
            return screen
        })
        let screen = try #require(slow)
        #expect(records.count > 20, "the flick drew \(records.count) frames")
        // Only the first frame may miss: the budget has no copy time to go by before it.
        #expect(screen.missedFrames.allSatisfy { $0 == 1 }, "frames that missed their vblank: \(screen.missedFrames)")
        // A report waits at most a period for the next deadline, then the budget (the copy, a quarter more and a
        // millisecond): 30.2 ms here. A frame a vblank late adds a period to that.
        let measured = records.dropFirst().compactMap(\.inputLatencyMicroseconds)
        let bound = FeelTrace.periodMicroseconds + 10_000 + 2_500 + 1_000
        #expect(!measured.isEmpty)
        #expect(measured.allSatisfy { $0 <= bound }, "worst \(measured.max() ?? 0) µs, bound \(bound) µs")
    }
}

/// A 1280×800 60 Hz display whose scanout copy takes `copyMicroseconds` of the simulated clock after the loop hands
/// it a frame: a frame copied by its vblank is shown then; one copied later waits for the next vblank, as a page
/// flip does.
private final class SlowScanoutScreen: KioskOutput {
    let width = 1280, height = 800, refreshMillihertz = 60_000
    let copyMicroseconds: Int64
    private let clock: SimulatedClock
    /// Frames (1-based) shown a vblank or more after the one they were drawn for.
    private(set) var missedFrames: [Int] = []
    private var frames = 0

    init(copyMicroseconds: Int64, clock: SimulatedClock) {
        self.copyMicroseconds = copyMicroseconds
        self.clock = clock
    }

    var scanoutCopyMicroseconds: Int64 { copyMicroseconds }

    func present(_ frame: PixelBuffer, damage: IntRect?, predictedMicroseconds: Int64) throws -> Int64 {
        frames += 1
        clock.advance(to: clock.nowMicroseconds + copyMicroseconds)
        var vblank = predictedMicroseconds
        while vblank < clock.nowMicroseconds { vblank += FeelTrace.periodMicroseconds }
        if vblank != predictedMicroseconds { missedFrames.append(frames) }
        clock.advance(to: vblank)
        return vblank
    }
}
