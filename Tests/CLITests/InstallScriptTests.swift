import Foundation
import Testing

@Test func installStagesBinaryUnitAndFontsUnderDestdirForThePrefix() throws {
    let root = MetroKioskProcess.repositoryRoot
    let stage = URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent("metro-kiosk-install-\(getpid())")
    defer { try? FileManager.default.removeItem(at: stage) }
    let process = Process()
    process.executableURL = root.appendingPathComponent("scripts/install")
    process.arguments = ["--destdir", stage.path, "--prefix", "/opt/metro", "--skip-deps",
                         "--binary", MetroKioskProcess.executableURL.path]
    process.standardOutput = FileHandle.nullDevice
    try process.run()
    process.waitUntilExit()
    #expect(process.terminationStatus == 0)
    let binary = stage.appendingPathComponent("opt/metro/bin/metro-kiosk").path
    #expect(FileManager.default.isExecutableFile(atPath: binary))
    let unit = try String(contentsOf: stage.appendingPathComponent("etc/systemd/system/metro-kiosk.service"), encoding: .utf8)
    #expect(unit.contains("\nExecStart=/opt/metro/bin/metro-kiosk run --config /etc/metro-kiosk/kiosk.toml\n"))
    let fonts = stage.appendingPathComponent("opt/metro/share/metro-kiosk/fonts")
    if FileManager.default.fileExists(atPath: "/usr/share/fonts/truetype/noto/NotoSans-Regular.ttf") {
        #expect(FileManager.default.fileExists(atPath: fonts.appendingPathComponent("NotoSans-Regular.ttf").path))
        #expect(FileManager.default.fileExists(atPath: fonts.appendingPathComponent("NotoSansArabic-Regular.ttf").path))
    }
    if FileManager.default.fileExists(atPath: "/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc") {
        #expect(FileManager.default.fileExists(atPath: fonts.appendingPathComponent("NotoSansCJK-Regular.ttc").path))
    }
    // The kiosk's font folder is registered with fontconfig, so the [text] fonts list finds what was copied.
    let registration = try String(contentsOf: stage.appendingPathComponent("etc/fonts/conf.d/50-metro-kiosk.conf"), encoding: .utf8)
    #expect(registration.contains("<dir>/opt/metro/share/metro-kiosk/fonts</dir>"))
}
