import Foundation
import MetroMap
import Overlay
import Physics
import Raster
import TestSupport
import Testing
@testable import Cartography
@testable import KioskCore

/// Accessible mode that helps: colour-vision-safe lines, station marks a thick line cannot swallow, the card's text at
/// the accessible size, a kiosk that starts in it, and controls within reach of the panel's mounting height.
struct AccessibleModeTests {
    static func demoLoop(_ extra: String = "") throws -> KioskLoop {
        let text = try String(contentsOf: RepositoryPaths.file("configs/demo.toml"), encoding: .utf8)
        let config = try KioskConfigLoader.parse(text: text.replacingOccurrences(of: "[controls]\n", with: "[controls]\n" + extra),
                                                 fileName: "demo.toml")
        let clock = SimulatedClock(startMicroseconds: 0)
        let output = KioskStill.LastFrameOutput(width: 1280, height: 800, clock: clock)
        let loop = try KioskLoop(map: try BundledMap.loadDemo(), config: config, fonts: FontStack(fonts: [try Font.loadDefault()]),
                                 input: TraceInput(frames: []), output: output, clock: clock)
        _ = try loop.turn()
        return loop
    }

    @Test func aKioskConfiguredAccessibleStartsAndReturnsInIt() throws {
        let loop = try Self.demoLoop("accessible_default = true\n")
        let controls = try #require(loop.controls)
        #expect(controls.accessible)
        let builder = loop.renderer.builder
        #expect(builder.style.stationMarksOverLines && builder.style.labelScale == AccessibleMapStyle.labelScale)
        let palette = AccessiblePalette(map: try BundledMap.loadDemo())
        #expect(builder.drawing.lineColors == (try BundledMap.loadDemo()).lines.map {
            palette.color(for: Color(red: $0.color.red, green: $0.color.green, blue: $0.color.blue))
        })
        #expect(loop.journey?.card.textScale == Float(AccessibleMapStyle.cardTextScale))
        #expect(!controls.resetForIdleReturn() && controls.accessible, "the idle return keeps the configured mode")
        controls.toggleAccessible()
        #expect(controls.resetForIdleReturn() && controls.accessible, "a passenger's change is undone")
    }

    @Test func theCardTextGrowsInAccessibleMode() throws {
        let loop = try Self.demoLoop()
        #expect(loop.showJourney(to: "bastion"))
        _ = try loop.turn()
        let card = try #require(loop.journey?.card)
        let usual = try #require(card.contentHeight)
        card.textScale = Float(AccessibleMapStyle.cardTextScale)
        let larger = try #require(card.contentHeight)
        #expect(Double(larger) >= Double(usual) * 1.3, "\(usual) → \(larger)")
    }

    /// An ordinary station on a line drawn ×1.5 shows a white dot in a ring, not the line's colour.
    @Test func stationMarksAreDrawnOverThickLines() throws {
        let map = try BundledMap.loadDemo()
        let config = KioskConfig()
        let geometry = CameraGeometry(map: map, viewport: ScreenSize(width: 800, height: 600))
        let camera = config.homeCamera(geometry: geometry)
        let drawing = config.drawing(of: map)
        let station = try #require(drawing.stations.first { !$0.isInterchange })
        let point = geometry.screenPoint(ofScheme: station.position, camera: camera)
        func centre(_ style: MapStyle) -> UInt32? {
            let renderer = MapFrameRenderer(width: 800, height: 600, builder: MapSceneBuilder(drawing: drawing, style: style, fonts: nil))
            renderer.render(MapFrameRenderer.View(camera: camera), scaleSettled: true)
            return renderer.buffer.pixel(x: Int(point.x.rounded()), y: Int(point.y.rounded()))
        }
        let accessible = AccessibleMapStyle.make(from: config.mapStyle(), pixelsPerMillimetre: 96 / 25.4)
        #expect(centre(accessible) == Color.white.xrgb, "a white mark over the line")
        var swallowed = accessible
        swallowed.stationMarksOverLines = false
        #expect(centre(swallowed) != Color.white.xrgb, "without it the mark is in the line's colour")
    }

    @Test func mountingHeightKeepsTheControlsWithinReach() throws {
        let config = try KioskConfigLoader.parse(text: """
            [input]
            panel_size_mm = [600, 340]
            [controls]
            corner = "top-right"
            mounting_height_mm = 1000
            """, fileName: "high.toml")
        let controls = try #require(config.controls)
        #expect(controls.placement.heightMillimetres == 0...220)
        let kiosk = try #require(KioskControls(config: config, map: try BundledMap.loadDemo(), fonts: nil, width: 1920, height: 1088))
        let perMillimetre = 1088.0 / 340
        for button in kiosk.buttons {
            let top = 1000 + (1088 - button.rect.minY) / perMillimetre, bottom = 1000 + (1088 - button.rect.maxY) / perMillimetre
            #expect(top <= 1220 + 0.5 && bottom >= 380 - 0.5, "\(button.kind): \(bottom)–\(top) mm above the floor")
        }
    }

    @Test func mountingHeightErrorsAreLocated() {
        func problems(_ text: String) -> [String] {
            do {
                _ = try KioskConfigLoader.parse(text: text, fileName: "reach.toml")
                return []
            } catch {
                return error.diagnostics.map(\.description)
            }
        }
        let tooHigh = problems("[controls]\nmounting_height_mm = 1300\n")
        #expect(tooHigh.contains { $0.hasPrefix("reach.toml:2:1: [controls]: a panel mounted 1300 mm above the floor") }, "\(tooHigh)")
        let both = problems("[controls]\nheight_mm = [0, 300]\nmounting_height_mm = 900\n")
        #expect(both.contains { $0.hasPrefix("reach.toml:3:1: [controls]: give 'height_mm' or 'mounting_height_mm'") }, "\(both)")
    }
}
