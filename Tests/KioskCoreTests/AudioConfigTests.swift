import Foundation
import TestSupport
import Testing
@testable import KioskCore

@Suite struct AudioConfigTests {
    @Test func audioKeysAreRead() throws {
        let config = try KioskConfigLoader.parse(text: "[audio]\ndevice = \"plughw:CARD=PCH,DEV=0\"\nvolume = 0.5\n", fileName: "a.toml")
        #expect(config.audio.device == "plughw:CARD=PCH,DEV=0")
        #expect(config.audio.volume == 0.5)
        #expect(KioskConfig().audio.device == "default")
    }

    @Test func badAudioKeysAreLocated() {
        let text = """
            [audio]
            device = "my speakers"
            volume = 3
            voice = "en"
            """
        #expect {
            try KioskConfigLoader.parse(text: text, fileName: "bad.toml")
        } throws: { error in
            guard let error = error as? KioskConfigError else { return false }
            let lines = error.diagnostics.map(\.description)
            return lines.contains { $0.hasPrefix("bad.toml:2:1: ") && $0.contains("'device' must be an ALSA device name") }
                && lines.contains { $0.hasPrefix("bad.toml:3:1: ") && $0.contains("volume") }
                && lines.contains { $0.hasPrefix("bad.toml:4:") && $0.contains("voice") }
                && lines.count == 3
        }
    }

    /// The commented `[audio]` section of `configs/kiosk.toml`, uncommented, is the defaults.
    @Test func theDocumentedSectionUncommentedIsTheDefaults() throws {
        let text = try String(contentsOf: RepositoryPaths.file("configs/kiosk.toml"), encoding: .utf8)
        let section = try #require(text.components(separatedBy: "# [audio]\n").last?.components(separatedBy: "\n\n").first)
        let keys = section.split(separator: "\n").filter { $0.range(of: #"^# [a-z_]+ = "#, options: .regularExpression) != nil }
            .map { $0.dropFirst(2) }
        #expect(keys.count == 2, "every key of [audio]")
        let config = try KioskConfigLoader.parse(text: "[audio]\n" + keys.joined(separator: "\n"), fileName: "documented.toml")
        #expect(config.audio == AudioSettings())
    }
}
