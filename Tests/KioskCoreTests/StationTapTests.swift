import Foundation
import MetroMap
import Overlay
import Physics
import Raster
import Testing
import TouchInput
@testable import Cartography
@testable import KioskCore

/// A passenger taps a station: it is picked under the finger and shown in a callout for a while.
struct StationTapTests {
    static let demo = try! BundledMap.loadDemo()

    @Test func theNearestStationWithinReachIsPicked() throws {
        let picker = StationPicker(map: Self.demo)
        let position = try #require(Self.demo.station(id: "central-square")?.position)
        #expect(picker.station(near: SchemePoint(x: position.x + 5, y: position.y - 5), within: 20) == "central-square")
        #expect(picker.station(near: SchemePoint(x: -1000, y: -1000), within: 20) == nil)
        #expect(picker.station(near: SchemePoint(x: position.x + 30, y: position.y), within: 20) == nil)
    }

    @Test func tappingAStationShowsItForEightSecondsAndAnotherTouchHidesIt() throws {
        var config = KioskConfig()
        config.kiosk.idleTimeoutSeconds = 0
        let geometry = CameraGeometry(map: Self.demo, viewport: ScreenSize(width: 1280, height: 800))
        let home = config.homeCamera(geometry: geometry)
        let position = try #require(Self.demo.station(id: "central-square")?.position)
        let tap = geometry.screenPoint(ofScheme: position, camera: home)
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
        // A single tap acts once the double tap can no longer come (the interval after the lift, as UIKit holds
        // it), within a frame of that.
        let acts: Int64 = 60_000 + GestureConfiguration().doubleTapMaximumIntervalMicroseconds
        #expect(shown.presentationMicroseconds >= acts && shown.presentationMicroseconds < acts + 20_000)
        // Over a still map the callout's own pixels are sent, not the frame (it is drawn onto the map's buffer).
        let damage = try #require(shown.damage)
        #expect(damage.width * damage.height < 1280 * 800 / 10, "\(damage)")
        let hidden = try #require(records.first { $0.presentationMicroseconds > shown.presentationMicroseconds && $0.station == nil })
        #expect(abs(hidden.presentationMicroseconds - (shown.presentationMicroseconds + 8_000_000)) < 20_000,
                "hidden after eight seconds")
        // The second tap shows it again; the touch on empty map hides it at once.
        let again = try #require(records.first { $0.presentationMicroseconds > 20_000_000 && $0.station != nil })
        let gone = try #require(records.first { $0.presentationMicroseconds > again.presentationMicroseconds && $0.station == nil })
        #expect(gone.presentationMicroseconds < 21_100_000)
    }
}

/// A panel over the map that takes the touches landing on it, as the journey card and the zoom buttons will.
final class TouchTakingPanel: OverlayElement {
    let rect: Rect
    private(set) var touches = 0
    private(set) var moves: [ScreenPoint] = []
    private(set) var lifts: [ScreenPoint] = []
    /// Asked of the map when its finger lifts, as a zoom button does.
    var requestOnLift: OverlayRequest?
    private var pending: [OverlayRequest] = []
    private var presented = false

    init(_ rect: Rect) { self.rect = rect }

    func touchMoved(to point: ScreenPoint, timeMicroseconds: Int64) { moves.append(point) }
    func touchUp(at point: ScreenPoint, timeMicroseconds: Int64) {
        lifts.append(point)
        if let requestOnLift { pending.append(requestOnLift) }
    }
    func takeRequests() -> [OverlayRequest] {
        defer { pending = [] }
        return pending
    }

    var frame: ScreenRect? { ScreenRect(rect) }
    func advance(to timeMicroseconds: Int64, map: MapProjection) {}
    var needsRedraw: Bool { !presented }
    func touchDown(at point: ScreenPoint, timeMicroseconds: Int64) -> Bool {
        guard contains(point) else { return false }
        touches += 1
        return true
    }
    func draw(on canvas: Canvas) { canvas.fillRect(rect, color: .white) }
    func didPresent() { presented = true }
}

/// Input goes to the overlay first: a touch that starts on an element is the element's, however it moves after.
struct OverlayRoutingTests {
    static let demo = try! BundledMap.loadDemo()

    func drag(from x: Double) -> String {
        var lines = "0,0,down,\(x),400\n"
        for i in 1...10 { lines += "\(i * 16_000),0,move,\(x + Double(i) * 30),400\n" }
        // A second finger joins and lifts while the first is still down: still the same touch.
        lines += "170000,1,down,\(x + 100),500\n180000,1,up,,\n200000,0,up,,\n"
        return lines
    }

    func replay(_ text: String, panel: TouchTakingPanel) throws -> [FrameRecord] {
        var config = KioskConfig()
        config.map.home = KioskConfig.HomeView(centre: SchemePoint(x: 1000, y: 750), scale: 1.5)
        config.kiosk.idleTimeoutSeconds = 0
        let frames = try TraceReader.frames(text: text, file: "drag.csv", outputSize: OutputSize(width: 1280, height: 800))
        return try KioskReplay.frames(of: frames, on: Self.demo, config: config, overlay: [panel])
    }

    @Test func aDragStartingOnAnElementLeavesTheMapWhereItWas() throws {
        let panel = TouchTakingPanel(Rect(x: 0, y: 0, width: 300, height: 800))
        let records = try replay(drag(from: 100), panel: panel)
        #expect(panel.touches == 1)
        let first = try #require(records.first)
        #expect(records.allSatisfy { $0.camera == first.camera })
        #expect(records.allSatisfy { $0.touches == 0 }, "the map's recognizer never saw a finger")
    }

    @Test func aDragStartingBesideItPansTheMapEvenAcrossIt() throws {
        let panel = TouchTakingPanel(Rect(x: 1000, y: 0, width: 280, height: 800))
        let records = try replay(drag(from: 700), panel: panel)
        #expect(panel.touches == 0)
        let first = try #require(records.first)
        #expect(records.contains { abs($0.camera.offset.x - first.camera.offset.x) > 100 })
    }

    @Test func theTakingElementFollowsItsFirstFingerToTheLiftAndOthersAreIgnored() throws {
        let panel = TouchTakingPanel(Rect(x: 0, y: 0, width: 300, height: 800))
        _ = try replay(drag(from: 100), panel: panel)
        #expect(panel.moves.count == 10 && panel.moves.last == ScreenPoint(x: 400, y: 400), "moves leave the element too")
        #expect(panel.lifts == [ScreenPoint(x: 400, y: 400)], "only the first finger's lift, where it was last")
    }

    @Test func aZoomRequestedOnLiftAnimatesTheMapAboutTheScreenCentre() throws {
        let panel = TouchTakingPanel(Rect(x: 0, y: 0, width: 300, height: 800))
        panel.requestOnLift = .zoom(factor: 2, about: nil)
        let records = try replay("0,0,down,100,400\n50000,0,up,100,400\n", panel: panel)
        let first = try #require(records.first)
        let last = try #require(records.last)
        #expect(abs(last.camera.scale / first.camera.scale - 2) < 1e-6)
        #expect(records.contains { $0.state == .zooming })
        // About the centre: the scheme point at the screen centre stays there.
        let geometry = CameraGeometry(map: Self.demo, viewport: ScreenSize(width: 1280, height: 800))
        let centre = ScreenPoint(x: 640, y: 400)
        let before = geometry.schemePoint(atScreen: centre, camera: first.camera)
        let after = geometry.schemePoint(atScreen: centre, camera: last.camera)
        #expect(abs(before.x - after.x) < 1e-6 && abs(before.y - after.y) < 1e-6)
    }
}
