import MetroMap
import Overlay
import Physics
import Raster
import Testing
import TouchInput
@testable import KioskCore

/// Issue 36: an overlay element that reacts to taps on the map is added from outside the loop, with no loop file
/// edited: it is drawn by the overlay and offered each map tap before the kiosk's own (the station's callout here).
struct MapTapResponderTests {
    /// The example element: a square pinned on the station last tapped.
    final class StationPin: OverlayElement, MapTapResponder {
        static let colour = Color(rgb: 0xFF00FF)
        let map: MetroMap
        /// Whether it takes the taps it hears (else the callout below gets them too).
        let takesTaps: Bool
        private(set) var taps: [MapTap] = []
        private var pinned: SchemePoint?
        private(set) var frame: ScreenRect?
        private(set) var needsRedraw = false

        init(map: MetroMap, takesTaps: Bool) {
            self.map = map
            self.takesTaps = takesTaps
        }

        func mapTapped(_ tap: MapTap) -> Bool {
            taps.append(tap)
            guard takesTaps, let station = tap.stationID.flatMap(map.station(id:)) else { return false }
            pinned = station.position
            needsRedraw = true
            return true
        }

        func advance(to timeMicroseconds: Int64, map: MapProjection) {
            frame = pinned.map { scheme in
                let centre = map.screenPoint(of: scheme)
                return ScreenRect(x: centre.x - 12, y: centre.y - 12, width: 24, height: 24)
            }
        }

        func touchDown(at point: ScreenPoint, timeMicroseconds: Int64) -> Bool { false }

        func draw(on canvas: Canvas) {
            if let frame { canvas.fillRect(Rect(frame), color: Self.colour) }
        }

        func didPresent() { needsRedraw = false }
    }

    static func tapMuseum(with pin: StationPin) throws -> (records: [FrameRecord], shown: PixelBuffer?, tap: ScreenPoint) {
        let tap = try StationTapLoopTests.museum()
        let frames = try TraceReader.frames(text: """
            100000,0,down,\(tap.x),\(tap.y)
            160000,0,up,,
            """, file: "tap.csv", outputSize: OutputSize(width: 1280, height: 800))
        var loop: KioskLoop?
        let records = try KioskReplay.frames(of: frames, on: StationTapLoopTests.demo, config: StationTapLoopTests.config,
                                             overlay: [pin]) {
            $0.addMapTapResponder(pin)
            loop = $0
        }
        return (records, loop?.lastPresented, tap)
    }

    @Test func anElementAddedFromOutsideTheLoopTakesATapOnAStation() throws {
        let pin = StationPin(map: StationTapLoopTests.demo, takesTaps: true)
        let (records, shown, tap) = try Self.tapMuseum(with: pin)
        #expect(pin.taps.map(\.stationID) == ["museum"], "offered the tap once, with the station under it")
        #expect(records.allSatisfy { $0.station == nil }, "a tap it takes goes no further: no callout")
        let pixel = try #require(shown?.pixel(x: Int(tap.x), y: Int(tap.y)))
        #expect(pixel & 0xFF_FFFF == StationPin.colour.xrgb, "the pin is drawn on the tapped station")
    }

    @Test func aTapTheElementDeclinesGoesOnToTheCallout() throws {
        let pin = StationPin(map: StationTapLoopTests.demo, takesTaps: false)
        let (records, _, _) = try Self.tapMuseum(with: pin)
        #expect(pin.taps.map(\.stationID) == ["museum"])
        #expect(records.contains { $0.station == "museum" }, "the callout below still opened")
    }
}
