import Foundation
import Testing
import TestSupport

private let notoSans = "/usr/share/fonts/truetype/noto/NotoSans-Regular.ttf"

/// Runs `scripts/install` into a fresh staging folder and returns it.
private func stagedInstall(_ name: String) throws -> URL {
    let root = RepositoryPaths.root
    let stage = URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent("metro-kiosk-install-\(name)-\(getpid())")
    let process = Process()
    process.executableURL = root.appendingPathComponent("scripts/install")
    process.arguments = ["--destdir", stage.path, "--prefix", "/opt/metro", "--skip-deps",
                         "--binary", MetroKioskProcess.executableURL.path]
    process.standardOutput = FileHandle.nullDevice
    try process.run()
    process.waitUntilExit()
    #expect(process.terminationStatus == 0)
    return stage
}

@Test func installStagesBinaryAndUnitUnderDestdirForThePrefix() throws {
    let stage = try stagedInstall("unit")
    defer { try? FileManager.default.removeItem(at: stage) }
    let binary = stage.appendingPathComponent("opt/metro/bin/metro-kiosk").path
    #expect(FileManager.default.isExecutableFile(atPath: binary))
    let unit = try String(contentsOf: stage.appendingPathComponent("etc/systemd/system/metro-kiosk.service"), encoding: .utf8)
    #expect(unit.contains("\nExecStart=/opt/metro/bin/metro-kiosk run --config /etc/metro-kiosk/kiosk.toml\n"))
}

@Test(.enabled(if: HostTools.exists(notoSans), "fonts-noto-core is not installed"))
func installCopiesTheLabelFontsForThePrefix() throws {
    let stage = try stagedInstall("fonts")
    defer { try? FileManager.default.removeItem(at: stage) }
    let fonts = stage.appendingPathComponent("opt/metro/share/metro-kiosk/fonts")
    #expect(FileManager.default.fileExists(atPath: fonts.appendingPathComponent("NotoSans-Regular.ttf").path))
    #expect(FileManager.default.fileExists(atPath: fonts.appendingPathComponent("NotoSansArabic-Regular.ttf").path))
    if FileManager.default.fileExists(atPath: "/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc") {
        #expect(FileManager.default.fileExists(atPath: fonts.appendingPathComponent("NotoSansCJK-Regular.ttc").path))
    }
    // The kiosk's font folder is registered with fontconfig, so the [text] fonts list finds what was copied.
    let registration = try String(contentsOf: stage.appendingPathComponent("etc/fonts/conf.d/50-metro-kiosk.conf"), encoding: .utf8)
    #expect(registration.contains("<dir>/opt/metro/share/metro-kiosk/fonts</dir>"))
}
