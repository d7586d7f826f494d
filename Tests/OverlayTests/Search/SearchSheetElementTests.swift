import Overlay
import Physics
import Raster
import Testing

/// The sheet as one element: the list filled from what the keys typed, the close button pressed as the keys are, a
/// row's station handed to the loop, and every touch on the panel kept from the map.
@Suite struct SearchSheetElementTests {
    static var projection: MapProjection { MapProjection { _ in ScreenPoint(x: 0, y: 0) } }
    static let screen = ScreenRect(x: 0, y: 0, width: 1280, height: 800)

    private func openSheet(asked: @escaping (String) -> Void = { _ in }) throws -> (SearchSheetElement, SearchSheetLayout) {
        let layout = try #require(SearchSheetLayout(script: .latin, screen: Self.screen, pixelsPerMillimetre: 4))
        let sheet = SearchSheetElement(rate: .normal, fonts: nil)
        sheet.open(layout) { text in
            asked(text)
            return text.isEmpty ? [] : [SearchResultsElement.Row(stationID: "id-" + text, name: text.uppercased())]
        }
        sheet.advance(to: 0, map: Self.projection)
        return (sheet, layout)
    }

    private func centre(_ rect: ScreenRect) -> ScreenPoint { ScreenPoint(x: (rect.minX + rect.maxX) / 2, y: (rect.minY + rect.maxY) / 2) }

    private func key(_ letter: String, in layout: SearchSheetLayout) throws -> ScreenRect {
        try #require(layout.keyboard.keys.first { $0.key == .character(letter) }).cell
    }

    /// Offers a tap to the sheet and its children as the overlay layer does: topmost child first.
    private func tap(_ sheet: SearchSheetElement, at point: ScreenPoint, time: Int64) {
        let taker = (sheet.children.reversed() + [sheet]).first { $0.touchDown(at: point, timeMicroseconds: time) }
        taker?.touchUp(at: point, timeMicroseconds: time + 60_000)
        sheet.advance(to: time + 70_000, map: Self.projection)
    }

    @Test func theListFollowsWhatTheKeysTypedAndARowTapHandsItsStationToTheLoop() throws {
        var asked: [String] = []
        let (sheet, layout) = try openSheet { asked.append($0) }
        #expect(sheet.isOpen && sheet.results.rows.isEmpty && sheet.field.rect == layout.field)
        tap(sheet, at: centre(try key("k", in: layout)), time: 100_000)
        tap(sheet, at: centre(try key("i", in: layout)), time: 300_000)
        #expect(sheet.query == "ki" && sheet.field.text == "ki" && sheet.results.rows.map(\.stationID) == ["id-ki"])
        sheet.advance(to: 400_000, map: Self.projection)
        // The empty field browses the lines instead of asking `find`.
        #expect(asked == ["k", "ki"], "asked once per change of the text, not every frame")
        let results = try #require(layout.results)
        tap(sheet, at: ScreenPoint(x: results.minX + 40, y: results.minY + layout.rowHeight / 2), time: 500_000)
        #expect(sheet.takeRequests() == [.showStation(id: "id-ki")])
        #expect(sheet.takeRequests().isEmpty)
    }

    @Test func theCloseButtonActsOnItsLiftOnlyAndTheSheetKeepsEveryTouchOnItsPanel() throws {
        let (sheet, layout) = try openSheet()
        let close = centre(layout.close)
        #expect(!sheet.children.contains { $0.touchDown(at: close, timeMicroseconds: 0) }, "no part lies under the close button")
        #expect(sheet.touchDown(at: close, timeMicroseconds: 0) && sheet.isClosePressed && sheet.needsRedraw)
        sheet.touchMoved(to: ScreenPoint(x: close.x, y: close.y - 200), timeMicroseconds: 30_000)
        #expect(!sheet.isClosePressed)
        sheet.touchUp(at: ScreenPoint(x: close.x, y: close.y - 200), timeMicroseconds: 60_000)
        #expect(sheet.takeRequests().isEmpty, "a press slid off closes nothing")
        #expect(sheet.touchDown(at: close, timeMicroseconds: 100_000))
        sheet.touchUp(at: close, timeMicroseconds: 160_000)
        #expect(sheet.takeRequests() == [.closeSearch])
        // The margin between the field and the keyboard is the sheet's: it must not pan the map beneath.
        let frame = try #require(sheet.frame)
        #expect(sheet.touchDown(at: ScreenPoint(x: layout.field.minX + 10, y: layout.field.maxY + 2), timeMicroseconds: 200_000))
        sheet.touchUp(at: ScreenPoint(x: layout.field.minX + 10, y: layout.field.maxY + 2), timeMicroseconds: 260_000)
        #expect(!sheet.touchDown(at: ScreenPoint(x: frame.maxX + 5, y: frame.maxY - 5), timeMicroseconds: 300_000))
        #expect(sheet.occupiedRegion == frame)
    }

    @Test func closingForgetsTheTextAndHidesEveryPart() throws {
        let (sheet, layout) = try openSheet()
        tap(sheet, at: centre(try key("q", in: layout)), time: 100_000)
        #expect(sheet.query == "q")
        sheet.close()
        #expect(!sheet.isOpen && sheet.frame == nil && sheet.occupiedRegion == nil && sheet.children.isEmpty)
        #expect(sheet.query == "" && sheet.results.frame == nil && sheet.field.frame == nil && sheet.keyboard.frame == nil)
        #expect(!sheet.touchDown(at: centre(layout.close), timeMicroseconds: 200_000))
        sheet.open(layout) { _ in [] }
        sheet.advance(to: 300_000, map: Self.projection)
        #expect(sheet.query == "" && sheet.field.text == "", "a new search starts empty")
    }
}
