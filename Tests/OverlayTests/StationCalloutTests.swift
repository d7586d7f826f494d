import MetroMap
import Raster
import Testing
@testable import Overlay

/// The station callout: what it says about a station and where its card goes.
struct StationCalloutTests {
    static let demo = try! BundledMap.loadDemo()

    @Test func anInterchangeListsEveryLineThatStopsThere() throws {
        // Central Square is one station on three lines; Theatre is two stations joined by a transfer.
        let central = try #require(StationInfo(map: Self.demo, stationID: "central-square", language: nil))
        #expect(central.lines.count == 3)
        let theatre = try #require(StationInfo(map: Self.demo, stationID: "theatre", language: nil))
        #expect(theatre.lines.count == 2)
        #expect(!theatre.otherNames.isEmpty, "the demo map has Cyrillic names too")
        let russian = try #require(StationInfo(map: Self.demo, stationID: "theatre", language: "ru"))
        #expect(russian.otherNames.contains(theatre.name))
        #expect(russian.name != theatre.name)
    }

    @Test func theCalloutIsDrawnAboveTheStation() throws {
        let buffer = PixelBuffer(width: 400, height: 300)
        let canvas = Canvas(buffer: buffer)
        canvas.clear(Color(rgb: 0x336699))
        let info = try #require(StationInfo(map: Self.demo, stationID: "central-square", language: nil))
        StationCallout.draw(info, at: Raster.Point(200, 250), on: canvas, font: try Font.loadDefault())
        // White card above the anchor, background below it.
        var white = 0
        for y in 0..<240 { for x in 0..<400 where buffer.row(y)[x] & 0xFFFFFF == 0xFFFFFF { white += 1 } }
        #expect(white > 2000)
        #expect(buffer.row(290)[200] & 0xFFFFFF == 0x336699)
        // One chip per line, in the line's colour.
        for line in info.lines {
            let colour = line.color.xrgb & 0xFFFFFF
            var found = false
            for y in 0..<250 where !found { for x in 0..<400 where buffer.row(y)[x] & 0xFFFFFF == colour { found = true; break } }
            #expect(found, "chip for \(line.name)")
        }
    }

    @Test func theCalloutFindsAFontForEveryScriptOfTheName() throws {
        let bounds = IntRect(x: 0, y: 0, width: 400, height: 300)
        var map = Self.demo
        let index = try #require(map.stations.firstIndex { $0.id == "central-square" })
        map.stations[index].name = "Central ميدان"
        let info = try #require(StationInfo(map: map, stationID: "central-square", language: nil))
        func darkInTitle(fonts: FontStack) -> Int {
            let buffer = PixelBuffer(width: 400, height: 300)
            let canvas = Canvas(buffer: buffer)
            canvas.clear(.white)
            let layout = StationCallout.layout(info, at: Raster.Point(200, 250), in: bounds, fonts: fonts)
            StationCallout.draw(info, layout: layout, on: canvas, fonts: fonts)
            // The title's row: the top padding to one title line below it.
            var dark = 0
            for y in Int(layout.top)..<Int(layout.top + 34) {
                for x in 0..<400 where buffer.row(y)[x] & 0xFF < 100 { dark += 1 }
            }
            return dark
        }
        let latinOnly = try FontStack(preferences: ["Noto Sans"])
        let withArabic = try FontStack(preferences: ["Noto Sans", "Noto Sans Arabic"])
        #expect(!latinOnly.shape(info.name, sizePixels: 20).allGlyphsFound)
        #expect(withArabic.shape(info.name, sizePixels: 20).allGlyphsFound)
        // The Arabic word is drawn only when the stack has a font for it.
        #expect(darkInTitle(fonts: withArabic) > darkInTitle(fonts: latinOnly) + 40)
    }
}
