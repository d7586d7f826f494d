import Overlay
import Physics
import Raster
import Testing

/// The right-to-left keyboards as a traveller who types Hebrew or Arabic expects them: Hebrew's letters on the keys
/// SI 1452 puts them on, and the erase key's glyph pointing the way a backspace deletes.
@Suite struct RightToLeftKeyboardTests {
    private func layout(_ script: KeyboardScript) throws -> SearchKeyboardLayout {
        try #require(SearchKeyboardLayout(script: script, minX: 0, width: 1280, bottom: 700, pixelsPerMillimetre: 4))
    }

    private func key(_ letter: String, in layout: SearchKeyboardLayout) throws -> SearchKeyboardLayout.PlacedKey {
        try #require(layout.keys.first { $0.key == .character(letter) }, "\(letter)")
    }

    /// SI 1452's top row: / and ' on Q and W, then ק on E through פ on P. Each Hebrew letter sits exactly where the
    /// Latin keyboard (same width, same place) has the key it is typed with, and the row ends flush with the one below.
    @Test func hebrewTopRowSitsOnTheKeysOfSI1452() throws {
        let hebrew = try layout(.hebrew), latin = try layout(.latin)
        for (letter, qwerty) in zip(["ק", "ר", "א", "ט", "ו", "ן", "ם", "פ"], ["e", "r", "t", "y", "u", "i", "o", "p"]) {
            let placed = try key(letter, in: hebrew), on = try key(qwerty, in: latin)
            #expect(abs(placed.cell.minX - on.cell.minX) < 1e-9 && abs(placed.cell.minY - on.cell.minY) < 1e-9, "\(letter) on \(qwerty)")
        }
        // ק above ג (the D key), פ above ף (the ; key), the last key of the row below.
        #expect(abs(try key("ק", in: hebrew).cell.minX - key("ג", in: hebrew).cell.minX) < 1e-9)
        #expect(abs(try key("פ", in: hebrew).cell.maxX - key("ף", in: hebrew).cell.maxX) < 1e-9)
        #expect(abs(try key("פ", in: hebrew).cell.maxX - hebrew.frame.maxX) < 1e-9)
    }

    /// Every Hebrew letter in the column a Hebrew phone puts it in: Android's keyboard (AOSP LatinIME
    /// `rows_hebrew.xml`, kept by Gboard) has ten equal keys a row; ' and - take the top row's first two places,
    /// the bottom row starts at the left edge and the erase key fills its end.
    @Test func hebrewLettersSitInThePhonesColumns() throws {
        let hebrew = try layout(.hebrew)
        let phone: [(letters: String, firstColumn: Int)] = [("קראטוןםפ", 2), ("שדגכעיחלךף", 0), ("זסבהנמצתץ", 0)]
        let ש = try key("ש", in: hebrew).cell
        for (row, (letters, firstColumn)) in phone.enumerated() {
            for (offset, letter) in letters.enumerated() {
                let cell = try key(String(letter), in: hebrew).cell
                let column = (cell.minX - ש.minX) / ש.width, line = (cell.minY - ש.minY) / ש.height + 1
                #expect(abs(column - Double(firstColumn + offset)) < 1e-9 && abs(line - Double(row)) < 1e-9,
                        "\(letter): column \(column), row \(line); the phone's \(firstColumn + offset), \(row)")
            }
        }
    }

    /// Whether the erase glyph's point is on the left of the backspace key: the cap's corner on the pointed side is
    /// cut away (the key's ground shows), on the square side it is the glyph's colour.
    private func erasePointsLeft(_ script: KeyboardScript) throws -> Bool {
        let layout = try layout(script)
        let keyboard = SearchKeyboardElement(layout: layout, fonts: nil)
        let buffer = PixelBuffer(width: 1280, height: 720)
        keyboard.draw(on: Canvas(buffer: buffer))
        let backspace = try #require(layout.keys.first { $0.key == .backspace })
        let face = backspace.face
        let unit = min(face.width, face.height)
        let centre = (x: (face.minX + face.maxX) / 2, y: (face.minY + face.maxY) / 2)
        // Just inside the cap's top corners (the cap is 0.64 units wide and 0.4 high about the centre).
        let leftCorner = buffer.pixel(x: Int(centre.x - unit * 0.29), y: Int(centre.y - unit * 0.17))
        let rightCorner = buffer.pixel(x: Int(centre.x + unit * 0.29), y: Int(centre.y - unit * 0.17))
        let glyph = ControlPalette.standard.glyph.xrgb, ground = ControlPalette.standard.fill.xrgb
        #expect(Set([leftCorner, rightCorner]) == Set([glyph, ground]), "one corner cut, one drawn (\(script))")
        return leftCorner == ground && rightCorner == glyph
    }

    @Test func theEraseKeyPointsTheWayTextIsDeleted() throws {
        for script in KeyboardScript.allCases {
            // Left-to-right text is deleted from its right end leftwards; right-to-left text from its left end rightwards.
            #expect(try erasePointsLeft(script) == !script.isRightToLeft, "\(script)")
        }
    }
}
