import Overlay
import Physics
import Raster
import Testing

@Suite struct SearchKeyboardTests {
    /// 96 dpi, and a 4K panel 477 mm wide.
    static let densities: [Double] = [96 / 25.4, 3840 / 477]

    private func centre(of rect: ScreenRect) -> ScreenPoint {
        ScreenPoint(x: rect.minX + rect.width / 2, y: rect.minY + rect.height / 2)
    }

    private func tap(_ letter: KeyboardKey, on keyboard: SearchKeyboardElement, at time: Int64 = 0) throws {
        let key = try #require(keyboard.layout?.keys.first { $0.key == letter })
        #expect(keyboard.touchDown(at: centre(of: key.cell), timeMicroseconds: time))
        keyboard.touchUp(at: centre(of: key.cell), timeMicroseconds: time + 80_000)
    }

    @Test(arguments: KeyboardScript.allCases)
    func everyKeyIsAtLeastTheMinimumAndNoneOverlap(script: KeyboardScript) throws {
        for density in Self.densities {
            let layout = try #require(SearchKeyboardLayout(script: script, minX: 0, width: 1920, bottom: 1080,
                                                           pixelsPerMillimetre: density))
            let minimum = SearchKeyboardLayout.minimumKeyMillimetres * density
            for placed in layout.keys {
                #expect(placed.face.width >= minimum - 1e-9 && placed.face.height >= minimum - 1e-9, "\(placed.key)")
                #expect(placed.cell.minX >= layout.frame.minX - 1e-9 && placed.cell.maxX <= layout.frame.maxX + 1e-9)
                #expect(placed.cell.minY >= layout.frame.minY - 1e-9 && placed.cell.maxY <= layout.frame.maxY + 1e-9)
            }
            for (index, a) in layout.keys.enumerated() {
                for b in layout.keys[(index + 1)...] {
                    let overlapX = min(a.cell.maxX, b.cell.maxX) - max(a.cell.minX, b.cell.minX)
                    let overlapY = min(a.cell.maxY, b.cell.maxY) - max(a.cell.minY, b.cell.minY)
                    #expect(overlapX <= 1e-9 || overlapY <= 1e-9, "\(a.key) overlaps \(b.key)")
                }
            }
            #expect(abs(layout.frame.maxY - 1080) < 1e-9)
            #expect(layout.keys.contains { $0.key == .space } && layout.keys.contains { $0.key == .backspace })
        }
    }

    @Test func tooNarrowAPanelGetsNoKeyboardRatherThanSmallKeys() {
        // Twelve Cyrillic keys of 12.8 mm pitch need 154 mm.
        let density = 96 / 25.4
        #expect(SearchKeyboardLayout(script: .cyrillic, minX: 0, width: 150 * density, bottom: 800, pixelsPerMillimetre: density) == nil)
        #expect(SearchKeyboardLayout(script: .cyrillic, minX: 0, width: 160 * density, bottom: 800, pixelsPerMillimetre: density) != nil)
    }

    @Test func theShownLanguagePicksTheLayout() {
        #expect(KeyboardScript.forLanguage("ru") == .cyrillic)
        #expect(KeyboardScript.forLanguage("uk-UA") == .cyrillic)
        #expect(KeyboardScript.forLanguage("el") == .greek)
        #expect(KeyboardScript.forLanguage("ko") == .hangul)
        #expect(KeyboardScript.forLanguage("zh-Hans") == .latin) // pinyin
        #expect(KeyboardScript.forLanguage(nil) == .latin)
        #expect(KeyboardScript.forLanguage("ar-AE") == .arabic)
        #expect(KeyboardScript.forLanguage("fa") == .persian)
        #expect(KeyboardScript.forLanguage("he") == .hebrew)
        #expect(KeyboardScript.forLanguage("iw") == .hebrew)
        #expect(KeyboardScript.arabic.isRightToLeft && KeyboardScript.hebrew.isRightToLeft && !KeyboardScript.greek.isRightToLeft)
    }

    @Test func thePersianLayoutHasTheLettersArabicLacks() throws {
        let layout = try #require(SearchKeyboardLayout(script: .persian, minX: 0, width: 1920, bottom: 1080, pixelsPerMillimetre: 96 / 25.4))
        for letter in ["پ", "چ", "ژ", "گ", "ک", "ی"] { #expect(layout.keys.contains { $0.key == .character(letter) }, "\(letter)") }
        let arabic = try #require(SearchKeyboardLayout(script: .arabic, minX: 0, width: 1920, bottom: 1080, pixelsPerMillimetre: 96 / 25.4))
        // Every one of the 28 letters, and ta marbuta and alef maqsura, has a key.
        let letters = Set(arabic.keys.compactMap { if case .character(let letter) = $0.key { letter } else { nil } }.joined())
        #expect(Set("ابتثجحخدذرزسشصضطظعغفقكلمنهوية\u{0649}").subtracting(letters).isEmpty)
    }

    @Test func typingOnTheHebrewLayoutKeepsTheLettersInTypedOrder() throws {
        let layout = SearchKeyboardLayout(script: .hebrew, minX: 0, width: 1920, bottom: 1080, pixelsPerMillimetre: 96 / 25.4)
        let keyboard = SearchKeyboardElement(layout: layout, fonts: nil)
        for letter in ["א", "ל", "נ", "ב", "י"] { try tap(.character(letter), on: keyboard) }
        #expect(keyboard.text == "אלנבי")
        // The national layout's places: ק where Latin has e, left of ר.
        let qof = try #require(layout?.keys.first { $0.key == .character("ק") })
        let resh = try #require(layout?.keys.first { $0.key == .character("ר") })
        #expect(qof.cell.maxX <= resh.cell.minX + 1e-9)
    }

    @Test func typingHangulComposesAndBackspaceTakesOneJamo() throws {
        let layout = SearchKeyboardLayout(script: .hangul, minX: 0, width: 1920, bottom: 1080, pixelsPerMillimetre: 96 / 25.4)
        let keyboard = SearchKeyboardElement(layout: layout, fonts: nil)
        for jamo in ["ㅅ", "ㅓ", "ㅇ", "ㅜ", "ㄹ"] { try tap(.character(jamo), on: keyboard) }
        #expect(keyboard.text == "서울")
        try tap(.backspace, on: keyboard)
        #expect(keyboard.text == "서우")
        keyboard.clear()
        #expect(keyboard.text.isEmpty)
    }

    @Test func aKeyTypesWhenLiftedOnItAndSlidingOffTypesNothing() throws {
        let layout = SearchKeyboardLayout(script: .cyrillic, minX: 0, width: 1920, bottom: 1080, pixelsPerMillimetre: 96 / 25.4)
        let keyboard = SearchKeyboardElement(layout: layout, fonts: nil)
        try tap(.character("т"), on: keyboard)
        try tap(.space, on: keyboard)
        try tap(.space, on: keyboard) // one space between words is enough
        try tap(.character("в"), on: keyboard)
        #expect(keyboard.keys == "т в")

        let key = try #require(layout?.keys.first { $0.key == .character("к") })
        #expect(keyboard.touchDown(at: centre(of: key.cell), timeMicroseconds: 0))
        #expect(keyboard.pressed == key)
        keyboard.touchMoved(to: ScreenPoint(x: key.cell.maxX + key.cell.width * 3, y: key.cell.minY), timeMicroseconds: 10_000)
        #expect(keyboard.pressed == nil)
        keyboard.touchUp(at: ScreenPoint(x: key.cell.maxX + key.cell.width * 3, y: key.cell.minY), timeMicroseconds: 20_000)
        #expect(keyboard.keys == "т в")

        // Beside a short row the keyboard still takes the touch (the map beneath must not move) but types nothing.
        let frame = try #require(layout?.frame)
        #expect(keyboard.touchDown(at: ScreenPoint(x: frame.minX + 1, y: frame.maxY - 1), timeMicroseconds: 30_000))
        keyboard.touchUp(at: ScreenPoint(x: frame.minX + 1, y: frame.maxY - 1), timeMicroseconds: 40_000)
        #expect(keyboard.keys == "т в")
        #expect(!keyboard.touchDown(at: ScreenPoint(x: frame.minX + 1, y: frame.minY - 5), timeMicroseconds: 50_000))
    }

    @Test func aPressedKeyIsDrawnPressed() throws {
        let layout = try #require(SearchKeyboardLayout(script: .latin, minX: 0, width: 800, bottom: 400, pixelsPerMillimetre: 96 / 25.4))
        let keyboard = SearchKeyboardElement(layout: layout, fonts: nil)
        let key = try #require(layout.keys.first { $0.key == .character("q") })
        // A point on the key's face away from its letter.
        let probe = (x: Int(key.face.minX) + 3, y: Int(key.face.minY) + 3)
        let buffer = PixelBuffer(width: 800, height: 400)
        keyboard.draw(on: Canvas(buffer: buffer))
        #expect(buffer.pixel(x: probe.x, y: probe.y) == ControlPalette.standard.fill.xrgb)
        keyboard.didPresent()
        #expect(keyboard.touchDown(at: centre(of: key.cell), timeMicroseconds: 0))
        #expect(keyboard.needsRedraw)
        keyboard.draw(on: Canvas(buffer: buffer))
        #expect(buffer.pixel(x: probe.x, y: probe.y) == ControlPalette.standard.pressedFill.xrgb)
        // Between keys: the keyboard's ground.
        let gapX = Int(key.face.maxX + (key.cell.maxX - key.face.maxX) / 2)
        #expect(buffer.pixel(x: gapX, y: probe.y) == ControlPalette.standard.border.xrgb)
    }
}
