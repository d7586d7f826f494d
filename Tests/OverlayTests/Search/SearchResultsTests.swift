import Overlay
import Physics
import Raster
import Testing

@Suite struct SearchResultsTests {
    static var projection: MapProjection { MapProjection { _ in ScreenPoint(x: 0, y: 0) } }
    static let rect = ScreenRect(x: 100, y: 100, width: 400, height: 300)

    private func list(rows count: Int) -> SearchResultsElement {
        let list = SearchResultsElement(rate: .normal, fonts: nil)
        list.show((0..<count).map { SearchResultsElement.Row(stationID: "s\($0)", name: "Station \($0)") }, in: Self.rect, rowHeight: 50)
        return list
    }

    @Test func aTapChoosesTheRowUnderTheFinger() {
        let list = list(rows: 20)
        #expect(list.touchDown(at: ScreenPoint(x: 200, y: 100 + 2 * 50 + 10), timeMicroseconds: 0))
        list.touchUp(at: ScreenPoint(x: 202, y: 100 + 2 * 50 + 12), timeMicroseconds: 90_000)
        #expect(list.takeChosen() == .station("s2"))
        #expect(list.takeChosen() == nil)
        #expect(!list.touchDown(at: ScreenPoint(x: 50, y: 50), timeMicroseconds: 200_000))
    }

    @Test func aFlingGlidesAndRestsWithinTheListAndDoesNotChoose() throws {
        let list = list(rows: 40) // 2000 px of rows in 300: 1700 px of scrolling
        var time: Int64 = 0
        #expect(list.touchDown(at: ScreenPoint(x: 200, y: 380), timeMicroseconds: time))
        for step in 1...6 {
            time += 8_000
            list.touchMoved(to: ScreenPoint(x: 200, y: 380 - Double(step) * 20), timeMicroseconds: time)
        }
        let atLift = list.offset
        #expect(atLift > 100)
        list.touchUp(at: ScreenPoint(x: 200, y: 260), timeMicroseconds: time)
        #expect(list.takeChosen() == nil)
        let end = try #require(list.nextChangeMicroseconds)
        list.advance(to: time + (end - time) / 4, map: Self.projection)
        #expect(list.offset > atLift) // still gliding up the list
        #expect(list.needsRedraw)
        list.advance(to: end, map: Self.projection)
        #expect(list.offset >= 0 && list.offset <= 1700)
        #expect(list.nextChangeMicroseconds == nil)
        // A tap now chooses the row under the finger at the scrolled offset.
        let offset = list.offset
        #expect(list.touchDown(at: ScreenPoint(x: 200, y: 110), timeMicroseconds: end + 100_000))
        list.touchUp(at: ScreenPoint(x: 200, y: 110), timeMicroseconds: end + 150_000)
        #expect(list.takeChosen() == .station("s\(Int((10 + offset) / 50))"))
    }

    /// 40 rows flung up at 2500 px/s (20 px every 8 ms, lifted at 48 ms), shown gliding at 148 ms.
    private func gliding() -> SearchResultsElement {
        let list = list(rows: 40)
        #expect(list.touchDown(at: ScreenPoint(x: 200, y: 380), timeMicroseconds: 0))
        for step in 1...6 { list.touchMoved(to: ScreenPoint(x: 200, y: 380 - Double(step) * 20), timeMicroseconds: Int64(step) * 8_000) }
        list.touchUp(at: ScreenPoint(x: 200, y: 260), timeMicroseconds: 48_000)
        list.advance(to: 148_000, map: Self.projection)
        return list
    }

    /// A finger on a gliding list stops it where the screen shows it, as a finger on the map does: the touch's
    /// time is earlier than the frame already shown, and sampling the glide there stepped the list back.
    @Test func aCatchStopsTheListWhereItIsShown() throws {
        let list = gliding()
        let shown = list.offset
        #expect(list.touchDown(at: ScreenPoint(x: 200, y: 200), timeMicroseconds: 140_000))
        list.advance(to: 164_667, map: Self.projection)
        #expect(list.offset == shown, "caught at \(list.offset) px, shown at \(shown) px")
        list.touchUp(at: ScreenPoint(x: 200, y: 200), timeMicroseconds: 170_000)
        list.advance(to: 2_000_000, map: Self.projection)
        #expect(list.offset == shown, "a still catch leaves the list where it was caught")
    }

    /// As on a phone, the first touch on a gliding list only stops it; the row under the finger was passing by. The
    /// list at rest then picks with the next tap.
    @Test func aTapThatStopsAGlideChoosesNoRow() throws {
        let list = gliding()
        #expect(list.nextChangeMicroseconds != nil, "still gliding when the finger lands")
        let stopped = list.offset
        #expect(list.touchDown(at: ScreenPoint(x: 200, y: 210), timeMicroseconds: 150_000))
        list.touchUp(at: ScreenPoint(x: 200, y: 210), timeMicroseconds: 230_000)
        #expect(list.takeChosen() == nil, "the tap that stopped the glide chose a row")
        list.advance(to: 2_000_000, map: Self.projection)
        #expect(list.offset == stopped)

        #expect(list.touchDown(at: ScreenPoint(x: 200, y: 210), timeMicroseconds: 2_100_000))
        list.touchUp(at: ScreenPoint(x: 200, y: 210), timeMicroseconds: 2_180_000)
        let row = Int(((210 - Self.rect.minY + stopped) / 50).rounded(.down))
        #expect(list.takeChosen() == .station("s\(row)"))
    }

    /// With the loop's latency a lift is shown a little later than it happened: a tap in that gap lands on a list
    /// the screen still shows moving, and stops it as a tap on a glide does.
    @Test func aTapBeforeTheLiftIsShownChoosesNoRow() {
        let list = list(rows: 40)
        list.touchLatencyMicroseconds = 24_667
        #expect(list.touchDown(at: ScreenPoint(x: 200, y: 380), timeMicroseconds: 0))
        for frame in 1...6 {
            let time = Int64(frame) * 16_667
            list.touchMoved(to: ScreenPoint(x: 200, y: 380 - Double(frame) * 20), timeMicroseconds: time - 8_000)
            list.advance(to: time, map: Self.projection)
        }
        list.touchUp(at: ScreenPoint(x: 200, y: 260), timeMicroseconds: 100_000)
        #expect(list.touchDown(at: ScreenPoint(x: 200, y: 210), timeMicroseconds: 101_000))
        list.touchUp(at: ScreenPoint(x: 200, y: 210), timeMicroseconds: 110_000)
        #expect(list.takeChosen() == nil, "the tap that caught the lift chose a row")
    }

    @Test func aShortListDoesNotScrollAndHidingEmptiesIt() {
        let list = list(rows: 3)
        #expect(list.touchDown(at: ScreenPoint(x: 200, y: 150), timeMicroseconds: 0))
        list.touchMoved(to: ScreenPoint(x: 200, y: 110), timeMicroseconds: 16_000)
        list.touchUp(at: ScreenPoint(x: 200, y: 110), timeMicroseconds: 32_000)
        list.advance(to: 2_000_000, map: Self.projection)
        #expect(list.offset == 0)
        list.hide()
        #expect(list.frame == nil && list.rows.isEmpty)
    }

    @Test func rowsAreDrawnWithTheirSeparators() {
        let list = list(rows: 10)
        let buffer = PixelBuffer(width: 600, height: 500)
        list.draw(on: Canvas(buffer: buffer))
        #expect(buffer.pixel(x: 300, y: 120) == ControlPalette.standard.fill.xrgb)
        #expect(buffer.pixel(x: 300, y: 149) == ControlPalette.standard.border.xrgb)
        #expect(buffer.pixel(x: 300, y: 50) == 0) // outside its frame: untouched
    }
}
