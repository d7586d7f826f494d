import Raster
import Testing
@testable import KioskCore

/// `[text]` and `[map] languages`: the label fonts, sizes, halo and bilingual labels an operator configures.
struct TextConfigTests {
    @Test func textAndLanguagesAreRead() throws {
        let config = try KioskConfigLoader.parse(text: """
            [map]
            languages = ["ru", "en"]
            [text]
            fonts = ["Noto Sans", "/srv/fonts/Station.ttf"]
            min_size_px = 12
            second_language_size = 0.7
            halo = "#FFF8E0"
            """, fileName: "kiosk.toml")
        #expect(config.map.languages == ["ru", "en"] && config.map.language == "ru")
        #expect(config.text.fonts == ["Noto Sans", "/srv/fonts/Station.ttf"])
        #expect(config.text.minimumSizePixels == 12 && config.text.secondLanguageScale == 0.7)
        #expect(config.text.halo?.xrgb == Color(rgb: 0xFFF8E0).xrgb)
        let style = config.mapStyle()
        #expect(style.minimumLabelPixels == 12 && style.secondLanguageScale == 0.7)
        #expect(try KioskConfigLoader.parse(text: "[text]\nhalo = false\n", fileName: "k.toml").mapStyle().labelHalo == nil)
        // A single language keeps working and means a one-language list.
        #expect(try KioskConfigLoader.parse(text: "[map]\nlanguage = \"ru\"\n", fileName: "k.toml").map.languages == ["ru"])
        #expect(KioskConfig().text.fonts == FontStack.defaultFamilies)
    }

    @Test func badTextKeysAreReportedAtTheirLines() {
        let text = """
            [map]
            language = "ru"
            languages = ["ru", "en", "de"]
            [text]
            fonts = ["Noto Sans", 3]
            min_size_px = 2
            halo = "white"
            colour = "#000000"
            """
        #expect {
            try KioskConfigLoader.parse(text: text, fileName: "bad.toml")
        } throws: { error in
            guard let error = error as? KioskConfigError else { return false }
            let lines = error.diagnostics.map(\.description)
            let expected = [
                "bad.toml:3:1: [map]: 'languages' must hold 1 to 2 entries, found 3",
                "bad.toml:5:1: [text]: 'fonts' must be an array of non-empty strings",
                "bad.toml:6:1: [text]: 'min_size_px' must be at least 4",
                "bad.toml:7:1: [text]: 'halo' must be a colour \"#RRGGBB\" or false",
                "bad.toml:8:1: [text]: unknown key 'colour'",
            ]
            for prefix in expected where !lines.contains(where: { $0.hasPrefix(prefix) }) {
                Issue.record("missing \(prefix) in:\n\(lines.joined(separator: "\n"))")
            }
            return true
        }
        #expect(throws: KioskConfigError.self) {
            try KioskConfigLoader.parse(text: "[map]\nlanguage = \"ru\"\nlanguages = [\"ru\", \"en\"]\n", fileName: "both.toml")
        }
    }
}
