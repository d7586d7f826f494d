import Overlay
import Physics
import Raster
import Testing

/// The sheet with nothing typed lists the lines, a line its stations; a text that finds nothing says so; a language
/// switch lays the keyboard out again and keeps the text; result rows show the roundels of their lines.
@Suite struct BrowseAndHintTests {
    static var projection: MapProjection { MapProjection { _ in ScreenPoint(x: 0, y: 0) } }
    static let screen = ScreenRect(x: 0, y: 0, width: 1280, height: 800)
    static let red = Color(rgb: 0xE02020), blue = Color(rgb: 0x2040E0)

    private func browse(_ line: String?) -> [SearchResultsElement.Row] {
        switch line {
        case nil: [SearchResultsElement.Row(target: .line("red"), name: "Red", lineColors: [Self.red]),
                   SearchResultsElement.Row(target: .line("blue"), name: "Blue", lineColors: [Self.blue])]
        case let line?: [SearchResultsElement.Row(target: .lines, name: line, lineColors: [Self.red])]
            + ["a", "b", "c"].map { SearchResultsElement.Row(stationID: line + "-" + $0, name: $0) }
        }
    }

    private func tapRow(_ index: Int, of sheet: SearchSheetElement, layout: SearchSheetLayout, time: Int64) throws {
        let list = try #require(layout.results)
        let point = ScreenPoint(x: list.minX + 40, y: list.minY + (Double(index) + 0.5) * layout.rowHeight)
        #expect(sheet.results.touchDown(at: point, timeMicroseconds: time))
        sheet.results.touchUp(at: point, timeMicroseconds: time + 60_000)
    }

    @Test func anEmptyFieldBrowsesLinesAndALineItsStations() throws {
        let layout = try #require(SearchSheetLayout(script: .latin, screen: Self.screen, pixelsPerMillimetre: 4))
        let sheet = SearchSheetElement(rate: .normal, fonts: nil)
        sheet.open(layout, find: { _ in [] }, browse: browse)
        sheet.advance(to: 0, map: Self.projection)
        #expect(sheet.results.rows.map(\.name) == ["Red", "Blue"])
        try tapRow(1, of: sheet, layout: layout, time: 100_000)
        // The list changes in the same turn as the tap: no request leaves the sheet.
        #expect(sheet.takeRequests().isEmpty)
        #expect(sheet.browsedLine == "blue" && sheet.results.rows.map(\.name) == ["blue", "a", "b", "c"])
        try tapRow(2, of: sheet, layout: layout, time: 300_000)
        #expect(sheet.takeRequests() == [.showStation(id: "blue-b")])
        try tapRow(0, of: sheet, layout: layout, time: 500_000)
        #expect(sheet.takeRequests().isEmpty && sheet.browsedLine == nil && sheet.results.rows.map(\.name) == ["Red", "Blue"])
        sheet.close()
        #expect(sheet.browsedLine == nil)
    }

    @Test func aTextThatFindsNothingSaysSo() throws {
        let layout = try #require(SearchSheetLayout(script: .latin, screen: Self.screen, pixelsPerMillimetre: 4))
        let sheet = SearchSheetElement(rate: .normal, fonts: nil)
        let wording = SearchWording(language: "de")
        sheet.open(layout, find: { _ in [] }, browse: browse, noMatch: wording.noMatch)
        let key = try #require(layout.keyboard.keys.first { $0.key == .character("q") }).cell
        let point = ScreenPoint(x: key.minX + key.width / 2, y: key.minY + key.height / 2)
        #expect(sheet.keyboard.touchDown(at: point, timeMicroseconds: 0))
        sheet.keyboard.touchUp(at: point, timeMicroseconds: 60_000)
        sheet.advance(to: 100_000, map: Self.projection)
        #expect(sheet.results.rows.isEmpty && sheet.results.emptyText == "Keine Station passt zu „q“")
        // Drawn in the list's first row.
        let fonts = try FontStack(preferences: ["Noto Sans"])
        let list = SearchResultsElement(rate: .normal, fonts: fonts)
        let area = ScreenRect(x: 0, y: 0, width: 600, height: 200)
        list.show([], in: area, rowHeight: 50)
        func ink() -> Int {
            let buffer = PixelBuffer(width: 600, height: 200)
            list.draw(on: Canvas(buffer: buffer))
            return (0..<50).reduce(0) { sum, y in sum + (0..<600).filter { (buffer.pixel(x: $0, y: y) ?? 0) & 0xFF < 0xC0 }.count }
        }
        #expect(ink() == 0)
        list.emptyText = wording.noMatch("q")
        #expect(ink() > 100)
    }

    @Test func everyWordedLanguageSaysNothingMatchesAroundTheText() {
        for language in ["en", "ru", "uk", "de", "fr", "es", "tr", "ja", "ko", "zh-Hans", "zh-Hant"] {
            let said = SearchWording(language: language).noMatch("xq")
            #expect(said.contains("xq"), "\(language)")
            if language != "en" { #expect(said != SearchWording(language: "en").noMatch("xq"), "\(language) has its own words") }
        }
        #expect(SearchWording(language: "ar").noMatch("x") == SearchWording(language: nil).noMatch("x"))
    }

    @Test func aNewLanguageLaysTheKeyboardOutAgainAndKeepsTheText() throws {
        let latin = try #require(SearchSheetLayout(script: .latin, screen: Self.screen, pixelsPerMillimetre: 4))
        let greek = try #require(SearchSheetLayout(script: .greek, screen: Self.screen, pixelsPerMillimetre: 4))
        let sheet = SearchSheetElement(rate: .normal, fonts: nil)
        sheet.open(latin, find: { [SearchResultsElement.Row(stationID: "en-" + $0, name: $0)] }, browse: browse)
        for letter in ["a", "t"] {
            let key = try #require(latin.keyboard.keys.first { $0.key == .character(letter) }).cell
            let point = ScreenPoint(x: key.minX + key.width / 2, y: key.minY + key.height / 2)
            #expect(sheet.keyboard.touchDown(at: point, timeMicroseconds: 0))
            sheet.keyboard.touchUp(at: point, timeMicroseconds: 60_000)
        }
        sheet.advance(to: 100_000, map: Self.projection)
        #expect(sheet.results.rows.map(\.stationID) == ["en-at"])
        sheet.relayout(greek, find: { [SearchResultsElement.Row(stationID: "el-" + $0, name: $0)] }, browse: browse, noMatch: { _ in nil })
        sheet.advance(to: 200_000, map: Self.projection)
        #expect(sheet.keyboard.layout?.script == .greek && sheet.query == "at" && sheet.field.text == "at")
        #expect(sheet.results.rows.map(\.stationID) == ["el-at"], "the list is asked again in the new language")
        // Greek keys type on: "atα".
        let alpha = try #require(greek.keyboard.keys.first { $0.key == .character("α") }).cell
        let point = ScreenPoint(x: alpha.minX + alpha.width / 2, y: alpha.minY + alpha.height / 2)
        #expect(sheet.keyboard.touchDown(at: point, timeMicroseconds: 300_000))
        sheet.keyboard.touchUp(at: point, timeMicroseconds: 360_000)
        #expect(sheet.query == "atα")
    }

    @Test func aResultRowShowsARoundelPerLineAndALineRowItsSwatch() throws {
        let fonts = try FontStack(preferences: ["Noto Sans"])
        let area = ScreenRect(x: 0, y: 0, width: 600, height: 100)
        func colours(_ row: SearchResultsElement.Row, rightToLeft: Bool = false) -> (left: Set<UInt32>, right: Set<UInt32>) {
            let list = SearchResultsElement(rate: .normal, fonts: fonts)
            list.isRightToLeft = rightToLeft
            list.show([row], in: area, rowHeight: 50)
            let buffer = PixelBuffer(width: 600, height: 100)
            list.draw(on: Canvas(buffer: buffer))
            var left: Set<UInt32> = [], right: Set<UInt32> = []
            for y in 0..<50 {
                for x in 0..<600 {
                    guard let pixel = buffer.pixel(x: x, y: y) else { continue }
                    if x < 300 { left.insert(pixel & 0xFFFFFF) } else { right.insert(pixel & 0xFFFFFF) }
                }
            }
            return (left, right)
        }
        let red = Self.red.xrgb & 0xFFFFFF, blue = Self.blue.xrgb & 0xFFFFFF
        // A station: its name from the reading edge, then a roundel per line.
        let station = colours(SearchResultsElement.Row(stationID: "s", name: "Oak", lineColors: [Self.red, Self.blue]))
        #expect(station.left.contains(red) && station.left.contains(blue))
        let mirrored = colours(SearchResultsElement.Row(stationID: "s", name: "Oak", lineColors: [Self.red, Self.blue]), rightToLeft: true)
        #expect(mirrored.right.contains(red) && mirrored.right.contains(blue) && !mirrored.left.contains(red))
        // Without lines, no colour.
        #expect(!colours(SearchResultsElement.Row(stationID: "s", name: "Oak")).left.contains(red))
        // A line: its swatch before the name.
        #expect(colours(SearchResultsElement.Row(target: .line("red"), name: "Red", lineColors: [Self.red])).left.contains(red))
    }
}
