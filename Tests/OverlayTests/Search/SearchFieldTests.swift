import Overlay
import Physics
import Raster
import Testing

@Suite struct SearchFieldTests {
    @Test func textWiderThanTheFieldShowsItsEnd() {
        // Ten pixels a character: 4 fit in 45.
        let measure = { (text: String) in Double(text.count) * 10 }
        #expect(SearchFieldElement.shownEnd(of: "tverskaya", fitting: 45, measure: measure) == "kaya")
        #expect(SearchFieldElement.shownEnd(of: "gate", fitting: 45, measure: measure) == "gate")
        #expect(SearchFieldElement.shownEnd(of: "", fitting: 45, measure: measure) == "")
    }

    @Test func typingRedrawsAndTheFieldTakesItsTouches() {
        let field = SearchFieldElement(fonts: nil)
        #expect(field.frame == nil && !field.touchDown(at: ScreenPoint(x: 5, y: 5), timeMicroseconds: 0))
        field.rect = ScreenRect(x: 0, y: 0, width: 100, height: 40)
        field.didPresent()
        #expect(!field.needsRedraw)
        field.text = "ch"
        #expect(field.needsRedraw && field.occupiedRegion == field.rect)
        field.didPresent()
        field.text = "ch"
        #expect(!field.needsRedraw, "the same text is not drawn again")
        #expect(field.touchDown(at: ScreenPoint(x: 5, y: 5), timeMicroseconds: 0))
        #expect(!field.touchDown(at: ScreenPoint(x: 150, y: 5), timeMicroseconds: 0))
    }

    /// The columns where the field's text is drawn: red well below the fill's and the edge's (the glyph colour is
    /// dark blue, the edge slate).
    private func inkColumns(_ field: SearchFieldElement, width: Int, height: Int) -> ClosedRange<Int>? {
        let buffer = PixelBuffer(width: width, height: height)
        field.draw(on: Canvas(buffer: buffer))
        var columns: [Int] = []
        for x in 0..<width {
            for y in height / 4..<height * 3 / 4 where ((buffer.pixel(x: x, y: y) ?? 0xFFFFFF) >> 16) & 0xFF < 0x50 {
                columns.append(x)
                break
            }
        }
        guard let first = columns.first, let last = columns.last else { return nil }
        return first...last
    }

    @Test func rightToLeftTextGrowsFromTheRightEdge() throws {
        let fonts = try FontStack(preferences: ["Noto Sans", "Noto Sans Arabic"])
        let field = SearchFieldElement(fonts: fonts)
        field.rect = ScreenRect(x: 0, y: 0, width: 400, height: 44)
        field.text = "الرقة"
        let leftAligned = try #require(inkColumns(field, width: 400, height: 44))
        #expect(leftAligned.lowerBound < 40)
        field.didPresent()
        field.isRightToLeft = true
        #expect(field.needsRedraw)
        let rightAligned = try #require(inkColumns(field, width: 400, height: 44))
        #expect(rightAligned.upperBound > 360 && rightAligned.lowerBound > 200)
        // The same shaped word, moved: its width does not change with the alignment.
        #expect(abs((rightAligned.upperBound - rightAligned.lowerBound) - (leftAligned.upperBound - leftAligned.lowerBound)) <= 1)
    }
}
