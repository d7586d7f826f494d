import Foundation
import Testing
import TestSupport

/// `[audio] device` as an operator meets it in check-config: a name ALSA would not understand is a warning at the
/// name (the kiosk runs on, silently), an error with --strict; an empty name is an error, as at the kiosk's start.
struct AudioDeviceCheckTests {
    private func config(_ text: String) throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("audio-cli-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let url = folder.appendingPathComponent("kiosk.toml")
        try text.write(to: url, atomically: true, encoding: .utf8)
        return url
    }

    @Test func aDeviceALSADoesNotUnderstandIsLocated() throws {
        let bad = try config("[input]\npanel_size_mm = [320, 200]\n[audio]\ndevice = \"plughw:CARD=PCH,DEV=0,EXTRA=1\"\n")
        let warned = try MetroKioskProcess.run(["check-config", bad.path])
        #expect(warned.status == 0, "\(warned.stderr)")
        #expect(warned.stderr.contains("kiosk.toml:4:1: warning: [audio] device: 'plughw' takes no argument 'EXTRA' "
                                       + "(it takes CARD, DEV, SUBDEV); the kiosk would speak silently"), "\(warned.stderr)")
        let strict = try MetroKioskProcess.run(["check-config", "--strict", bad.path])
        #expect(strict.status == 78)

        let empty = try config("[input]\npanel_size_mm = [320, 200]\n[audio]\ndevice = \"\"\n")
        let refused = try MetroKioskProcess.run(["check-config", empty.path])
        #expect(refused.status == 78)
        #expect(refused.stderr.contains("kiosk.toml:4:1: [audio]: 'device' must be an ALSA device name"), "\(refused.stderr)")

        // ALSA's file plugin, which a VM test writes speech through, is fine.
        let file = try config("[input]\npanel_size_mm = [320, 200]\n[audio]\ndevice = \"file:FILE=/tmp/speech.raw\"\n")
        let ok = try MetroKioskProcess.run(["check-config", file.path])
        #expect(ok.status == 0 && !ok.stderr.contains("[audio]"), "\(ok.stderr)")
    }
}
