import Raster
import Testing
@testable import Cartography
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

    /// Label size follows the panel: 3 mm capitals on a 21.5" 1920×1080 panel (476 × 268 mm, 4.03 px/mm) are
    /// about 12 px tall, so the type is about 17 px; lines and station marks get a floor in millimetres as well.
    @Test func labelsAreSizedInMillimetresOnThePanel() throws {
        let config = try KioskConfigLoader.parse(text: "[input]\npanel_size_mm = [476.0, 268.0]\n[text]\nmin_cap_height_mm = 3\n",
                                                 fileName: "kiosk.toml")
        #expect(config.text.minimumCapHeightMillimetres == 3)
        let style = config.mapStyle(outputWidth: 1920, outputHeight: 1080)
        let perMillimetre = config.pixelsPerMillimetre(outputWidth: 1920, outputHeight: 1080)
        #expect(abs(perMillimetre - 4.03) < 0.01)
        let capHeight = Double(style.labelPixels()) * MapStyle.capHeightRatio
        #expect(capHeight >= 3 * perMillimetre - 1e-3 && capHeight < 3 * perMillimetre + 0.5)
        #expect(style.minimumLineWidthPixels >= 0.6 * perMillimetre - 1e-6)
        // Twice the cap height, twice the type; without a panel size, 96 dpi.
        let large = try KioskConfigLoader.parse(text: "[input]\npanel_size_mm = [476.0, 268.0]\n[text]\nmin_cap_height_mm = 6\n",
                                                fileName: "kiosk.toml").mapStyle(outputWidth: 1920, outputHeight: 1080)
        #expect(abs(large.labelPixels() - 2 * style.labelPixels()) < 0.01)
        #expect(abs(Double(KioskConfig().mapStyle().labelPixels()) * MapStyle.capHeightRatio - 3 * 96 / 25.4) < 1e-3)
        // The minimum size in pixels still holds when it is the larger.
        let pixels = try KioskConfigLoader.parse(text: "[text]\nmin_size_px = 40\n", fileName: "kiosk.toml").mapStyle()
        #expect(pixels.labelPixels() == 40)
    }

    /// What the glyphs measure: the capitals of a rendered name are as tall as the style asks (within a pixel).
    @Test func aRenderedCapitalIsAsTallAsConfigured() throws {
        let fonts = FontStack(fonts: [try Font.loadDefault()])
        let style = try KioskConfigLoader.parse(text: "[input]\npanel_size_mm = [476.0, 268.0]\n", fileName: "k.toml")
            .mapStyle(outputWidth: 1920, outputHeight: 1080)
        let line = fonts.shape("HH", sizePixels: style.labelPixels())
        // White text on the black canvas: the rows the capitals cover.
        let canvas = Canvas(buffer: PixelBuffer(width: 80, height: 60))
        canvas.draw(Scene(commands: [.text(TextCommand(line: line, origin: Raster.Point(4, 40), color: .white))]))
        let inked = (0..<60).filter { y in (0..<80).contains { (canvas.buffer.pixel(x: $0, y: y) ?? 0) & 0xFF >= 128 } }
        let height = Double((inked.max() ?? 0) - (inked.min() ?? 0) + 1)
        #expect(abs(height - 3 * 4.03) <= 1.0, "capitals \(height) px tall")
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
            min_cap_height_mm = 0.1
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
                "bad.toml:8:1: [text]: 'min_cap_height_mm' must be at least 0.5",
                "bad.toml:9:1: [text]: unknown key 'colour'",
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
