import Foundation
import MetroMap
import Overlay
import Raster
import Testing
import TouchInput
@testable import KioskCore

/// The kiosk loop replaying touch frames on a simulated 1280×800 display and clock, as `run --headless` does:
/// every frame it presents, in order. `prepare` sees the loop before its first turn (to add to it from outside);
/// `screen` puts a test's own display, on the replay's clock, in place of the headless one.
enum KioskReplay {
    static func frames(of touches: [TouchFrame], on map: MetroMap, config: KioskConfig, fps: Double = 60,
                       overlay: [any OverlayElement] = [], prepare: (KioskLoop) -> Void = { _ in },
                       screen: ((SimulatedClock) -> any KioskOutput)? = nil) throws -> [FrameRecord] {
        let input = TraceInput(frames: touches)
        let clock = SimulatedClock(startMicroseconds: (input.firstEventMicroseconds ?? 0) - 40_000)
        let output: any KioskOutput
        if let screen {
            output = screen(clock)
        } else {
            let directory = FileManager.default.temporaryDirectory.appendingPathComponent("replay-\(UUID().uuidString)").path
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
            output = HeadlessOutput(width: 1280, height: 800, refreshMillihertz: Int(fps * 1000), clock: clock,
                                    directory: directory, png: .none)
        }
        let loop = try KioskLoop(map: map, config: config, font: try Font.loadDefault(), input: input, output: output, clock: clock)
        overlay.forEach(loop.overlay.add)
        prepare(loop)
        var records: [FrameRecord] = []
        loop.onFrame = { records.append($0) }
        var turns = 0
        while try loop.turn() {
            turns += 1
            if turns > 200_000 { Issue.record("replay never ended"); break }
        }
        return records
    }
}
