import Foundation
import MetroMap
import Raster
import Testing
import TestSupport
@testable import Cartography
@testable import KioskCore

/// Labels in every script a station needs, bilingual labels, and the glyph check operators run.
struct ScriptLabelTests {
    static let reference = RepositoryPaths.root.appendingPathComponent("Tests/KioskCoreTests/Reference")
    static let worldMapPath = reference.appendingPathComponent("world-scripts.toml").path
    static let languages = ["ja", "zh-Hans", "zh-Hant", "ko", "ar", "fa", "th", "he", "hi", "el", "ru", "en"]
    static let cjkFontInstalled = FileManager.default.fileExists(atPath: "/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc")

    /// Pixels of the label colour (dark grey) inside `rect`: the lines are blue, the halo and background white.
    static func labelInk(_ buffer: PixelBuffer, in rect: IntRect) -> Int {
        var count = 0
        let area = rect.intersection(buffer.bounds)
        guard !area.isEmpty else { return 0 }
        for y in area.y0..<area.y1 {
            for x in area.x0..<area.x1 {
                let p = buffer.row(y)[x]
                if (p >> 16) & 0xFF < 110 && (p >> 8) & 0xFF < 110 && p & 0xFF < 110 { count += 1 }
            }
        }
        return count
    }

    /// Renders `map` fitted into the frame with bilingual `languages`; returns the frame, its text commands and the
    /// missing-glyph reports.
    static func render(_ map: MetroMap, languages: [String], fonts: FontStack, width: Int = 1600, height: Int = 1200)
        -> (buffer: PixelBuffer, texts: [TextCommand], reports: [String]) {
        var config = KioskConfig()
        config.map.languages = languages
        let builder = MapSceneBuilder(drawing: config.drawing(of: map), style: config.mapStyle(), fonts: fonts)
        let frame = MapFrameRenderer(width: width, height: height, builder: builder)
        var reports: [String] = []
        frame.onMissingGlyphs = { text, _ in reports.append(text) }
        let geometry = CameraGeometry(map: map, viewport: .init(width: Double(width), height: Double(height)))
        let view = MapFrameRenderer.View(camera: geometry.fittedCamera)
        frame.render(view, scaleSettled: true)
        let scene = builder.scene(offsetX: view.offsetX, offsetY: view.offsetY, scale: view.scale, visible: frame.buffer.bounds)
        let texts = scene.commands.compactMap { command -> TextCommand? in
            if case .text(let text) = command { return text }
            return nil
        }
        return (frame.buffer, texts, reports)
    }

    @Test(.enabled(if: cjkFontInstalled, "needs fonts-noto-cjk (scripts/install-deps)"))
    func everyStationOfTheWorldMapDrawsInEveryConfiguredLanguage() throws {
        let map = try MapFileLoader.load(contentsOf: Self.worldMapPath)
        let fonts = try FontStack.loadDefault()
        for language in Self.languages {
            let languages = language == "en" ? ["en"] : [language, "en"]
            let (buffer, texts, reports) = Self.render(map, languages: languages, fonts: fonts)
            #expect(reports.isEmpty, "\(language): missing glyphs in \(reports)")
            // Twelve main names and eleven English lines (King's Cross is English already).
            #expect(texts.count == (language == "en" ? 12 : 23), "\(language): \(texts.count) label lines")
            for text in texts {
                #expect(text.line.allGlyphsFound)
                let box = text.line.bounds(at: text.origin).enclosingPixels
                #expect(Self.labelInk(buffer, in: box) > 15, "\(language): no ink for \"\(text.line.text)\" in \(box)")
            }
            // The station named in this language is drawn in it, with its language tag.
            let native = try #require(map.stations.first { $0.localizedNames[language] != nil && $0.id != "london" || language == "en" && $0.id == "london" })
            #expect(texts.contains { $0.line.text == native.name(in: language) })
        }
        let warnings = LabelGlyphCheck.missingGlyphs(in: map, mapFile: Self.worldMapPath, languages: ["fa", "en"], fonts: fonts)
        #expect(warnings.isEmpty, "\(warnings)")
    }

    @Test(.enabled(if: cjkFontInstalled, "needs fonts-noto-cjk (scripts/install-deps)"))
    func primaryNamesTakeTheConfiguredPrimaryLanguagesGlyphForms() throws {
        // A Beijing-style scheme: Chinese primary names, no per-language names.
        var map = try MapFileLoader.load(contentsOf: Self.worldMapPath)
        for index in map.stations.indices { map.stations[index].localizedNames = [:] }
        let beijing = try #require(map.stations.firstIndex { $0.id == "beijing" })
        map.stations[beijing].name = "次"
        let fonts = try FontStack.loadDefault()
        func glyph(primaryLanguage: String?) throws -> UInt32 {
            var config = KioskConfig()
            config.map.primaryLanguage = primaryLanguage
            let builder = MapSceneBuilder(drawing: config.drawing(of: map), style: config.mapStyle(), fonts: fonts)
            let scene = builder.scene(offsetX: 0, offsetY: 0, scale: 1, visible: IntRect(x: 0, y: 0, width: 1200, height: 1000))
            for case .text(let text) in scene.commands where text.line.text == "次" {
                return try #require(text.line.runs.first?.shaped.glyphs.first?.glyphID)
            }
            Issue.record("no label 次")
            return 0
        }
        let untagged = try glyph(primaryLanguage: nil)
        let simplified = try glyph(primaryLanguage: "zh-Hans"), japanese = try glyph(primaryLanguage: "ja")
        #expect(simplified != japanese && untagged == japanese)
        #expect(try KioskConfigLoader.parse(text: "[map]\nprimary_language = \"zh-Hans\"\n", fileName: "k.toml")
                    .map.primaryLanguage == "zh-Hans")
    }

    @Test func checkPointsAtTheNameNoConfiguredFontCanDraw() throws {
        let map = try MapFileLoader.load(contentsOf: Self.worldMapPath)
        let latin = try FontStack(preferences: ["Noto Sans"])
        let warnings = LabelGlyphCheck.missingGlyphs(in: map, mapFile: Self.worldMapPath, languages: ["he"], fonts: latin)
        // Greek, Cyrillic and Latin are Noto Sans's; nine stations' own scripts are not.
        #expect(warnings.count == 9)
        #expect(warnings.allSatisfy { $0.severity == .warning && $0.file == Self.worldMapPath })
        let telAviv = try #require(warnings.first { $0.message.contains("\"tel-aviv\"") })
        // `names = { he = "…" }` on line 58: the column of the Hebrew name's opening quote.
        let lines = try String(contentsOfFile: Self.worldMapPath, encoding: .utf8).components(separatedBy: "\n")
        #expect(lines[telAviv.line - 1].hasPrefix("names = { he = "))
        #expect(Array(lines[telAviv.line - 1])[telAviv.column - 1] == "\"")
        #expect(telAviv.message.contains("U+5EA 'ת'"))
        let tokyo = try #require(warnings.first { $0.message.contains("\"tokyo\"") })
        #expect(lines[tokyo.line - 1].hasPrefix("name = ") && tokyo.column == 8)
    }

    /// A Cyrillic → Latin table (test data written for this project) applied letter by letter.
    static func transliterate(_ text: String, table: [Character: String]) -> String {
        var result = ""
        for character in text {
            let lower = Character(character.lowercased())
            guard let latin = table[lower] else { result.append(character); continue }
            if character.isUppercase, let first = latin.first {
                result += first.uppercased() + latin.dropFirst()
            } else {
                result += latin
            }
        }
        return result
    }

    @Test func bilingualMoscowShowsBothLinesOfEveryLabel() throws {
        let directory = RepositoryPaths.sharedData.appendingPathComponent("maps/pmetro-moscow").path
        try #require(FileManager.default.fileExists(atPath: directory + "/Metro.trp"), "needs ../shared/data/maps/pmetro-moscow")
        var map = try PMetroImporter.importCity(directory: directory).map
        var table: [Character: String] = [:]
        for line in try String(contentsOf: Self.reference.appendingPathComponent("ru-latin-transliteration.tsv"), encoding: .utf8)
            .split(separator: "\n") where !line.hasPrefix("#") {
            let fields = line.split(separator: "\t", omittingEmptySubsequences: false)
            if fields.count == 2, let letter = fields[0].first { table[letter] = String(fields[1]) }
        }
        #expect(table.count == 33)
        for index in map.stations.indices {
            map.stations[index].localizedNames["en"] = Self.transliterate(map.stations[index].name, table: table)
        }
        #expect(map.stations.contains { $0.name == "Охотный ряд" && $0.localizedNames["en"] == "Okhotnyy ryad" })
        let fonts = try FontStack(preferences: ["Noto Sans"])
        let (buffer, texts, reports) = Self.render(map, languages: ["ru", "en"], fonts: fonts, width: 1920, height: 1080)
        try writePNG(buffer, to: NSTemporaryDirectory() + "metro-kiosk-bilingual-moscow.png")
        #expect(reports.isEmpty)
        // Lines come in pairs: the Russian name (one or two lines), then its English line in smaller type below.
        let english = texts.filter { $0.line.text.unicodeScalars.allSatisfy { $0.isASCII } }
        let russian = texts.filter { !$0.line.text.unicodeScalars.allSatisfy { $0.isASCII } }
        // Names are at least 3 mm tall, so the fitted view of all Moscow has room for fewer of them than at 10 px.
        // (Names also keep off the scheme's captions and bullets, and sit within 1.5 cap heights of their mark.)
        #expect(english.count >= 20)
        #expect(english.allSatisfy { $0.line.sizePixels < russian[0].line.sizePixels })
        for (index, text) in texts.enumerated() where english.contains(where: { $0.origin == text.origin }) {
            let main = texts[index - 1]
            #expect(!main.line.text.unicodeScalars.allSatisfy { $0.isASCII }, "\(text.line.text) follows \(main.line.text)")
            #expect(text.origin.y > main.origin.y)
            for line in [main, text] {
                #expect(Self.labelInk(buffer, in: line.line.bounds(at: line.origin).enclosingPixels) > 5,
                        "no ink for \(line.line.text)")
            }
        }
    }
}
