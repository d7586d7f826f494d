import Foundation
import KioskCore
import Raster
import Testing
import TestSupport

/// `snapshot`'s home view is the kiosk's first frame: the map, its names and everything composed over it (the
/// "You are here" callout and its departures, the controls at rest, the legend) by the loop's own path. It drew the
/// controls by a path of its own and left out the callout.
struct SnapshotHomeViewTests {
    static let configPath = RepositoryPaths.file("configs/demo.toml").path
    static let moment = "2026-11-27 14:00"

    @Test func theHomeViewsSnapshotIsTheLoopsFirstFrameByteForByte() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("metro-kiosk-home-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let out = directory.appendingPathComponent("home.png")
        let result = try MetroKioskProcess.run(["snapshot", "--config", Self.configPath, "--size", "800x480",
                                                "--at", Self.moment, "--out", out.path])
        #expect(result.status == 0, "\(result.stderr)")
        let snapshot = try readPNG(path: out.path)

        // The kiosk of the same config: its loop's first turn on a clock started at the same wall-clock moment.
        let session = try KioskSession(configPath: Self.configPath)
        let timetable = try #require(session.timetable)
        let instant = try #require(timetable.instant(local: Self.moment))
        let clock = SimulatedClock(startMicroseconds: 0)
        let output = KioskStill.LastFrameOutput(width: 800, height: 480, clock: clock)
        let loop = try KioskLoop(map: session.map, config: session.config, fonts: try session.config.labelFonts(),
                                 input: TraceInput(frames: []), output: output, clock: clock, timetable: timetable)
        loop.wallClock = { instant.addingTimeInterval(Double(clock.nowMicroseconds) / 1_000_000) }
        #expect(try loop.turn())
        let first = try #require(output.last)
        #expect(loop.youAreHere?.box != nil, "the callout is part of the first frame")

        #expect(snapshot.width == first.width && snapshot.height == first.height)
        // PNG keeps no alpha: the colour bytes of every pixel.
        var differing = 0
        for y in 0..<first.height {
            for x in 0..<first.width where (snapshot.pixel(x: x, y: y) ?? 0) & 0x00FF_FFFF != (first.pixel(x: x, y: y) ?? 0) & 0x00FF_FFFF {
                differing += 1
            }
        }
        #expect(differing == 0, "\(differing) pixels differ")
    }
}
