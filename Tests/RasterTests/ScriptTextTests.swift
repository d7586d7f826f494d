import CFriBidi
import Foundation
import Raster
import Testing

/// Station names a kiosk in each city shows, with their BCP 47 language tags.
let worldStationNames: [(language: String, name: String)] = [
    ("ja", "御茶ノ水"), ("zh-Hans", "西直门"), ("zh-Hant", "台北車站"), ("ko", "서울역"), ("ar", "العتبة"),
    ("fa", "میدان ۱۵ خرداد"), ("th", "สุขุมวิท"), ("he", "תל אביב מרכז"), ("hi", "चाँदनी चौक"), ("el", "Σύνταγμα"),
    ("ru", "Охотный Ряд"), ("en", "King's Cross"),
]

/// Noto Sans CJK comes from fonts-noto-cjk (scripts/install-deps); without it the CJK checks cannot run.
let cjkFontInstalled = FileManager.default.fileExists(atPath: "/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc")

private func darkInk(_ buffer: PixelBuffer, in rect: IntRect) -> Int {
    var count = 0
    let area = rect.intersection(buffer.bounds)
    for y in area.y0..<area.y1 {
        for x in area.x0..<area.x1 {
            let p = buffer.pixel(x: x, y: y) ?? 0xFFFFFF
            if (p >> 16) & 0xFF < 128 && (p >> 8) & 0xFF < 128 && p & 0xFF < 128 { count += 1 }
        }
    }
    return count
}

@Test(.enabled(if: cjkFontInstalled, "needs fonts-noto-cjk (scripts/install-deps)"))
func everyScriptOfTheWorldDrawsInkInItsBoxWithNoMissingGlyph() throws {
    let fonts = try FontStack.loadDefault()
    #expect(fonts.unavailable.isEmpty, "default families not installed: \(fonts.unavailable)")
    for (language, name) in worldStationNames {
        let line = fonts.shape(name, sizePixels: 24, language: language)
        #expect(line.allGlyphsFound, "\(language) \(name): missing \(line.missingCharacters)")
        let canvas = Canvas(buffer: PixelBuffer(width: 400, height: 60))
        canvas.clear(.white)
        canvas.draw(line, at: Point(20, 40), color: Color(rgb: 0x1A1A1A), halo: .white)
        let box = line.bounds(at: Point(20, 40)).enclosingPixels
        let inside = darkInk(canvas.buffer, in: box), everywhere = darkInk(canvas.buffer, in: canvas.buffer.bounds)
        #expect(inside > 20, "\(language) \(name): \(inside) dark pixels in its box")
        #expect(inside == everywhere, "\(language) \(name): ink outside its box")
    }
}

@Test func fallbackGivesEachRunTheFirstFontThatCoversIt() throws {
    let fonts = try FontStack(preferences: ["Noto Sans", "Noto Sans Arabic", "No Such Family", "Noto Sans Hebrew"])
    #expect(fonts.unavailable == ["No Such Family"])
    #expect(fonts.members.map(\.name) == ["Noto Sans", "Noto Sans Arabic", "Noto Sans Hebrew"])
    let line = fonts.shape("Cairo القاهرة 2 Tel Aviv תל אביב", sizePixels: 20)
    #expect(line.allGlyphsFound)
    // Digits and spaces stay with the text around them: Latin, Arabic, Latin, Hebrew.
    let faces = line.runs.map { run in fonts.fonts.firstIndex { $0 === run.font }! }
    #expect(faces.contains(0) && faces.contains(1) && faces.contains(2))
    #expect(Set(faces).count == 3)
    // Only one font: the Arabic and Hebrew letters are missing, reported, not drawn.
    let latinOnly = try FontStack(preferences: ["Noto Sans"])
    let missing = latinOnly.shape("Cairo القاهرة", sizePixels: 20).missingCharacters
    #expect(Set(missing) == Set("القاهرة".unicodeScalars))
}

/// The reference: FriBidi's own reordering of the characters (fribidi_log2vis), independent of our runs.
private func visualPositions(of text: String) -> [Int] {
    let scalars = text.unicodeScalars.map { FriBidiChar($0.value) }
    var base = FRIBIDI_PAR_ON
    var visual = [FriBidiChar](repeating: 0, count: scalars.count)
    var logicalToVisual = [FriBidiStrIndex](repeating: 0, count: scalars.count)
    _ = fribidi_log2vis(scalars, FriBidiStrIndex(scalars.count), &base, &visual, &logicalToVisual, nil, nil)
    return logicalToVisual.map(Int.init)
}

@Test func rightToLeftLabelsFollowFriBidisVisualOrderGlyphByGlyph() throws {
    let fonts = try FontStack(preferences: ["Noto Sans", "Noto Sans Arabic", "Noto Sans Hebrew"])
    for text in ["العتبة", "میدان ۱۵ خرداد", "תל אביב מרכז", "תחנה 3 Central", "محطة (2) الشهداء"] {
        let line = fonts.shape(text, sizePixels: 20)
        #expect(line.allGlyphsFound, "\(text)")
        let reference = visualPositions(of: text)
        // Byte offset → character index, to read each glyph's cluster.
        var characterAt: [Int: Int] = [:]
        var byte = 0
        for (index, scalar) in text.unicodeScalars.enumerated() {
            characterAt[byte] = index
            byte += UTF8.width(scalar)
        }
        // Glyphs left to right as drawn; each must not sit left of a glyph FriBidi puts before it.
        let drawn = line.runs.flatMap { run in run.shaped.glyphs.map { (x: run.x + $0.x, cluster: Int($0.cluster)) } }
        let order = drawn.map { reference[characterAt[$0.cluster]!] }
        #expect(order == order.sorted(), "\(text): glyph order \(order) is not FriBidi's")
        #expect(zip(drawn, drawn.dropFirst()).allSatisfy { $0.x <= $1.x + 0.01 }, "\(text): pen goes backwards")
    }
}

@Test func persianDigitsReadLeftToRightInsideTheRightToLeftName() throws {
    let fonts = try FontStack(preferences: ["Noto Sans", "Noto Sans Arabic"])
    let text = "میدان ۱۵ خرداد"
    let line = fonts.shape(text, sizePixels: 20)
    func x(of character: Character) -> Float {
        let offset = text.utf8.distance(from: text.startIndex, to: text.firstIndex(of: character)!)
        return line.runs.flatMap { run in run.shaped.glyphs.filter { $0.cluster == offset }.map { run.x + $0.x } }.first!
    }
    // "۱۵" is fifteen: ۱ on the left. Without bidi the Arabic-script run reversed it to "۵۱".
    #expect(x(of: "۱") < x(of: "۵"))
    // The name reads right to left: میدان (first word) on the right, خرداد on the left.
    #expect(x(of: "م") > x(of: "۵") && x(of: "خ") < x(of: "۱"))
}

@Test(.enabled(if: cjkFontInstalled, "needs fonts-noto-cjk (scripts/install-deps)"))
func chineseJapaneseAndKoreanNamesGetTheirOwnGlyphForms() throws {
    let fonts = try FontStack(preferences: ["Noto Sans", "Noto Sans CJK JP"])
    // 次 has four regional forms in Source Han (the font's locl tables), 骨 three (Korean writes it as Japanese does).
    for (text, forms) in [("次", 4), ("骨", 3)] {
        let glyphs = ["ja", "zh-Hans", "zh-Hant", "ko"].map { language in
            fonts.shape(text, sizePixels: 20, language: language).runs.flatMap(\.shaped.glyphs).map(\.glyphID)
        }
        #expect(glyphs.allSatisfy { $0.count == 1 })
        #expect(glyphs[0] != glyphs[1], "\(text): ja and zh-Hans share a form")
        #expect(glyphs[1] != glyphs[2], "\(text): zh-Hans and zh-Hant share a form")
        #expect(Set(glyphs).count == forms, "\(text): \(glyphs)")
    }
    // Without a language the JP face's defaults apply: the tag is what changes the form.
    #expect(fonts.shape("次", sizePixels: 20).runs[0].shaped.glyphs[0].glyphID
                == fonts.shape("次", sizePixels: 20, language: "ja").runs[0].shaped.glyphs[0].glyphID)
}

@Test func haloSurroundsTheTextAndCoverageIsBlendedInLinearLight() throws {
    let fonts = try FontStack(preferences: ["Noto Sans"])
    let line = fonts.shape("Ring", sizePixels: 20)
    let canvas = Canvas(buffer: PixelBuffer(width: 120, height: 40))
    canvas.clear(Color(rgb: 0x0072BC))
    canvas.draw(line, at: Point(10, 28), color: Color(rgb: 0x1A1A1A), halo: .white)
    var white = 0, dark = 0
    for y in 0..<40 { for x in 0..<120 {
        let p = canvas.buffer.pixel(x: x, y: y)!
        if (p >> 16) & 0xFF > 200 && (p >> 8) & 0xFF > 200 && p & 0xFF > 200 { white += 1 }
        if (p >> 16) & 0xFF < 60 && (p >> 8) & 0xFF < 60 && p & 0xFF < 60 { dark += 1 }
    } }
    #expect(white > dark / 2 && dark > 30, "halo \(white) px, text \(dark) px")

    // Black on white: the sRGB blend at coverage a′ must equal the linear-light blend at a: a′ = 1 − enc(1 − a).
    let curve = TextTone(foreground: .black, background: .white).coverageCurveForTesting
    func encode(_ l: Double) -> Double { l <= 0.0031308 ? l * 12.92 : 1.055 * pow(l, 1 / 2.4) - 0.055 }
    for a in [0, 32, 128, 200, 255] {
        let expected = (1 - encode(1 - Double(a) / 255)) * 255
        #expect(abs(Double(curve[a]) - expected) <= 1, "coverage \(a): \(curve[a]) vs \(expected)")
    }
}

@Test func installScriptCopiesEveryDefaultFamily() throws {
    let script = try String(contentsOf: URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("scripts/install"), encoding: .utf8)
    for family in FontStack.defaultFamilies where family != "DejaVu Sans" {
        #expect(script.contains("\"\(family)\""), "scripts/install does not copy \(family)")
    }
}
