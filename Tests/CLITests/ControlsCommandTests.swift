import Foundation
import Testing
import TestSupport

/// `[controls]` as an operator meets it: check-config's located errors, and snapshot drawing the controls.
struct ControlsCommandTests {
    func directory() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("controls-cli-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    @Test func checkConfigLocatesControlsThatCannotFitOrOverlap() throws {
        let config = try directory().appendingPathComponent("kiosk.toml")
        try """
            [input]
            panel_size_mm = [300, 1000]
            [map]
            languages = ["en", "ru"]
            [controls]
            corner = "left"
            height_mm = [380, 450]
            """.write(to: config, atomically: true, encoding: .utf8)
        let result = try MetroKioskProcess.run(["check-config", config.path])
        #expect(result.status == 78)
        #expect(result.stderr.contains("kiosk.toml:6:1: [controls]: 'corner' must be one of"), "\(result.stderr)")
        #expect(result.stderr.contains("kiosk.toml:7:1: [controls]: the 6 buttons need 128 mm of height but only 70 mm"), "\(result.stderr)")
        // The example config of the controls' replays is fine.
        let ok = try MetroKioskProcess.run(["check-config", RepositoryPaths.file("traces/controls/kiosk.toml").path])
        #expect(ok.status == 0, "\(ok.stderr)")
    }

    @Test func snapshotDrawsTheControlsOfItsConfig() throws {
        let out = try directory()
        let plain = out.appendingPathComponent("plain.toml"), controls = out.appendingPathComponent("controls.toml")
        try "[input]\npanel_size_mm = [320, 200]\n".write(to: plain, atomically: true, encoding: .utf8)
        try "[input]\npanel_size_mm = [320, 200]\n[controls]\n".write(to: controls, atomically: true, encoding: .utf8)
        var pictures: [Data] = []
        for config in [plain, controls, plain] {
            let png = out.appendingPathComponent("\(pictures.count).png")
            let result = try MetroKioskProcess.run(["snapshot", "--config", config.path, "--size", "1280x800", "--out", png.path])
            #expect(result.status == 0, "\(result.stderr)")
            pictures.append(try Data(contentsOf: png))
        }
        #expect(pictures[0] == pictures[2], "a snapshot is deterministic")
        #expect(pictures[0] != pictures[1], "[controls] alone changes the picture: the controls are drawn")
    }
}
