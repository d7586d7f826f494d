import Overlay
import Physics
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
}
