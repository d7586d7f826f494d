import Foundation
import Raster
import Testing
@testable import KioskCore

struct KioskSessionTests {
    func configFile(_ text: String) throws -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("session-\(UUID().uuidString).toml").path
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    @Test func aReloadWithABrokenConfigKeepsTheRunningOne() throws {
        let path = try configFile("[kiosk]\nidle_timeout_s = 30\n")
        let session = try KioskSession(configPath: path)
        #expect(session.config.kiosk.idleTimeoutSeconds == 30)
        try "[kiosk]\nidle_timeout_s = \"soon\"\n".write(toFile: path, atomically: true, encoding: .utf8)
        guard case let .kept(problems) = session.reload() else {
            Issue.record("a broken config must be refused")
            return
        }
        #expect(problems.first?.contains(":2:1: [kiosk]: 'idle_timeout_s' must be a finite number") == true)
        #expect(session.config.kiosk.idleTimeoutSeconds == 30)
    }

    @Test func aReloadWhoseMapIsBrokenKeepsTheRunningConfigToo() throws {
        let path = try configFile("")
        let session = try KioskSession(configPath: path)
        try "[map]\nfile = \"/nonexistent/map.toml\"\n[kiosk]\nidle_timeout_s = 5\n".write(toFile: path, atomically: true, encoding: .utf8)
        guard case .kept = session.reload() else {
            Issue.record("a config naming a missing map must be refused")
            return
        }
        #expect(session.config.kiosk.idleTimeoutSeconds == 60)
    }

    @Test func aGoodReloadIsApplied() throws {
        let path = try configFile("")
        let session = try KioskSession(configPath: path)
        #expect(session.reload() == .unchanged)
        try "[physics]\ndeceleration_rate = 0.99\n".write(toFile: path, atomically: true, encoding: .utf8)
        #expect(session.reload() == .applied)
        #expect(session.config.physics.decelerationRate == 0.99)
    }

    @Test func aBrokenConfigAtStartIsReportedWithItsLines() throws {
        let path = try configFile("[display]\nrotation = 33\n")
        #expect {
            try KioskSession(configPath: path)
        } throws: { error in
            (error as? KioskSession.StartError)?.problems.first?.hasSuffix(":2:1: [display]: 'rotation' must be 0, 90, 180 or 270, found 33") == true
        }
    }

    @Test func theErrorPanelShowsTheProblemsOnScreen() throws {
        let buffer = PixelBuffer(width: 640, height: 400)
        ErrorPanel.render(title: "metro-kiosk cannot start", problems: ["kiosk.toml:2:1: [display]: 'rotation' must be 0, 90, 180 or 270"],
                          into: buffer, font: try Font.loadDefault())
        var textPixels = 0
        for y in 0..<400 { for x in 0..<640 where buffer.row(y)[x] & 0xFFFFFF != 0x202428 { textPixels += 1 } }
        // The red bar is 640×8; the title and the problem line add their glyphs.
        #expect(textPixels > 640 * 8 + 500)
    }
}
