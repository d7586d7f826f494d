import Foundation
import MetroMap
import Testing
@testable import KioskCore

/// Configs that passed check-config and then failed at run time (or silently did the wrong thing). Every
/// problem now comes from `KioskConfigCheck`, which check-config, start and reload share, with a location.
struct HostileConfigTests {
    func write(_ bytes: [UInt8], name: String = "kiosk.toml") throws -> (directory: String, path: String) {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("hostile-config-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        let path = directory + "/" + name
        #expect(FileManager.default.createFile(atPath: path, contents: Data(bytes)))
        return (directory, path)
    }

    func problems(_ text: String) throws -> [String] {
        try problems(Array(text.utf8))
    }

    func problems(_ bytes: [UInt8]) throws -> [String] {
        let file = try write(bytes)
        defer { try? FileManager.default.removeItem(atPath: file.directory) }
        switch KioskConfigCheck.load(configPath: file.path) {
        case .success: return []
        case .failure(let error):
            return error.diagnostics.map { $0.description.replacingOccurrences(of: file.path, with: "kiosk.toml") }
        }
    }

    /// A NUL byte stopped the TOML parser, so everything after it was ignored and check-config said ok.
    @Test func aNulByteIsALocatedError() throws {
        #expect(try problems(Array("[map]\nmax_scale = 4\n".utf8) + [0] + Array("\n[physics]\ndeceleration_rate = 7\n".utf8))
                == ["kiosk.toml:3:1: NUL byte in text (a binary file, or a truncated write?)"])
    }

    @Test func invalidUTF8IsALocatedError() throws {
        #expect(try problems(Array("[map]\nyou_are_here = \"".utf8) + [0xFF, 0xFE] + Array("\"\n".utf8))
                == ["kiosk.toml:2:17: expected UTF-8 text, found byte 0xFF"])
    }

    /// you_are_here, font and the map file are checked where the config names them, and all in one run.
    @Test func problemsWithNamedFilesPointAtTheConfigLineAllAtOnce() throws {
        let lines = try problems("""
            [display]
            rotation = 45
            [map]
            file = "nowhere/map.toml"
            font = "/etc/passwd"
            """)
        #expect(lines.count == 3, "\(lines)")
        #expect(lines.contains("kiosk.toml:2:1: [display]: 'rotation' must be 0, 90, 180 or 270, found 45"))
        #expect(lines.contains { $0.hasPrefix("kiosk.toml:4:8: [map] file: no such file or folder '") })
        #expect(lines.contains { $0.hasPrefix("kiosk.toml:5:8: [map] font: cannot use '/etc/passwd'") })

        let station = try problems("[map]\nyou_are_here = \"no-such-station\"\n")
        #expect(station == ["kiosk.toml:2:16: [map] you_are_here: no station \"no-such-station\" in the bundled demo map"])
    }

    @Test func absurdPanelCalibrationAndLanguageAreRefused() throws {
        let lines = try problems("""
            [input]
            panel_size_mm = [1e300, 0.001]
            calibration = [1e300, 0, 0, 0, 1, 0]
            [map]
            language = "../../etc"
            """)
        #expect(lines == [
            "kiosk.toml:2:1: [input]: 'panel_size_mm' must be two sizes from 10 to 10000 (millimetres)",
            "kiosk.toml:3:1: [input]: 'calibration' entries must lie between -100 and 100 and a·e − b·d must not be 0 (identity: [1, 0, 0, 0, 1, 0])",
            "kiosk.toml:5:1: [map]: 'language' must be a language code such as \"en\", \"ru\" or \"zh-Hant\", found \"../../etc\"",
        ])
        #expect(try problems("[input]\ncalibration = [1, 2, 0, 2, 4, 0]\n").count == 1)
        #expect(try problems("[map]\nlanguage = \"zh-Hant\"\n").isEmpty)
    }

    /// A reload applies exactly check-config's rules: a font that is not a font is refused by both, and the
    /// running config is kept.
    @Test func aReloadRefusesWhatCheckConfigRefuses() throws {
        let file = try write(Array("[kiosk]\nidle_timeout_s = 5\n".utf8))
        defer { try? FileManager.default.removeItem(atPath: file.directory) }
        let session = try KioskSession(configPath: file.path)
        try "[kiosk]\nidle_timeout_s = 9\n[map]\nfont = \"/etc/passwd\"\n".write(toFile: file.path, atomically: true, encoding: .utf8)
        guard case let .kept(problems) = session.reload() else {
            Issue.record("a config whose font is /etc/passwd must not be applied")
            return
        }
        #expect(problems.count == 1)
        #expect(problems.first?.hasPrefix("\(file.path):4:8: [map] font: cannot use '/etc/passwd'") == true)
        #expect(session.config.kiosk.idleTimeoutSeconds == 5)
    }
}

/// Found by fuzzing: `[,ap]` in a config aborted check-config and the kiosk inside toml++.
@Test func aConfigHeaderWithoutAKeyIsALocatedSyntaxError() {
    #expect {
        try KioskConfigLoader.parse(text: "[map]\n[,ap]\nmax_scale = 7\n", fileName: "k.toml")
    } throws: { error in
        "\(error)" == "k.toml:2:2: TOML syntax: expected a table name (a bare or quoted key) after '['"
    }
}
