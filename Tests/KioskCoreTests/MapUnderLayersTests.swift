import Foundation
import MetroMap
import Raster
import Testing
import TestSupport
@testable import Cartography
@testable import KioskCore

/// The map is not drawn under an opaque layer the scanout lays over the frame (the journey card): frames draw less
/// by what the layer covers, the pixels around it are the ones drawn without it, and what was left undrawn is drawn
/// once the layer moves off it, a pan brings it out, or a pinch needs it.
struct MapUnderLayersTests {
    static let demo = try! BundledMap.loadDemo()
    static let width = 640, height = 480
    let font = try! Font.loadDefault()

    func renderer() -> MapFrameRenderer {
        MapFrameRenderer(width: Self.width, height: Self.height,
                         builder: MapSceneBuilder(drawing: MapDrawing(map: Self.demo), font: font), pool: .serial)
    }

    /// Pixels of `a` and `b` that differ outside `hidden`.
    func differing(_ a: MapFrameRenderer, _ b: MapFrameRenderer, outside hidden: [IntRect]) -> Int {
        var count = 0
        for y in 0..<Self.height {
            for x in 0..<Self.width where !hidden.contains(where: { $0.contains(x: x, y: y) }) {
                if a.buffer.row(y)[x] != b.buffer.row(y)[x] { count += 1 }
            }
        }
        return count
    }

    @Test func theMapIsNotDrawnUnderALayerAndIsDrawnWhereItComesOut() {
        let plain = renderer(), layered = renderer()
        let geometry = CameraGeometry(map: Self.demo, viewport: .init(width: Double(Self.width), height: Double(Self.height)))
        let fitted = MapFrameRenderer.View(camera: geometry.fittedCamera)
        // A card standing on the bottom edge with margins, as the journey card does on a wide screen.
        let card = IntRect(x0: 40, y0: 300, x1: 600, y1: 480)
        let cardArea = card.width * card.height, screenArea = Self.width * Self.height
        func step(_ view: MapFrameRenderer.View, settled: Bool = true, hidden: [IntRect], _ what: String) -> (plain: MapFrameRenderer.Frame, layered: MapFrameRenderer.Frame) {
            let frames = (plain.render(view, scaleSettled: settled), layered.render(view, scaleSettled: settled, hidden: hidden))
            #expect(frames.0.method == frames.1.method || frames.0.method == .unchanged, "\(what): \(frames.0.method) and \(frames.1.method)")
            #expect(differing(plain, layered, outside: hidden) == 0, "\(what): pixels around the layer differ")
            return frames
        }
        let full = step(fitted, hidden: [card], "full frame")
        #expect(full.plain.drawnPixels == screenArea)
        #expect(full.layered.drawnPixels == screenArea - cardArea)
        // A pan moving the map up by 4 rows and left by 7: the strips, less what the card hides, and the rows that
        // come up from under the card (4 rows of its width).
        var panned = fitted
        panned.offsetX += 7
        panned.offsetY += 4
        let pan = step(panned, hidden: [card], "pan")
        #expect(pan.plain.drawnPixels == Self.width * 4 + 7 * (Self.height - 4))
        let stripsBesideTheCard = (Self.width - card.width) * 4 + 7 * (Self.height - 4)
        let outFromUnderIt = card.width * 4 + 7 * (card.height - 4)
        #expect(pan.layered.drawnPixels == stripsBesideTheCard + outFromUnderIt)
        // The card slides down 40 rows: only the 40 rows it uncovered are drawn.
        let lower = IntRect(x0: card.x0, y0: card.y0 + 40, x1: card.x1, y1: card.y1)
        let slid = step(panned, hidden: [lower], "the card slid down")
        #expect(slid.layered.method == .unchanged && slid.layered.drawnPixels == card.width * 40)
        #expect(slid.layered.damage == IntRect(x0: card.x0, y0: card.y0, x1: card.x1, y1: card.y0 + 40))
        // A pinch scales a snapshot that needs the map under the card: it is drawn first, then the frame is
        // resampled whole (a card moving off a scaled frame shows resampled pixels).
        let pinched = MapFrameRenderer.View(offsetX: Int(Double(panned.offsetX + Self.width / 2) * 1.1) - Self.width / 2,
                                            offsetY: Int(Double(panned.offsetY + Self.height / 2) * 1.1) - Self.height / 2,
                                            scale: panned.scale * 1.1)
        let pinch = step(pinched, settled: false, hidden: [lower], "pinch")
        #expect(pinch.layered.method == .scaled)
        #expect(pinch.layered.drawnPixels == lower.width * lower.height + screenArea)
        let settled = step(pinched, hidden: [lower], "settled")
        #expect(settled.layered.drawnPixels == screenArea - lower.width * lower.height)
        // The card goes: what it hid is drawn, and the whole buffer is the map again.
        let gone = step(pinched, hidden: [], "the card went")
        #expect(gone.layered.drawnPixels == lower.width * lower.height && gone.layered.damage == lower)
        #expect(differing(plain, layered, outside: []) == 0)
    }

    /// The frame the kiosk's replay drew differently with the card a layer (`OverlayDamageReplayTests`, frame 361:
    /// a zoom with the card open, each frame drawn in full): the same view, labels kept clear of the same regions,
    /// the card at the same place. Drawn around the card in parts, one pixel beside it was a grey level off until
    /// each part was drawn as part of the whole frame (`Canvas.coverageFrame`).
    @Test func aFullFrameAroundTheCardHasTheBytesOfOneWithoutIt() {
        func renderer() -> MapFrameRenderer {
            let builder = MapSceneBuilder(drawing: MapDrawing(map: Self.demo), font: font)
            let controls: [Rect] = [256, 344, 432, 520, 608, 696].map { (y: Float) -> Rect in
                Rect(minX: 1176, minY: y, maxX: 1248, maxY: y + 72)
            }
            let card = Rect(minX: 12, minY: 400, maxX: 472, maxY: 800)
            let callout = Rect(minX: 593.1269, minY: 85.7534, maxX: 755.04877, maxY: 194.2834)
            builder.overlayRegions = [card] + controls + [callout]
            return MapFrameRenderer(width: 1280, height: 800, builder: builder, pool: .serial)
        }
        let plain = renderer(), layered = renderer()
        let view = MapFrameRenderer.View(offsetX: 360, offsetY: 44, scale: 1.0336581374890699)
        let card = IntRect(x0: 12, y0: 400, x1: 472, y1: 800)
        plain.render(view, scaleSettled: false)
        let frame = layered.render(view, scaleSettled: false, hidden: [card])
        #expect(frame.method == .full && frame.drawnPixels == 1280 * 800 - card.width * card.height)
        var differing: [(x: Int, y: Int)] = []
        for y in 0..<800 {
            for x in 0..<1280 where !card.contains(x: x, y: y) && plain.buffer.row(y)[x] != layered.buffer.row(y)[x] {
                differing.append((x, y))
            }
        }
        #expect(differing.isEmpty, "pixels around the card differing from the frame without it: \(differing.prefix(5))")
    }

    /// A card across the whole width (portrait): a pan moves none of the rows under it, and draws the strips and
    /// the rows that come up from under it.
    @Test func aPanMovesNoRowUnderAFullWidthCard() {
        let plain = renderer(), layered = renderer()
        let geometry = CameraGeometry(map: Self.demo, viewport: .init(width: Double(Self.width), height: Double(Self.height)))
        let fitted = MapFrameRenderer.View(camera: geometry.fittedCamera)
        let card = IntRect(x0: 0, y0: 260, x1: Self.width, y1: Self.height)
        plain.render(fitted, scaleSettled: true)
        #expect(layered.render(fitted, scaleSettled: true, hidden: [card]).drawnPixels == Self.width * card.y0)
        var view = fitted
        for (dx, dy) in [(7, 4), (-3, -9), (0, 5)] {
            view.offsetX += dx
            view.offsetY += dy
            plain.render(view, scaleSettled: true)
            let frame = layered.render(view, scaleSettled: true, hidden: [card])
            #expect(frame.method == .shifted)
            // Moving up, the rows that come from under the card are a strip like the one at the top moving down.
            #expect(frame.drawnPixels == Self.width * abs(dy) + abs(dx) * (card.y0 - abs(dy)), "pan by (\(dx), \(dy))")
            #expect(differing(plain, layered, outside: [card]) == 0, "pan by (\(dx), \(dy))")
        }
    }
}


/// The kiosk's loop on a screen that composes layers at scanout (as the DRM output does), with North Gate's card
/// open while the map is dragged and comes to rest: the pictures are the ones of a screen without layers, and the
/// map is drawn less, by all of the card wherever a frame is drawn in full.
struct MapUnderTheCardInTheLoopTests {
    @Test func theLoopDrawsNoMapUnderTheCard() throws {
        let config = try OverlayDamageReplayTests.config()
        let gate = try OverlayDamageReplayTests.homePoint(of: "north-gate", config: config)
        let csv = [OverlayDamageReplayTests.tap(at: 500_000, (gate.x, gate.y)),
                   OverlayDamageReplayTests.drag(at: 1_500_000, from: (800, 300), by: (80, 40), duration: 800_000, hold: 300_000)]
            .joined(separator: "\n")
        let (flatRecords, flat, _) = try OverlayDamageReplayTests.replay(csv, config: config)
        let (records, layered, _) = try OverlayDamageReplayTests.replay(csv, config: config, layered: true)
        #expect(layered.leaks.isEmpty, "changed pixels outside the damage: \(layered.leaks.prefix(5))")
        #expect(layered.checksums == flat.checksums, "frames differing from the screen without layers")
        try #require(records.count == flatRecords.count && records.count == layered.layerAreas.count)
        var fullUnderTheCard = 0, cardArea = 0
        for (record, covered) in zip(records, layered.layerAreas) where record.method == .full {
            #expect(record.mapPixelsDrawn == 1280 * 800 - covered, "a full frame draws all but the card")
            if covered > 0 { fullUnderTheCard += 1 }
            cardArea = max(cardArea, covered)
        }
        #expect(fullUnderTheCard > 0, "the replay drew a full frame with the card open")
        // Less in all: what the full frames saved is partly drawn later, when the card's rows come out from under it
        // or the labels' regions change (`drawUndrawn`), so the saving is not the full frames' card areas.
        let drawn = records.reduce(0) { $0 + $1.mapPixelsDrawn }, drawnFlat = flatRecords.reduce(0) { $0 + $1.mapPixelsDrawn }
        #expect(drawn < drawnFlat, "map pixels drawn: \(drawn) with the card a layer, \(drawnFlat) without")
    }
}
