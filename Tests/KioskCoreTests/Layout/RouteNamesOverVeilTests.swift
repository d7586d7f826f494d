import Foundation
import MetroMap
import Overlay
import Physics
import Raster
import TestSupport
import Testing
@testable import Cartography
@testable import KioskCore

/// The names of the stations a route passes read at full contrast over the route's veil: the veil dims the rest of
/// the map, and once dimmed the very names a traveller rides through with it (Singapore, City Hall to Tiong Bahru:
/// Raffles Place, Tanjong Pagar, Outram Park) read grey, about 1.8:1 against the veiled paper.
struct RouteNamesOverVeilTests {
    /// Singapore's kiosk at City Hall with the demo's controls, a legend and badges, after a tap on Tiong Bahru, at
    /// rest (the card at peek, the route fitted beside it), as `snapshot --route` draws it.
    static func routeAtRest(width: Int, height: Int) throws -> (KioskLoop, PixelBuffer) {
        let map = try PMetroImporter.importCity(directory: RepositoryPaths.sharedData("maps/pmetro-singapore").path).map
        var config = try KioskConfigLoader.load(contentsOf: RepositoryPaths.file("configs/demo.toml").path)
        config.map.youAreHere = "line1/City Hall"
        config.map.languages = []
        config.map.legend = .topLeft
        config.map.lineBadges = true
        let clock = SimulatedClock(startMicroseconds: 0)
        let output = KioskStill.LastFrameOutput(width: width, height: height, clock: clock)
        let loop = try KioskLoop(map: map, config: config, fonts: FontStack(fonts: [try Font.loadDefault()]),
                                 input: TraceInput(frames: []), output: output, clock: clock)
        _ = try loop.turn()
        #expect(loop.showJourney(to: "line1/Tiong Bahru"))
        var settled = false
        loop.onFrame = { record in settled = record.state == .idle && record.card?.state == "resting" }
        var turns = 0
        while !settled, turns < 10_000, try loop.turn() { turns += 1 }
        return (loop, try #require(output.last))
    }

    /// WCAG's contrast ratio of two sRGB greys.
    static func contrast(_ a: UInt8, _ b: UInt8) -> Double {
        func luminance(_ value: UInt8) -> Double {
            let c = Double(value) / 255
            return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055).pow2_4
        }
        let (l1, l2) = (luminance(a), luminance(b))
        return (max(l1, l2) + 0.05) / (min(l1, l2) + 0.05)
    }

    @Test(arguments: [(1920, 1080), (1080, 1920)])
    func theRouteStationsNamesReadAtFullContrastOverTheVeil(width: Int, height: Int) throws {
        let (loop, frame) = try Self.routeAtRest(width: width, height: height)
        let view = MapFrameRenderer.View(camera: loop.shifted(loop.camera.shownCamera))
        let builder = loop.renderer.builder
        let placed = try #require(builder.placedLabels(scale: view.scale))
        var measured: [String: Double] = [:]
        for name in ["Raffles Place", "Tanjong Pagar", "Outram Park"] {
            // The map's own label of the station, where the map draws it on this screen.
            guard let label = placed.first(where: { $0.lines.map(\.text).joined(separator: " ") == name }),
                  !MapSceneBuilder.meets(label, regions: builder.overlayRegions, offsetX: view.offsetX, offsetY: view.offsetY)
            else { continue }
            let box = label.textBounds
            let x0 = max(Int(box.minX) - view.offsetX, 0), x1 = min(Int(box.maxX.rounded(.up)) - view.offsetX, width)
            let y0 = max(Int(box.minY) - view.offsetY, 0), y1 = min(Int(box.maxY.rounded(.up)) - view.offsetY, height)
            guard x0 < x1, y0 < y1 else { continue }
            // The darkest ink in the text block against the lightest paper around it: a grey under the veil reads
            // 1.8:1; the label's own near-black over white, about 17:1.
            var darkest: UInt8 = 255, lightest: UInt8 = 0
            for y in y0..<y1 {
                let row = frame.row(y)
                for x in x0..<x1 {
                    let pixel = row[x]
                    let r = Int((pixel >> 16) & 0xFF), g = Int((pixel >> 8) & 0xFF), b = Int(pixel & 0xFF)
                    // Greys only: the text and its paper, not a line's colour passing through the block.
                    guard max(r, g, b) - min(r, g, b) <= 12 else { continue }
                    let grey = UInt8((r + g + b) / 3)
                    darkest = min(darkest, grey)
                    lightest = max(lightest, grey)
                }
            }
            measured[name] = Self.contrast(darkest, lightest)
        }
        #expect(measured.count == 3, "each route station named on screen: \(measured)")
        for (name, ratio) in measured {
            #expect(ratio >= 7, "\(name) at \(width)×\(height): ink contrast \(ratio):1 over the veil")
        }
    }
}

private extension Double {
    /// x^2.4, the sRGB transfer's exponent.
    var pow2_4: Double { Foundation.pow(self, 2.4) }
}
