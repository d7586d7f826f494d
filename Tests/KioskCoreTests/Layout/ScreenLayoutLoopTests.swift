import Foundation
import MetroMap
import Overlay
import Physics
import Raster
import Testing
@testable import KioskCore

/// The layout in the running loop: after a tap the card, the controls and the framed route share the screen (no
/// route end under an element or past an edge, "You are here" shown), in portrait the controls climb above the
/// bottom sheet and fold when it covers them, and home is the view around "you are here".
struct ScreenLayoutLoopTests {
    static let demo = try! BundledMap.loadDemo()

    static func config() -> KioskConfig {
        var config = KioskConfig()
        config.map.youAreHere = "North Gate"
        config.map.languages = ["en", "ru"]
        config.controls = KioskConfig.ControlsSettings()
        return config
    }

    static func loop(width: Int, height: Int, config: KioskConfig = config()) throws -> (KioskLoop, SimulatedClock) {
        let clock = SimulatedClock(startMicroseconds: 0)
        let output = KioskStill.LastFrameOutput(width: width, height: height, clock: clock)
        let loop = try KioskLoop(map: demo, config: config, fonts: FontStack(fonts: [try Font.loadDefault()]),
                                 input: TraceInput(frames: []), output: output, clock: clock)
        return (loop, clock)
    }

    /// Turns until the camera and the card rest.
    static func settle(_ loop: KioskLoop) throws {
        var settled = false
        loop.onFrame = { settled = $0.state == .idle && ($0.card?.state == "resting" || $0.card?.state == "hidden") }
        var turns = 0
        while !settled, turns < 2_000, try loop.turn() { turns += 1 }
    }

    @Test(arguments: [(800, 1280), (1280, 800)])
    func aFramedRouteLeavesNothingUnderTheOverlay(width: Int, height: Int) throws {
        for destination in ["seaside", "western-terminal", "east-terminal", "south-depot"] {
            let (loop, _) = try Self.loop(width: width, height: height)
            _ = try loop.turn()
            #expect(loop.showJourney(to: destination))
            try Self.settle(loop)
            let audit = try #require(loop.screenAudit())
            #expect(audit.problems == 0, "\(width)×\(height) → \(destination): \(audit.json)")
            // The loop and the cheap audit the city test runs agree on the layout.
            let kiosk = try #require(try ScreenAudit.Kiosk(config: Self.config(), map: Self.demo, from: "North Gate",
                                                           fonts: FontStack(fonts: [try Font.loadDefault()]), width: width, height: height))
            let cheap = try #require(kiosk.audit(to: destination))
            #expect(abs(cheap.scale - audit.scale) < 1e-6 * audit.scale, "\(cheap.json) vs \(audit.json)")
            #expect(abs(cheap.mapShare - audit.mapShare) < 0.01)
        }
    }

    @Test func inPortraitTheControlsClimbAboveTheSheetAndFoldUnderAFullCard() throws {
        let (loop, clock) = try Self.loop(width: 800, height: 1280)
        _ = try loop.turn()
        let controls = try #require(loop.controls)
        let before = controls.buttons.map(\.rect)
        #expect(loop.showJourney(to: "seaside"))
        try Self.settle(loop)
        let card = try #require(loop.journey?.card.frame)
        for button in controls.buttons {
            let frame = try #require(button.frame, "shown beside a card at peek")
            #expect(!OverlayLayout.overlaps(frame, card), "\(button.kind) clear of the card")
        }
        #expect(controls.buttons.map(\.rect) != before, "moved up out of the sheet's way")
        loop.journey?.card.open(to: .full, at: clock.nowMicroseconds)
        try Self.settle(loop)
        #expect(controls.buttons.allSatisfy { $0.frame == nil }, "folded under a card at full")
        #expect(!(controls.buttons.first?.touchDown(at: ScreenPoint(x: before[0].minX + 30, y: before[0].minY + 30), timeMicroseconds: 0) ?? true))
        loop.journey?.card.dismiss(at: clock.nowMicroseconds)
        try Self.settle(loop)
        #expect(controls.buttons.map(\.rect) == before, "back where the config puts them")
    }

    @Test func homeIsTheViewAroundYouAreHereUnlessFit() throws {
        var central = Self.config()
        central.map.youAreHere = "Central Square"
        let (loop, _) = try Self.loop(width: 1280, height: 800, config: central)
        let geometry = loop.camera.geometry
        let here = try #require(YouAreHerePlace(naming: "Central Square", in: Self.demo))
        let home = loop.camera.home
        #expect(home.scale > geometry.fittingScale, "closer than the whole map")
        let point = geometry.screenPoint(ofScheme: here.position, camera: home)
        // In the middle of what the control column and the inset (shown at this home) leave.
        let screen = ScreenRect(x: 0, y: 0, width: 1280, height: 800)
        let free = OverlayLayout.freeRegion(screen, insets: OverlayLayout.insets(
            covering: try #require(loop.controls).regions(clearOf: nil), screen: screen))
        #expect(free.width < 1280 - 90, "the column at least is off")
        #expect(abs(point.x - (free.minX + free.maxX) / 2) < 1 && abs(point.y - (free.minY + free.maxY) / 2) < 1, "\(point) in \(free)")
        // By the map's edge (North Gate is at its top), the bounds stop the camera: the station is still on screen.
        let (edge, _) = try Self.loop(width: 1280, height: 800)
        let north = try #require(YouAreHerePlace(naming: "North Gate", in: Self.demo))
        let shown = geometry.screenPoint(ofScheme: north.position, camera: edge.camera.home)
        #expect(shown.x > 0 && shown.x < 1280 && shown.y > 0 && shown.y < 800, "\(shown)")
        // Its nearest interchanges are on screen.
        #expect(HomeAroundHere.nearestInterchanges(to: here, in: Self.demo).count == 3)
        for group in HomeAroundHere.nearestInterchanges(to: here, in: Self.demo) {
            #expect(group.contains { p in
                let s = geometry.screenPoint(ofScheme: p, camera: home)
                return s.x > 0 && s.x < 1280 && s.y > 0 && s.y < 800
            })
        }
        var fit = Self.config()
        fit.map.homeMode = .fit
        let (fitted, _) = try Self.loop(width: 1280, height: 800, config: fit)
        #expect(fitted.camera.home == geometry.fittedCamera)
        var unset = Self.config()
        unset.map.youAreHere = nil
        #expect(try Self.loop(width: 1280, height: 800, config: unset).0.camera.home == geometry.fittedCamera)
    }

    @Test func aLandscapeSchemeOnAPortraitPanelFillsItsHeightAndScrollsSideways() throws {
        let portrait = CameraGeometry(map: Self.demo, viewport: ScreenSize(width: 800, height: 1280))
        let home = KioskConfig().homeCamera(geometry: portrait)
        #expect(abs(home.scale * Self.demo.bounds.height - 1280) < 1e-6, "the scheme's height fills the panel's")
        #expect(Self.demo.bounds.width * home.scale > 800 * 2, "so it is wider than the panel: a sideways scroll")
        let bounds = try portrait.offsetBounds(scale: home.scale)
        #expect(bounds.horizontal.maximum - bounds.horizontal.minimum > 800, "and may be scrolled")
        #expect(try portrait.offsetBounds(scale: home.scale).vertical.minimum == home.offset.y)
        // Pinching out still reaches the whole map; a landscape panel keeps the fitted view.
        #expect(KioskConfig().zoomRange(geometry: portrait).lowerBound == portrait.fittingScale)
        let landscape = CameraGeometry(map: Self.demo, viewport: ScreenSize(width: 1280, height: 800))
        #expect(KioskConfig().homeCamera(geometry: landscape) == landscape.fittedCamera)
    }

    @Test func homeIsReadFromTheConfig() throws {
        #expect(try KioskConfigLoader.parse(text: "[map]\nhome = \"here\"\n", fileName: "k.toml").map.homeMode == .here)
        #expect(try KioskConfigLoader.parse(text: "[map]\nhome = \"fit\"\n", fileName: "k.toml").map.homeMode == .fit)
        #expect(throws: KioskConfigError.self) { try KioskConfigLoader.parse(text: "[map]\nhome = \"there\"\n", fileName: "k.toml") }
        do {
            _ = try KioskConfigLoader.parse(text: "[map]\nhome = \"there\"\n", fileName: "k.toml")
        } catch {
            #expect("\(error)".contains("k.toml:2:"), "located: \(error)")
        }
    }
}
