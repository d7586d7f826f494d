import Foundation
import MetroMap
import Raster
import Testing
import TestSupport
@testable import Cartography
@testable import KioskCore

/// Rendering the map: pixels, culling, label level of detail, and the reuse paths against a full redraw.
struct MapRenderingTests {
    static let demo = try! BundledMap.loadDemo()
    /// Fonts keep a glyph cache and are not shared between tests running in parallel.
    let font = try! Font.loadDefault()
    static var moscowDirectory: String { RepositoryPaths.sharedData.appendingPathComponent("maps/pmetro-moscow").path }

    func renderer(_ map: MetroMap = demo, width: Int = 640, height: Int = 400) -> MapFrameRenderer {
        MapFrameRenderer(width: width, height: height, builder: MapSceneBuilder(drawing: MapDrawing(map: map), font: font))
    }

    /// Largest per-channel difference and the share of pixels differing by more than `tolerance`.
    func difference(_ a: PixelBuffer, _ b: PixelBuffer, tolerance: Int = 0) -> (maximum: Int, share: Double) {
        var maximum = 0, differing = 0
        for y in 0..<a.height {
            for x in 0..<a.width {
                let p = a.row(y)[x], q = b.row(y)[x]
                var d = 0
                for shift: UInt32 in [16, 8, 0] {
                    let channelP = Int((p >> shift) & 0xFF), channelQ = Int((q >> shift) & 0xFF)
                    d = max(d, abs(channelP - channelQ))
                }
                maximum = max(maximum, d)
                if d > tolerance { differing += 1 }
            }
        }
        return (maximum, Double(differing) / Double(a.width * a.height))
    }

    func markedRenderer() -> MapFrameRenderer {
        MapFrameRenderer(width: 640, height: 400, builder: MapSceneBuilder(
            drawing: MapDrawing(map: Self.demo, youAreHere: "central-square"), font: font))
    }

    @Test func aPanServedFromThePreviousFrameEqualsAFullRedraw() {
        // The you-are-here marker is the widest thing drawn around a point: strips must not cut it.
        let reused = markedRenderer(), fresh = markedRenderer()
        let start = MapFrameRenderer.View(offsetX: 300, offsetY: 250, scale: 1.2)
        reused.render(start, scaleSettled: true)
        for (dx, dy) in [(37, -23), (-5, 0), (0, 12), (-300, 180), (9, 0), (0, -9)] {
            let view = MapFrameRenderer.View(offsetX: start.offsetX + dx, offsetY: start.offsetY + dy, scale: 1.2)
            #expect(reused.render(view, scaleSettled: true).method == .shifted)
            fresh.render(view, scaleSettled: true)
            let diff = difference(reused.buffer, fresh.buffer, tolerance: 2)
            #expect(diff.share < 0.001, "pan by \(dx),\(dy): \(diff)")
            reused.render(start, scaleSettled: true)
            _ = fresh
        }
    }

    @Test func aPanThatComesToRestIsRedrawnExactlyOnce() {
        let reused = markedRenderer(), fresh = markedRenderer()
        reused.render(MapFrameRenderer.View(offsetX: 300, offsetY: 250, scale: 1.2), scaleSettled: true)
        var view = MapFrameRenderer.View(offsetX: 300, offsetY: 250, scale: 1.2)
        for step in 1...12 {
            view = MapFrameRenderer.View(offsetX: 300 + 17 * step, offsetY: 250 - 7 * step, scale: 1.2)
            #expect(reused.render(view, scaleSettled: true).method == .shifted)
        }
        // Stopped where it was last shifted to: one full redraw, then nothing more to draw.
        #expect(reused.render(view, scaleSettled: true, atRest: true).method == .full)
        #expect(reused.render(view, scaleSettled: true, atRest: true).method == .unchanged)
        fresh.render(view, scaleSettled: true)
        #expect(difference(reused.buffer, fresh.buffer).maximum == 0)
        // Stopping at a new view draws it in full rather than shifting to it.
        let next = MapFrameRenderer.View(offsetX: view.offsetX + 5, offsetY: view.offsetY, scale: 1.2)
        #expect(reused.render(next, scaleSettled: true, atRest: true).method == .full)
    }

    @Test func aPinchScalesTheLastFrameAndSettlesToTheFullRedraw() {
        let reused = renderer(), fresh = renderer()
        reused.render(MapFrameRenderer.View(offsetX: 200, offsetY: 150, scale: 1), scaleSettled: true)
        let pinched = MapFrameRenderer.View(offsetX: 380, offsetY: 260, scale: 1.3)
        let during = reused.render(pinched, scaleSettled: false)
        #expect(during.method == .scaled)
        fresh.render(pinched, scaleSettled: true)
        // A scaled frame is blurrier than a redraw but shows the same map in the same place.
        let approximate = difference(reused.buffer, fresh.buffer, tolerance: 96)
        #expect(approximate.share < 0.05, "scaled frame far from the redraw: \(approximate)")
        let settled = reused.render(pinched, scaleSettled: true)
        #expect(settled.method == .full)
        #expect(difference(reused.buffer, fresh.buffer).maximum == 0)
    }

    @Test func zoomingOutPastTheLastFrameIsDrawnInFullRatherThanWithBlankBorders() {
        let reused = renderer()
        reused.render(MapFrameRenderer.View(offsetX: 400, offsetY: 300, scale: 1.5), scaleSettled: true)
        #expect(reused.render(MapFrameRenderer.View(offsetX: 200, offsetY: 150, scale: 1.0), scaleSettled: false).method == .full)
    }

    @Test func nothingChangedMeansNothingDrawn() {
        let reused = renderer()
        let view = MapFrameRenderer.View(offsetX: 10, offsetY: 20, scale: 0.8)
        reused.render(view, scaleSettled: true)
        let again = reused.render(view, scaleSettled: true)
        #expect(again.method == .unchanged)
        #expect(again.damage == nil)
    }

    @Test func theDemoSnapshotMatchesTheCommittedReferenceImage() throws {
        let frame = renderer(width: 1280, height: 800)
        let geometry = CameraGeometry(map: Self.demo, viewport: .init(width: 1280, height: 800))
        frame.render(MapFrameRenderer.View(camera: geometry.fittedCamera), scaleSettled: true)
        let referencePath = RepositoryPaths.root.appendingPathComponent("Tests/KioskCoreTests/Reference/demo-fitted-1280x800.png").path
        if ProcessInfo.processInfo.environment["METRO_KIOSK_UPDATE_REFERENCES"] != nil {
            try writePNG(frame.buffer, to: referencePath)
        }
        let reference = try readPNG(path: referencePath)
        #expect(reference.width == 1280 && reference.height == 800)
        let diff = difference(frame.buffer, reference, tolerance: 24)
        #expect(diff.share < 0.002, "demo snapshot differs from the reference: \(diff)")
    }

    @Test func theMoscowSnapshotShowsEveryLinesColour() throws {
        let moscow = try PMetroImporter.importCity(directory: Self.moscowDirectory).map
        let frame = renderer(moscow, width: 1280, height: 800)
        let geometry = CameraGeometry(map: moscow, viewport: .init(width: 1280, height: 800))
        frame.render(MapFrameRenderer.View(camera: geometry.fittedCamera), scaleSettled: true)
        var counts: [UInt32: Int] = [:]
        for y in 0..<800 { for x in 0..<1280 { counts[frame.buffer.row(y)[x] & 0xFFFFFF, default: 0] += 1 } }
        for line in moscow.lines where line.stationIDs.contains(where: { moscow.station(id: $0)?.position != nil }) {
            let colour = UInt32(line.color.red) << 16 | UInt32(line.color.green) << 8 | UInt32(line.color.blue)
            #expect((counts[colour] ?? 0) >= 20, "line \(line.name) colour \(line.color.hexString): \(counts[colour] ?? 0) pixels")
        }
    }

    @Test func whatIsOffScreenIsCulled() {
        let builder = MapSceneBuilder(drawing: MapDrawing(map: Self.demo), font: font)
        let far = builder.scene(offsetX: 100_000, offsetY: 100_000, scale: 1, visible: IntRect(x: 0, y: 0, width: 640, height: 400))
        #expect(far.commands.isEmpty)
        let near = builder.scene(offsetX: 0, offsetY: 0, scale: 1, visible: IntRect(x: 0, y: 0, width: 640, height: 400))
        let everything = builder.scene(offsetX: 0, offsetY: 0, scale: 0.2, visible: IntRect(x: 0, y: 0, width: 640, height: 400))
        #expect(!near.commands.isEmpty && near.commands.count < everything.commands.count)
    }

    @Test func labelsNeverOverlapAndZoomingOutDropsOrdinaryStationsFirst() throws {
        let moscow = try PMetroImporter.importCity(directory: Self.moscowDirectory).map
        let drawing = MapDrawing(map: moscow)
        let fonts = FontStack(fonts: [font])
        let widths = TextWidthCache(fonts: fonts)
        let zoomedOut = LabelLayout(drawing: drawing, style: MapStyle(), fonts: fonts, scale: 0.3, widths: widths)
        let zoomedIn = LabelLayout(drawing: drawing, style: MapStyle(), fonts: fonts, scale: 2, widths: widths)
        #expect(zoomedOut.placed.count < zoomedIn.placed.count)
        for layout in [zoomedOut, zoomedIn] {
            for (i, a) in layout.placed.enumerated() {
                for b in layout.placed[(i + 1)...] {
                    let overlap = a.bounds.minX < b.bounds.maxX && b.bounds.minX < a.bounds.maxX
                        && a.bounds.minY < b.bounds.maxY && b.bounds.minY < a.bounds.maxY
                    #expect(!overlap)
                }
            }
        }
        // Placement goes in rank order: every interchange label is considered before any ordinary one.
        let ranks = drawing.labels.map(\.rank)
        #expect(ranks == ranks.sorted(by: >))
        #expect(ranks.first == .interchange)
    }

    @Test func theKiosksOwnStationIsMarkedInRed() throws {
        let station = try #require(Self.demo.station(id: "central-square")?.position)
        let frame = MapFrameRenderer(width: 640, height: 400, builder: MapSceneBuilder(
            drawing: MapDrawing(map: Self.demo, youAreHere: "central-square"), font: font))
        let view = MapFrameRenderer.View(offsetX: Int(station.x - Self.demo.bounds.x) - 320,
                                         offsetY: Int(station.y - Self.demo.bounds.y) - 200, scale: 1)
        frame.render(view, scaleSettled: true)
        #expect(frame.buffer.row(200)[320] & 0xFFFFFF == 0xE0102A)
        let unmarked = renderer()
        unmarked.render(view, scaleSettled: true)
        #expect(unmarked.buffer.row(200)[320] & 0xFFFFFF != 0xE0102A)
    }

    @Test func aLabelTheFontCannotDrawIsReportedOnce() throws {
        var map = Self.demo
        let index = try #require(map.stations.firstIndex { $0.id == "central-square" })
        map.stations[index].name = "Central \u{E000}Square"
        // No other name to fall back to, so the undrawable one is drawn (and reported).
        map.stations[index].localizedNames = [:]
        let frame = MapFrameRenderer(width: 1280, height: 800, builder: MapSceneBuilder(drawing: MapDrawing(map: map), font: font))
        var reports: [(String, [Unicode.Scalar])] = []
        frame.onMissingGlyphs = { reports.append(($0, $1)) }
        let geometry = CameraGeometry(map: map, viewport: .init(width: 1280, height: 800))
        let station = try #require(map.stations[index].position)
        let fitted = MapFrameRenderer.View(camera: geometry.camera(centredOn: .init(x: station.x, y: station.y),
                                                                   scale: geometry.fittingScale * 2))
        frame.render(fitted, scaleSettled: true)
        frame.render(MapFrameRenderer.View(offsetX: fitted.offsetX + 1000, offsetY: fitted.offsetY, scale: fitted.scale), scaleSettled: true)
        frame.render(fitted, scaleSettled: true)
        #expect(reports.count == 1)
        // A long name may be set as two lines; the line with the missing character is the one reported.
        #expect(reports.first.map { "Central \u{E000}Square".hasSuffix($0.0) && $0.0.unicodeScalars.contains("\u{E000}") } == true)
        #expect(reports.first?.1 == ["\u{E000}"])
    }
}
