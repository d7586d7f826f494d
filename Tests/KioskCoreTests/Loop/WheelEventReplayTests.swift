import MetroMap
import Physics
import TestSupport
import Testing
import TouchInput
@testable import KioskCore

/// The device and the loop speak one `InputEvent` (issue 36: Platform's and KioskCore's were twins, and the device
/// layer turned detents into a zoom factor): a wheel's detents reach the loop as the device counted them and zoom by
/// the kiosk's own factor per detent (`FeelDefaults.wheelZoomPerDetent`) around the pointer; device reports pass
/// through the loop and change nothing.
struct WheelEventReplayTests {
    static let demo = try! BundledMap.loadDemo()
    static let start: Int64 = 1_000_000

    /// Every frame's camera and state while `events` play on the demo kiosk at 1280×800; and the loop.
    static func replay(_ events: [InputEvent]) throws -> (frames: [FrameRecord], loop: KioskLoop) {
        let input = TraceInput(events: events)
        let clock = SimulatedClock(startMicroseconds: start - 40_000)
        let loop = try KioskLoop(map: demo, config: KioskConfig(), fonts: nil, input: input,
                                 output: DamageOnlyScreen(width: 1280, height: 800, clock: clock), clock: clock)
        var frames: [FrameRecord] = []
        loop.onFrame = { frames.append($0) }
        var turns = 0
        while try loop.turn() {
            turns += 1
            if turns > 100_000 { Issue.record("replay never ended"); break }
        }
        return (frames, loop)
    }

    /// The camera the first time the map rests after the `n`-th zoom it made (n from 1).
    static func rest(afterZoom n: Int, in frames: [FrameRecord]) -> Camera? {
        var zooms = 0, zooming = false
        for frame in frames {
            if frame.state == .zooming, !zooming { zooms += 1 }
            zooming = frame.state == .zooming
            if zooms == n, frame.state == .idle { return frame.camera }
        }
        return nil
    }

    static func wheel(_ steps: Double, at focus: ScreenPoint, _ time: Int64) -> InputEvent {
        .wheel(WheelZoom(steps: steps, focus: focus, timeMicroseconds: time))
    }

    @Test func eachDetentZoomsByTheKiosksFactorAroundThePointer() throws {
        let focus = ScreenPoint(x: 600, y: 380)
        // A detent pushed away, then half a detent of a hi-res wheel, a second apart.
        let (frames, loop) = try Self.replay([Self.wheel(1, at: focus, Self.start),
                                              Self.wheel(0.5, at: focus, Self.start + 1_000_000)])
        let home = loop.camera.home
        let geometry = loop.camera.geometry
        let underFinger = geometry.schemePoint(atScreen: focus, camera: home)
        let first = try #require(Self.rest(afterZoom: 1, in: frames))
        let second = try #require(Self.rest(afterZoom: 2, in: frames))
        #expect(abs(first.scale / home.scale - 1.25) < 1e-9)
        #expect(abs(second.scale / home.scale - 1.25 * 1.25.squareRoot()) < 1e-9)
        for camera in [first, second] {
            let kept = geometry.screenPoint(ofScheme: underFinger, camera: camera)
            #expect(abs(kept.x - focus.x) < 0.01 && abs(kept.y - focus.y) < 0.01,
                    "the pointer's place on the map moved to \(kept)")
        }
    }

    @Test func deviceReportsPassThroughTheLoopAndChangeNothing() throws {
        let (frames, loop) = try Self.replay([
            .deviceAdded(name: "ILITEK ILITEK-TP", timeMicroseconds: Self.start),
            .deviceRemoved(name: "ILITEK ILITEK-TP", timeMicroseconds: Self.start + 500_000),
        ])
        #expect(!frames.isEmpty)
        #expect(frames.allSatisfy { $0.camera == loop.camera.home && $0.state == .idle })
        #expect(!loop.isAudioMode, "a device added is not a keypad plugged in")
    }
}
