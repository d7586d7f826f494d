import KioskCore
import Raster
#if canImport(Glibc)
import Glibc
#endif

/// The DRM display as the run loop's output: a frame is copied (damage only) and flipped, and `present` returns
/// when it is on screen, with the flip's own timestamp; frames are paced from CLOCK_MONOTONIC where the driver
/// has no real vblank.
final class DRMKioskOutput: KioskOutput {
    let output: DRMOutput
    let display: DRMOutput.Display
    /// Called with every flip completion, for the frame statistics.
    var onFlip: ((FlipCompletion) -> Void)?
    /// Flips in a row that did not complete within a second: the watchdog stops being fed past a few.
    private(set) var consecutiveFlipTimeouts = 0

    init?(output: DRMOutput) {
        guard let display = output.display else { return nil }
        self.output = output
        self.display = display
    }

    var width: Int { display.uprightWidth }
    var height: Int { display.uprightHeight }
    var refreshMillihertz: Int { display.mode.refreshMillihertz }

    func present(_ frame: PixelBuffer, damage: IntRect?, predictedMicroseconds: Int64) throws -> Int64 {
        guard let damage, !damage.isEmpty else { return predictedMicroseconds }
        try waitForSlot()
        let shadow = ShadowFrame(pixels: UnsafePointer(frame.pixels), width: frame.width, height: frame.height,
                                 stridePixels: frame.stridePixels)
        let rect = DamageRect(x: damage.x0, y: damage.y0, width: damage.width, height: damage.height)
        switch try output.present(shadow, damage: rect) {
        case let .shown(completion):
            onFlip?(completion)
            return completion.timestampMicroseconds
        case .flipPending:
            guard let completion = try output.waitForFlip(timeoutMilliseconds: 1000) else {
                consecutiveFlipTimeouts += 1
                return MonotonicClock.nowMicroseconds()
            }
            consecutiveFlipTimeouts = 0
            onFlip?(completion)
            return completion.timestampMicroseconds
        case .busy, .noDisplay:
            return predictedMicroseconds
        }
    }

    /// One flip in flight, and no submission before the pacer's slot.
    private func waitForSlot() throws {
        if output.isFlipPending, let completion = try output.waitForFlip(timeoutMilliseconds: 1000) {
            onFlip?(completion)
        }
        while true {
            let now = MonotonicClock.nowMicroseconds()
            if output.canSubmit(now: now) { return }
            guard let slot = output.pacer.earliestSubmitMicroseconds(), slot > now else { return }
            var pause = timespec(tv_sec: Int((slot - now) / 1_000_000), tv_nsec: Int((slot - now) % 1_000_000) * 1000)
            nanosleep(&pause, nil)
        }
    }
}
