import Foundation
import MetroMap
import Overlay
import Physics
import Raster
import TestSupport
import Testing
@testable import Cartography
@testable import KioskCore

/// No station name is drawn under an overlay element: the demo's home view once had "Three Roads" under the +
/// button. The loop hands where its elements rest to the map's labels; names meeting one are left out.
struct LabelsClearOfOverlayTests {
    /// The demo kiosk at its first frame (the home view around "You are here") on a 1280×800 panel.
    static func demoLoop(legend: LineLegendElement.Corner? = nil) throws -> KioskLoop {
        var config = try KioskConfigLoader.load(contentsOf: RepositoryPaths.file("configs/demo.toml").path)
        config.map.legend = legend
        let clock = SimulatedClock(startMicroseconds: 0)
        let output = KioskStill.LastFrameOutput(width: 1280, height: 800, clock: clock)
        let loop = try KioskLoop(map: try BundledMap.loadDemo(), config: config, fonts: FontStack(fonts: [try Font.loadDefault()]),
                                 input: TraceInput(frames: []), output: output, clock: clock)
        _ = try loop.turn()
        return loop
    }

    /// The same view's names counted as if the labels ignored the overlay: what the feature keeps off the screen.
    static func namesUnderIgnoringOverlay(_ loop: KioskLoop) -> Int {
        let builder = loop.renderer.builder
        let kept = builder.overlayRegions
        defer { builder.overlayRegions = kept }
        builder.overlayRegions = []
        let view = MapFrameRenderer.View(camera: loop.shifted(loop.camera.shownCamera))
        return builder.labelsUnder(kept, offsetX: view.offsetX, offsetY: view.offsetY, scale: view.scale,
                                   width: loop.output.width, height: loop.output.height)
    }

    @Test func theDemoHomeViewDrawsNoNameUnderTheControls() throws {
        let loop = try Self.demoLoop()
        #expect(Self.namesUnderIgnoringOverlay(loop) > 0, "the demo's home view has a name under an element to keep clear")
        #expect(loop.labelsUnderElements() == 0)
        // The drawn frame agrees: no text of the map's scene (its advance along its baseline, ascent to descent)
        // meets a button.
        let view = MapFrameRenderer.View(camera: loop.shifted(loop.camera.shownCamera))
        let scene = loop.renderer.builder.scene(offsetX: view.offsetX, offsetY: view.offsetY, scale: view.scale,
                                                visible: IntRect(x: 0, y: 0, width: 1280, height: 800))
        let buttons = try #require(loop.controls).buttons.map { Rect($0.rect) }
        let under = scene.commands.compactMap { command -> String? in
            guard case let .text(text) = command else { return nil }
            let box = Rect(minX: text.origin.x, minY: text.origin.y - text.line.metrics.ascent,
                           maxX: text.origin.x + text.line.advance, maxY: text.origin.y + text.line.metrics.descent)
            let meets = buttons.contains { $0.minX < box.maxX && box.minX < $0.maxX && $0.minY < box.maxY && box.minY < $0.maxY }
            return meets ? text.line.text : nil
        }
        #expect(under.isEmpty, "names drawn under a button: \(under)")
    }

    /// The callout rests where the map would name the kiosk's own station, and the names keep clear of it: the
    /// callout itself carries the station's name, so the one name every traveller looks for is never the one lost.
    @Test func theDemoCalloutNamesItsOwnStation() throws {
        let loop = try Self.demoLoop()
        let callout = try #require(loop.youAreHere)
        #expect(callout.name == "Central Square")
        #expect(loop.labelsUnderElements() == 0)
        #expect(callout.box != nil, "drawn at the home view")
    }

    @Test func theLegendIsAnObstacleToo() throws {
        let loop = try Self.demoLoop(legend: .topLeft)
        #expect(Self.namesUnderIgnoringOverlay(loop) > 0, "the legend covers names at the demo's home view")
        #expect(loop.labelsUnderElements() == 0)
    }

    @Test func aSnapshotDrawsTheLegendWhenConfigured() throws {
        let map = try BundledMap.loadDemo()
        var config = KioskConfig()
        config.map.legend = .bottomLeft
        let fonts = FontStack(fonts: [try Font.loadDefault()])
        let camera = Camera(offset: ScreenPoint(x: 0, y: 0), scale: 1)
        func still(_ config: KioskConfig) throws -> PixelBuffer {
            try KioskStill.render(.camera { _ in camera }, settings: config, map: map, fonts: fonts, width: 800, height: 600)
        }
        let frame = try still(config)
        var bare = config
        bare.map.legend = nil
        let without = try still(bare)
        let regions = KioskControls.labelRegionsAtRest(config: config, metroMap: map, fonts: fonts, width: 800, height: 600, camera: camera)
        let legend = try #require(regions.first)
        #expect(legend.minX < 100 && legend.maxY > 500, "bottom-left: \(legend)")
        var changed = 0
        for y in Int(legend.minY)..<Int(legend.maxY) {
            for x in Int(legend.minX)..<Int(legend.maxX) where frame.pixel(x: x, y: y) != without.pixel(x: x, y: y) { changed += 1 }
        }
        #expect(changed > 100, "the legend is drawn in its box")
    }
}
