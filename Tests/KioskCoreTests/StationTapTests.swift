import Foundation
import MetroMap
import Physics
import Raster
import Testing
import TouchInput
@testable import KioskCore

/// A passenger taps a station: it is picked under the finger, described, and shown in a callout for a while.
struct StationTapTests {
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

    @Test func theNearestStationWithinReachIsPicked() throws {
        let picker = StationPicker(map: Self.demo)
        let position = try #require(Self.demo.station(id: "central-square")?.position)
        #expect(picker.station(near: SchemePoint(x: position.x + 5, y: position.y - 5), within: 20) == "central-square")
        #expect(picker.station(near: SchemePoint(x: -1000, y: -1000), within: 20) == nil)
        #expect(picker.station(near: SchemePoint(x: position.x + 30, y: position.y), within: 20) == nil)
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

    @Test func tappingAStationShowsItForEightSecondsAndAnotherTouchHidesIt() throws {
        var config = KioskConfig()
        config.kiosk.idleTimeoutSeconds = 0
        let geometry = CameraGeometry(map: Self.demo, viewport: Size(width: 1280, height: 800))
        let home = config.homeCamera(geometry: geometry)
        let position = try #require(Self.demo.station(id: "central-square")?.position)
        let tap = geometry.screenPoint(ofScheme: Physics.Point(x: position.x, y: position.y), camera: home)
        let text = """
            0,0,down,\(tap.x + 3),\(tap.y - 2)
            60000,0,up,,
            20000000,0,down,\(tap.x + 3),\(tap.y - 2)
            20060000,0,up,,
            21000000,0,down,5,5
            21060000,0,up,,
            """
        let frames = try TraceReader.frames(text: text, file: "tap.csv", outputSize: OutputSize(width: 1280, height: 800))
        let records = try KioskReplay.frames(of: frames, on: Self.demo, config: config)
        let shown = try #require(records.first { $0.station == "central-square" })
        #expect(shown.presentationMicroseconds < 100_000)
        #expect(shown.damage == IntRect(x: 0, y: 0, width: 1280, height: 800))
        let hidden = try #require(records.first { $0.presentationMicroseconds > shown.presentationMicroseconds && $0.station == nil })
        #expect(abs(hidden.presentationMicroseconds - 8_060_000) < 20_000, "hidden after eight seconds")
        // The second tap shows it again; the touch on empty map hides it at once.
        let again = try #require(records.first { $0.presentationMicroseconds > 20_000_000 && $0.station != nil })
        let gone = try #require(records.first { $0.presentationMicroseconds > again.presentationMicroseconds && $0.station == nil })
        #expect(gone.presentationMicroseconds < 21_100_000)
    }
}
