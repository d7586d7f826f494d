import MetroMap
import Raster
import TestSupport
import Testing
import TouchInput
@testable import KioskCore

/// A trace of `traces/search/` played through the kiosk's loop on the demo map, with `traces/search/kiosk.toml`, on a
/// 1280×800 screen fed only damage (so a part of the sheet drawn without its damage shows as a mismatch).
enum SearchTraceReplay {
    static let demo = try! BundledMap.loadDemo()

    /// The loop over `traces/search/NAME.csv`; `onFrame` sees each frame with the loop, before the next turn.
    /// `font`: names drawn (nil: the sheet's text is left out, for tests that read only the records).
    static func run(_ name: String, font: Font? = nil,
                    onFrame: @escaping (FrameRecord, KioskLoop) -> Void) throws -> (loop: KioskLoop, screen: DamageOnlyScreen) {
        let config = try KioskConfigLoader.load(contentsOf: RepositoryPaths.file("traces/search/kiosk.toml").path)
        let touches = try TraceReader.frames(path: RepositoryPaths.file("traces/search/\(name).csv").path,
                                             outputSize: OutputSize(width: 1280, height: 800))
        let input = TraceInput(frames: touches)
        let clock = SimulatedClock(startMicroseconds: (input.firstEventMicroseconds ?? 0) - 40_000)
        let screen = DamageOnlyScreen(width: 1280, height: 800, clock: clock)
        let loop = try KioskLoop(map: demo, config: config, font: font, input: input, output: screen, clock: clock)
        loop.onFrame = { [unowned loop] in onFrame($0, loop) }
        var turns = 0
        while try loop.turn() {
            turns += 1
            if turns > 100_000 { Issue.record("replay of \(name) never ended"); break }
        }
        return (loop, screen)
    }
}
