import MetroMap
import Overlay
import Physics
import Raster
import StationSearch
import Testing

/// The sheet for a right-to-left language: its keyboard types the letters of the shown names, and the list finds the
/// station (Dubai's Red Line as its stations are signed; no shared city is written in Arabic or Hebrew).
@Suite struct RightToLeftSheetTests {
    static let screen = ScreenRect(x: 0, y: 0, width: 1280, height: 800)
    static var projection: MapProjection { MapProjection { _ in ScreenPoint(x: 0, y: 0) } }

    static let dubai: MetroMap = {
        let names: [(String, String)] = [("Union", "الاتحاد"), ("Al Rigga", "الرقة"), ("Deira City Centre", "ديرة سيتي سنتر"),
                                         ("Mall of the Emirates", "مول الإمارات")]
        let stations = names.enumerated().map { index, name in
            Station(id: "s\(index)", name: name.0, localizedNames: ["ar": name.1], position: SchemePoint(x: Double(index) * 10, y: 0))
        }
        return MetroMap(name: "Dubai", bounds: SchemeRect(x: 0, y: 0, width: 100, height: 10), stations: stations,
                        lines: [MetroLine(id: "red", name: "Red", color: RGBColor(red: 220, green: 30, blue: 40), segments: [stations.map(\.id)])])
    }()

    @Test(arguments: [("ar", KeyboardScript.arabic), ("fa", .persian), ("he", .hebrew)])
    func theSheetOfARightToLeftLanguageAlignsFromTheRight(language: String, script: KeyboardScript) throws {
        let layout = try #require(SearchSheetLayout(script: KeyboardScript.forLanguage(language), screen: Self.screen, pixelsPerMillimetre: 4))
        #expect(layout.keyboard.script == script)
        let sheet = SearchSheetElement(rate: .normal, fonts: nil)
        sheet.open(layout) { _ in [] }
        #expect(sheet.field.isRightToLeft && sheet.results.isRightToLeft)
        let latin = try #require(SearchSheetLayout(script: .latin, screen: Self.screen, pixelsPerMillimetre: 4))
        sheet.open(latin) { _ in [] }
        #expect(!sheet.field.isRightToLeft && !sheet.results.isRightToLeft)
    }

    @Test func typingOnTheArabicKeyboardFindsTheStationInEverydaySpelling() throws {
        let layout = try #require(SearchSheetLayout(script: .arabic, screen: Self.screen, pixelsPerMillimetre: 4))
        let search = StationSearch(map: Self.dubai, language: "ar")
        let sheet = SearchSheetElement(rate: .normal, fonts: nil)
        sheet.open(layout) { text in
            search.results(for: text, limit: SearchSheetLayout.maximumRows).map { SearchResultsElement.Row(stationID: $0.stationID, name: $0.name) }
        }
        // "رقه": the name without its article, ta marbuta typed as heh as everyday writing has it.
        var time: Int64 = 0
        for letter in ["ر", "ق", "ه"] {
            let cell = try #require(layout.keyboard.keys.first { $0.key == .character(letter) }).cell
            let point = ScreenPoint(x: (cell.minX + cell.maxX) / 2, y: (cell.minY + cell.maxY) / 2)
            #expect(sheet.keyboard.touchDown(at: point, timeMicroseconds: time))
            sheet.keyboard.touchUp(at: point, timeMicroseconds: time + 60_000)
            time += 200_000
            sheet.advance(to: time, map: Self.projection)
        }
        #expect(sheet.field.text == "رقه")
        #expect(sheet.results.rows.first?.name == "الرقة" && sheet.results.rows.first?.stationID == "s1")
    }
}
