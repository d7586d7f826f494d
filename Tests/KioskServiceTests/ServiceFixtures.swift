import Foundation
import KioskCore
import Logging
import TouchInput
@testable import KioskService

/// A headless kiosk service on a config written for the test, its wall clock starting at a given UTC time in a zone.
struct ServiceFixture {
    let directory: URL
    let service: HeadlessKioskService
    static let start: Int64 = 1_000_000

    init(config: String, frames: [TouchFrame] = [], wallStartUTC: Int64, zone: String = "Europe/Berlin",
         width: Int = 320, height: Int = 240) throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("metro-kiosk-service-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let configText = config.replacingOccurrences(of: "$DIR", with: directory.path)
        let path = directory.appendingPathComponent("kiosk.toml").path
        try configText.write(toFile: path, atomically: true, encoding: .utf8)
        service = try HeadlessKioskService(
            configPath: path, input: TraceInput(frames: frames), width: width, height: height, startMicroseconds: Self.start,
            wallStartSeconds: Double(wallStartUTC), timeZone: TimeZone(identifier: zone)!,
            logger: Logger(label: "test", factory: { _ in SwiftLogNoOpLogHandler() }))
    }

    var configPath: String { directory.appendingPathComponent("kiosk.toml").path }

    /// Simulated µs at `minutes` after the start.
    static func at(minutes: Double) -> Int64 { start + Int64(minutes * 60_000_000) }

    func remove() { try? FileManager.default.removeItem(at: directory) }
}

/// Touches as a panel reports them: one finger's drag, a tap, a press held still.
enum Gesture {
    static func drag(from: (Double, Double), to: (Double, Double), at start: Int64, milliseconds: Int = 300,
                     slot: Int = 0) -> [TouchFrame] {
        let steps = max(2, milliseconds / 8)
        var frames = [TouchFrame(timeMicroseconds: start, events: [TouchEvent(slot: slot, phase: .down, x: from.0, y: from.1,
                                                                             timeMicroseconds: start)])]
        for step in 1...steps {
            let f = Double(step) / Double(steps)
            let time = start + Int64(step * milliseconds * 1000 / steps)
            frames.append(TouchFrame(timeMicroseconds: time, events: [TouchEvent(
                slot: slot, phase: .move, x: from.0 + (to.0 - from.0) * f, y: from.1 + (to.1 - from.1) * f, timeMicroseconds: time)]))
        }
        let end = start + Int64(milliseconds * 1000) + 8000
        frames.append(TouchFrame(timeMicroseconds: end, events: [TouchEvent(slot: slot, phase: .up, timeMicroseconds: end)]))
        return frames
    }

    static func tap(at point: (Double, Double), time: Int64) -> [TouchFrame] {
        [TouchFrame(timeMicroseconds: time, events: [TouchEvent(slot: 0, phase: .down, x: point.0, y: point.1, timeMicroseconds: time)]),
         TouchFrame(timeMicroseconds: time + 80_000, events: [TouchEvent(slot: 0, phase: .up, timeMicroseconds: time + 80_000)])]
    }

    /// A finger put down and held still for `seconds`.
    static func press(at point: (Double, Double), time: Int64, seconds: Double) -> [TouchFrame] {
        let end = time + Int64(seconds * 1_000_000)
        return [TouchFrame(timeMicroseconds: time, events: [TouchEvent(slot: 0, phase: .down, x: point.0, y: point.1, timeMicroseconds: time)]),
                TouchFrame(timeMicroseconds: end, events: [TouchEvent(slot: 0, phase: .up, timeMicroseconds: end)])]
    }
}
