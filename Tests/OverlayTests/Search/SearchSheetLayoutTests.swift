import Overlay
import Physics
import Testing

@Suite struct SearchSheetLayoutTests {
    /// 96 dpi on a 1080p screen, and a 4K panel 477 mm wide.
    static let screens: [(width: Double, height: Double, density: Double)] = [(1920, 1080, 96 / 25.4), (3840, 2160, 3840 / 477)]

    private func overlaps(_ a: ScreenRect, _ b: ScreenRect) -> Bool {
        a.minX < b.maxX && b.minX < a.maxX && a.minY < b.maxY && b.minY < a.maxY
    }

    private func encloses(_ outer: ScreenRect, _ inner: ScreenRect) -> Bool {
        inner.minX >= outer.minX - 1e-9 && inner.maxX <= outer.maxX + 1e-9 && inner.minY >= outer.minY - 1e-9 && inner.maxY <= outer.maxY + 1e-9
    }

    @Test(arguments: KeyboardScript.allCases)
    func theKeyboardNeverCoversTheFieldAndTheSheetHoldsEveryPart(script: KeyboardScript) throws {
        for screen in Self.screens {
            let rect = ScreenRect(x: 0, y: 0, width: screen.width, height: screen.height)
            let sheet = try #require(SearchSheetLayout(script: script, screen: rect, pixelsPerMillimetre: screen.density))
            let results = try #require(sheet.results)
            #expect(!overlaps(sheet.field, sheet.keyboard.frame) && sheet.field.maxY <= sheet.keyboard.frame.minY)
            #expect(!overlaps(results, sheet.field) && !overlaps(results, sheet.keyboard.frame))
            #expect(sheet.field.height >= SearchKeyboardLayout.minimumKeyMillimetres * screen.density - 1e-9)
            // The close button shares the field's row and covers neither the field nor a key.
            #expect(!overlaps(sheet.close, sheet.field) && !overlaps(sheet.close, sheet.keyboard.frame) && !overlaps(sheet.close, results))
            #expect(sheet.close.minY == sheet.field.minY && sheet.close.height == sheet.field.height && abs(sheet.close.width - sheet.field.height) < 1e-9)
            for part in [sheet.field, sheet.close, results, sheet.keyboard.frame] {
                #expect(encloses(sheet.occupiedRegion, part) && encloses(rect, part))
            }
            // Whole rows, at most the best 8.
            let rows = results.height / sheet.rowHeight
            #expect(abs(rows - rows.rounded()) < 1e-9 && rows >= 1 && rows <= Double(SearchSheetLayout.maximumRows))
        }
    }

    @Test func aScreenTooShortForTheFieldGetsNoSheet() {
        let density = 96 / 25.4
        // Room for the keyboard alone (4 rows of keys at most 16 mm plus margins) but not the field above it.
        let keyboardOnly = SearchKeyboardLayout(script: .latin, minX: 0, width: 1920, bottom: 1000, pixelsPerMillimetre: density)!
        let height = keyboardOnly.frame.height + 2 * SearchSheetLayout.marginMillimetres * density + 1
        #expect(SearchSheetLayout(script: .latin, screen: ScreenRect(x: 0, y: 0, width: 1920, height: height),
                                  pixelsPerMillimetre: density) == nil)
        #expect(SearchSheetLayout(script: .latin, screen: ScreenRect(x: 0, y: 0, width: 1920, height: 1080),
                                  pixelsPerMillimetre: 0) == nil)
    }
}
