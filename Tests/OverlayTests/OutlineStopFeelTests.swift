import Physics
import Testing
import TouchInput
@testable import Overlay

/// A finger dragging the inset's outline stops dead and rests before lifting (issue 28): the map must stop where a
/// finger on the map would have, at every touch rate. The outline pans the map by its motion magnified (scheme units
/// at the map's scale over the inset's, about 10× here), so the 8 ms prediction that holds a paused finger where it
/// was heading moved the map 10× as far past the drag.
struct OutlineStopFeelTests {
    static let rates = [60, 90, 120, 144, 240]
    /// The map's scale in `InsetTraceReplay` (output pixels per scheme unit).
    static let mapScale = 2.56
    static let speed = 300.0

    /// Down on the outline, 30 px right at 300 px/s, then still (the panel sends nothing) for 300 ms, then up.
    static func abruptStop(rate: Int) -> [TouchFrame] {
        let period = 1_000_000 / Double(rate)
        let start: Int64 = 100_000
        func frame(_ phase: TouchPhase, at time: Int64, x: Double?) -> TouchFrame {
            TouchFrame(timeMicroseconds: time, events: [
                TouchEvent(slot: 0, phase: phase, x: x, y: x == nil ? nil : 45, timeMicroseconds: time)])
        }
        var frames = [frame(.down, at: start, x: 50)]
        let moves = Int((0.1 * Double(rate)).rounded())
        var time = start
        for k in 1...moves {
            time = start + Int64((Double(k) * period).rounded())
            frames.append(frame(.move, at: time, x: 50 + speed * Double(time - start) / 1_000_000))
        }
        frames.append(frame(.up, at: time + 300_000, x: nil))
        return frames
    }

    @Test(arguments: rates) func anAbruptStopPansTheMapNoFurtherThanAFingerOnTheMap(rate: Int) throws {
        let input = Self.abruptStop(rate: rate)
        let replay = InsetTraceReplay(input: input, latency: CardTraceReplay.loopLatency)
        let dragged = try #require(input.dropLast().last?.events.first?.x) - 50
        let panned = try #require(replay.frames.last?.panned)
        let scale = replay.inset.insetScale
        // In the map's output pixels: how far the finger's drag moves it, and how far past that it went.
        let drag = dragged / scale * Self.mapScale
        let overshoot = panned.x * Self.mapScale - drag
        print(String(format: "outline stop %d Hz: drag %.1f map px, overshoot %.2f map px", rate, drag, overshoot))
        #expect(overshoot >= -1e-6, "\(rate) Hz: the map stepped back \(-overshoot) px under a paused finger")
        #expect(overshoot <= Self.speed * 0.008 + 0.1,
                "\(rate) Hz: the map went \(overshoot) px past the drag; a finger on the map goes 2.4 px")
        #expect(panned.y == 0)
    }
}
