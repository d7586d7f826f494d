import Physics
import Testing
@testable import Overlay

/// The journey card's gestures of the feel suite (`traces/feel/card-*`, written by `scripts/feel-traces`), replayed
/// on the portrait test screen at the touch rates of real panels, each holding the invariant its header states.
struct CardFeelTests {
    static let rates = [60, 90, 120, 144, 240]

    static func length() -> Double { Double(CardTraceReplay.screen.height) }

    @Test(arguments: rates) func tapsStepThroughTheAnchors(rate: Int) throws {
        let replay = try CardTraceReplay(trace: "card-taps-\(rate)hz", folder: "traces/feel",
                                             latency: CardTraceReplay.loopLatency)
        #expect(replay.taken.allSatisfy { $0 }, "every tap landed on the card")
        // Where the card rests just before each tap and at the end.
        let rested = [0, 1, 2].map { replay.frame(at: 100_000 + Int64($0) * 1_000_000 - 1)?.anchor } + [replay.frames.last?.anchor]
        #expect(rested == [.peek, .half, .full, .peek], "\(rate) Hz: \(rested)")
        #expect(replay.frames.last?.state == .resting)
    }

    @Test(arguments: rates) func aStillCatchLandsOnTheNearestAnchor(rate: Int) throws {
        let replay = try CardTraceReplay(trace: "card-catch-\(rate)hz", folder: "traces/feel",
                                             latency: CardTraceReplay.loopLatency)
        let caught = try #require(replay.touches.count == 2 ? replay.touches[1] : nil)
        let shown = try #require(replay.frame(at: caught.downMicroseconds)?.extent)
        let motion = replay.card.motion
        let nearest = CardAnchor.allCases.min { abs(motion.extent(of: $0) - shown) < abs(motion.extent(of: $1) - shown) }
        #expect(replay.frames.last?.anchor == nearest, "\(rate) Hz: caught at \(shown) px, rests at \(String(describing: replay.frames.last?.anchor))")
        #expect(nearest != .peek, "the gesture catches the card well above peek")
    }

    @Test(arguments: rates) func aHardFlingNeverPassesFullByMoreThanTheRubberBand(rate: Int) throws {
        for speed in [6000, 8000] {
            let replay = try CardTraceReplay(trace: "card-fling-full-\(speed)-\(rate)hz", folder: "traces/feel",
                                             latency: CardTraceReplay.loopLatency)
            let motion = replay.card.motion
            let overshoot = (replay.frames.map(\.extent).max() ?? 0) - motion.extent(of: .full)
            #expect(overshoot <= motion.fullOvershootReach + 1e-9,
                    "\(speed) px/s at \(rate) Hz: \(overshoot) px past full, the band reaches \(motion.fullOvershootReach)")
            #expect(replay.frames.last?.anchor == .full)
        }
    }
}
