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
    if FileManager.default.fileExists(atPath: "/usr/share/fonts/truetype/noto/NotoSans-Regular.ttf") {
        #expect(FileManager.default.fileExists(atPath: stage.appendingPathComponent("opt/metro/share/metro-kiosk/fonts/NotoSans-Regular.ttf").path))
    }
}
