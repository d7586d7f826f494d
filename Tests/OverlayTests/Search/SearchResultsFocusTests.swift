import Overlay
import Physics
import Raster
import Testing

/// The keypad's focus in the result list, as a sighted helper sees it: the focused row drawn in the pressed fill
/// inside a yellow ring lined in black, and the list scrolled so the row is always wholly in view.
@Suite struct SearchResultsFocusTests {
    // 300 px of list, 50 px rows: six rows show at a time.
    static let rect = ScreenRect(x: 100, y: 100, width: 400, height: 300)

    private func list(rows count: Int) -> SearchResultsElement {
        let list = SearchResultsElement(rate: .normal, fonts: nil)
        list.show((0..<count).map { SearchResultsElement.Row(stationID: "s\($0)", name: "Station \($0)") }, in: Self.rect, rowHeight: 50)
        return list
    }

    private func drawn(_ list: SearchResultsElement) -> PixelBuffer {
        let buffer = PixelBuffer(width: 600, height: 500)
        list.draw(on: Canvas(buffer: buffer))
        return buffer
    }

    /// Whether the row whose top is at `top` (screen y) is drawn focused: ring on its edges, pressed fill inside.
    private func isFocused(rowTop top: Int, in buffer: PixelBuffer) -> Bool {
        buffer.pixel(x: 300, y: top + 1) == FocusRingElement.outer.xrgb
            && buffer.pixel(x: 300, y: top + 48) == FocusRingElement.outer.xrgb
            && buffer.pixel(x: 101, y: top + 25) == FocusRingElement.outer.xrgb
            && buffer.pixel(x: 498, y: top + 25) == FocusRingElement.outer.xrgb
            && buffer.pixel(x: 300, y: top + 4) == FocusRingElement.inner.xrgb
            && buffer.pixel(x: 300, y: top + 25) == ControlPalette.standard.pressedFill.xrgb
    }

    @Test func theFocusedRowIsRingedAndTheOthersAreNot() {
        let list = list(rows: 20)
        #expect(!isFocused(rowTop: 150, in: drawn(list)))
        list.focusedIndex = 1
        #expect(list.needsRedraw)
        let buffer = drawn(list)
        #expect(isFocused(rowTop: 150, in: buffer))
        for top in [100, 200, 250, 300, 350] {
            #expect(buffer.pixel(x: 300, y: top + 25) == ControlPalette.standard.fill.xrgb, "row at \(top) plain")
            #expect(buffer.pixel(x: 300, y: top + 1) == ControlPalette.standard.fill.xrgb)
        }
        list.focusedIndex = nil
        #expect(!isFocused(rowTop: 150, in: drawn(list)))
    }

    @Test func movingTheFocusPastTheVisibleRowsScrollsItIntoView() {
        let list = list(rows: 20)
        for index in 0...5 {
            list.focusedIndex = index
            #expect(list.offset == 0, "row \(index) shows without scrolling")
        }
        // The seventh row: the list moves by one row, the row sits at the bottom.
        list.focusedIndex = 6
        #expect(list.offset == 50)
        #expect(isFocused(rowTop: 350, in: drawn(list)))
        list.focusedIndex = 12
        #expect(list.offset == 350)
        #expect(isFocused(rowTop: 350, in: drawn(list)))
        // Back up past the top of the view: the row comes in at the top.
        list.focusedIndex = 4
        #expect(list.offset == 200)
        #expect(isFocused(rowTop: 100, in: drawn(list)))
        // Wrapping round to the first row (as 2/8 do at the list's end) scrolls back to the top.
        list.focusedIndex = 19
        #expect(list.offset == 700)
        list.focusedIndex = 0
        #expect(list.offset == 0)
        #expect(isFocused(rowTop: 100, in: drawn(list)))
    }

    @Test func theListFilledAgainKeepsAFocusThatStillHasItsRow() {
        let list = list(rows: 20)
        list.focusedIndex = 9
        list.show((0..<20).map { SearchResultsElement.Row(stationID: "t\($0)", name: "Station \($0)") }, in: Self.rect, rowHeight: 50)
        #expect(list.focusedIndex == 9 && list.offset == 200)
        list.show((0..<3).map { SearchResultsElement.Row(stationID: "u\($0)", name: "U \($0)") }, in: Self.rect, rowHeight: 50)
        #expect(list.focusedIndex == nil)
        list.focusedIndex = 2
        list.hide()
        #expect(list.focusedIndex == nil)
    }
}
