import Foundation
import MetroMap
import Overlay
import struct Physics.ScreenSize
import Raster
import TestSupport
import Testing
@testable import Cartography
@testable import KioskCore

/// A traveller can name a line: its number or short name in a badge of its colour beyond each terminus, and a key
/// of every line (badge, name, colour) at the labels' cap height.
// Serialized: the cases share one Font, whose glyph caches are not thread-safe.
@Suite(.serialized)
struct LineIdentityTests {
    static let font = try! Font.loadDefault()

    static func isNear(_ pixel: UInt32, _ colour: Color, within tolerance: Int = 30) -> Bool {
        abs(Int((pixel >> 16) & 0xFF) - Int(colour.red)) <= tolerance && abs(Int((pixel >> 8) & 0xFF) - Int(colour.green)) <= tolerance
            && abs(Int(pixel & 0xFF) - Int(colour.blue)) <= tolerance
    }

    @Test func aLineIsCalledByItsShortNameItsRouteOrItsNumber() {
        #expect(LineBadges.shortName(name: "U1", id: "line1") == "U1")
        #expect(LineBadges.shortName(name: "1 - Broadway - 7 Av Local", id: "line1") == "1")
        #expect(LineBadges.shortName(name: "A - 8 Av Express", id: "line9") == "A")
        #expect(LineBadges.shortName(name: "Сокольническая", id: "line1") == "1")
        #expect(LineBadges.shortName(name: "Bakerloo", id: "bakerloo") == "B")
    }

    /// Moscow at twice the fitted scale: beyond both ends of every line that has ends (the ring has none) a badge in
    /// the line's colour with its number written on it.
    @Test func moscowHasABadgeAtBothTerminiOfEveryLine() throws {
        let map = try PMetroImporter.importCity(directory: RepositoryPaths.sharedData("maps/pmetro-moscow").path).map
        let viewport = ScreenSize(width: 1920, height: 1080)
        let fitting = CameraGeometry(map: map, viewport: viewport).fittingScale
        var style = MapStyle()
        style.lineBadges = true
        let builder = MapSceneBuilder(drawing: MapDrawing(map: map), style: style, font: Self.font, labelZoom: fitting...max(4, fitting))
        let widths = try #require(builder.textWidths)
        let badges = try #require(builder.lineBadges(widths: widths))
        let drawing = builder.drawing
        let scale = fitting * 2
        var checkedLines = 0
        for line in map.lines where line.stationIDs.contains(where: { map.station(id: $0)?.position != nil }) {
            // The line's ends on the scheme, worked out here from its runs: stations one drawn hop leads to.
            var neighbours: [SchemePoint: Set<SchemePoint>] = [:]
            for run in line.segments {
                for (a, b) in zip(run, run.dropFirst()) {
                    guard let p = map.station(id: a)?.position, let q = map.station(id: b)?.position, p != q else { continue }
                    neighbours[p, default: []].insert(q)
                    neighbours[q, default: []].insert(p)
                }
            }
            let termini = Set(neighbours.filter { $0.value.count == 1 }.keys)
            if termini.isEmpty { continue }  // a ring
            let colour = Color(red: line.color.red, green: line.color.green, blue: line.color.blue)
            let ends = badges.badges.filter { termini.contains($0.station) && $0.color == colour }
            #expect(Set(ends.map(\.station)) == termini, "line \(line.name): badges at \(ends.map(\.station)) of \(termini)")
            for badge in ends {
                let box = badges.box(badge, scale: scale, origin: drawing.bounds.origin, style: builder.style)
                let offsetX = Int(((box.minX + box.maxX) / 2).rounded()) - 100, offsetY = Int(((box.minY + box.maxY) / 2).rounded()) - 100
                let renderer = MapFrameRenderer(width: 200, height: 200, builder: builder)
                renderer.render(MapFrameRenderer.View(offsetX: offsetX, offsetY: offsetY, scale: scale), scaleSettled: true)
                var fill = 0, text = 0, total = 0
                for y in Int((box.minY - Float(offsetY)).rounded(.up))..<Int((box.maxY - Float(offsetY)).rounded(.down)) {
                    for x in Int((box.minX - Float(offsetX)).rounded(.up))..<Int((box.maxX - Float(offsetX)).rounded(.down)) {
                        let pixel = renderer.buffer.row(y)[x] & 0xFFFFFF
                        total += 1
                        if Self.isNear(pixel, badge.color) { fill += 1 } else if Self.isNear(pixel, badge.textColor, within: 60) { text += 1 }
                    }
                }
                #expect(fill * 2 >= total, "line \(line.name) at \(badge.station): \(fill) of \(total) pixels in its colour")
                #expect(text >= 8, "line \(line.name) at \(badge.station): \(text) pixels of its number")
            }
            checkedLines += 1
        }
        #expect(checkedLines >= 10)
    }

    /// The key to Moscow's lines: one entry per drawn line, its badge in the line's colour, its name in dark ink at
    /// least the configured cap height tall.
    @Test func theLegendHasAnEntryPerLineInItsColourAtTheCapHeight() throws {
        let map = try PMetroImporter.importCity(directory: RepositoryPaths.sharedData("maps/pmetro-moscow").path).map
        let entries = LineBadges.legendEntries(of: map)
        #expect(entries.count == map.lines.filter { $0.stationIDs.contains { map.station(id: $0)?.position != nil } }.count)
        let capHeight: Float = 3 * 96 / 25.4
        let screen = IntRect(x: 0, y: 0, width: 1920, height: 1080)
        let legend = LineLegendElement(entries: entries, corner: .bottomLeft, screen: screen, capHeightPixels: capHeight,
                                       fonts: FontStack(fonts: [Self.font]))
        let frame = try #require(legend.frame)
        #expect(frame.minX < 100 && frame.maxY > 980 && frame.maxY <= 1080, "\(frame)")
        let buffer = PixelBuffer(width: 1920, height: 1080)
        let canvas = Canvas(buffer: buffer)
        canvas.clear(Color(rgb: 0xFFFFFF))
        legend.draw(on: canvas)
        #expect(legend.rows.count == entries.count)
        for row in legend.rows {
            let b = row.badge
            let centre = buffer.row(Int((b.minY + b.maxY) / 2))
            var coloured = 0
            for x in Int(b.minX.rounded(.up))..<Int(b.maxX) where Self.isNear(centre[x] & 0xFFFFFF, row.entry.color) { coloured += 1 }
            #expect(coloured >= Int(b.height / 3), "\(row.entry.name): \(coloured) pixels of its colour across its badge")
            // The name's ink: from the cap line to the baseline at least.
            var top = Int.max, bottom = Int.min
            let x0 = Int(row.nameOrigin.x), baseline = Int(row.nameOrigin.y)
            for y in (baseline - Int(capHeight * 2))..<(baseline + 1) {
                let line = buffer.row(y)
                for x in x0..<(x0 + 80) where (line[x] >> 16) & 0xFF < 110 && (line[x] >> 8) & 0xFF < 110 && line[x] & 0xFF < 110 {
                    top = min(top, y); bottom = max(bottom, y)
                }
            }
            #expect(bottom >= top && Float(bottom - top + 1) >= capHeight - 1, "\(row.entry.name): ink \(top)...\(bottom)")
        }
    }

    /// `[map] legend` names a corner or "off"; anything else is reported at the key.
    @Test func theLegendKeyTakesACornerOrOff() throws {
        #expect(try KioskConfigLoader.parse(text: "[map]\nlegend = \"top-right\"\n", fileName: "k.toml").map.legend == .topRight)
        #expect(try KioskConfigLoader.parse(text: "[map]\nlegend = \"off\"\n", fileName: "k.toml").map.legend == nil)
        #expect(try KioskConfigLoader.parse(text: "", fileName: "k.toml").map.legend == nil)
        #expect(try KioskConfigLoader.parse(text: "[map]\nline_badges = true\n", fileName: "k.toml").mapStyle().lineBadges)
        #expect(try !KioskConfigLoader.parse(text: "", fileName: "k.toml").mapStyle().lineBadges)
        do {
            _ = try KioskConfigLoader.parse(text: "[map]\nlegend = \"middle\"\n", fileName: "k.toml")
            Issue.record("a bad corner was accepted")
        } catch {
            let text = error.diagnostics.map(\.description).joined(separator: "\n")
            #expect(text.contains("k.toml:2") && text.contains("'legend' must be one of"), "\(text)")
        }
    }

    /// Where the scheme draws its own bullet beyond a terminus (New York), no badge is drawn over it.
    @Test func aBadgeOverTheSchemesOwnBulletIsLeftOut() throws {
        let red = RGBColor(red: 0xD0, green: 0x10, blue: 0x20)
        var map = MetroMap(name: "line", bounds: SchemeRect(x: 0, y: 0, width: 800, height: 600), stations: [
            Station(id: "a", name: "Alpha", position: SchemePoint(x: 100, y: 300)),
            Station(id: "b", name: "Bravo", position: SchemePoint(x: 400, y: 300)),
        ], lines: [MetroLine(id: "line7", name: "Seventh Avenue", color: red, segments: [["a", "b"]])])
        var style = MapStyle()
        style.lineBadges = true
        let fonts = FontStack(fonts: [Self.font])
        let widths = TextWidthCache(fonts: fonts)
        let badges = LineBadges(drawing: MapDrawing(map: map), style: style, widths: widths)
        #expect(badges.badges.map(\.text) == ["7", "7"])
        let east = try #require(badges.badges.first { $0.station.x == 400 })
        let origin = SchemePoint(x: 0, y: 0)
        let box = badges.box(east, scale: 1, origin: origin, style: style)
        #expect(box.minX > 400, "beyond the eastern terminus: \(box)")
        map.background = [BackgroundShape(kind: .ellipse, points: [SchemePoint(x: Double(box.minX), y: Double(box.minY)),
                                                                    SchemePoint(x: Double(box.maxX), y: Double(box.maxY))], fill: red)]
        let background = BackgroundObstacles(drawing: MapDrawing(map: map), style: style, widths: widths)
        let view = Rect(minX: 0, minY: 0, maxX: 800, maxY: 600)
        let all = badges.commands(scale: 1, origin: origin, style: style, view: view, shift: Raster.Point(0, 0), fonts: fonts)
        let kept = badges.commands(scale: 1, origin: origin, style: style, view: view, shift: Raster.Point(0, 0), fonts: fonts,
                                   background: background)
        #expect(all.count == 4 && kept.count == 2, "\(all.count) commands, \(kept.count) kept")
    }

    /// A badge's letters sit in the middle of their roundel to the eye: Singapore's "NE", "CC" and "NS" on a white
    /// or black face, their ink as high above the badge's centre as below it, at a 4K panel's 30 px cap height.
    /// Centring the line box (ascent over descent) set capitals low by 3 % of the text size: 1.3 px here.
    @Test(arguments: [("NE", RGBColor(red: 0x9E, green: 0x28, blue: 0xB5)), ("CC", RGBColor(red: 0xFA, green: 0x9E, blue: 0x0D)),
                      ("NS", RGBColor(red: 0xD4, green: 0x2E, blue: 0x12))])
    func aBadgesLettersSitInTheMiddleOfItsRoundel(name: String, colour: RGBColor) throws {
        let map = MetroMap(name: "line", bounds: SchemeRect(x: 0, y: 0, width: 400, height: 200), stations: [
            Station(id: "a", name: "Alpha", position: SchemePoint(x: 100, y: 100)),
            Station(id: "b", name: "Bravo", position: SchemePoint(x: 300, y: 100)),
        ], lines: [MetroLine(id: "line1", name: name, color: colour, segments: [["a", "b"]])])
        var style = MapStyle()
        style.lineBadges = true
        style.minimumCapHeightPixels = 30
        let builder = MapSceneBuilder(drawing: MapDrawing(map: map), style: style, font: Self.font, labelZoom: 1...1)
        let widths = try #require(builder.textWidths)
        let badges = try #require(builder.lineBadges(widths: widths))
        let badge = try #require(badges.badges.first { $0.station.x == 300 })
        #expect(badge.text == name)
        let box = badges.box(badge, scale: 1, origin: builder.drawing.bounds.origin, style: builder.style)
        let renderer = MapFrameRenderer(width: 400, height: 200, builder: builder)
        renderer.render(MapFrameRenderer.View(offsetX: 0, offsetY: 0, scale: 1), scaleSettled: true)
        // Text-coloured pixels inside the badge, 2 px clear of its rim: a roundel, or a box with round ends (a stroke
        // as thick as the badge along its straight part).
        let centreY = (box.minY + box.maxY) / 2, centreX = (box.minX + box.maxX) / 2
        let straight = max(badge.width - badge.height, 0) / 2, inner = badge.height / 2 - 2
        var above = 0, below = 0, top = Int.max, bottom = Int.min
        for y in Int(box.minY)..<Int(box.maxY.rounded(.up)) {
            for x in Int(box.minX)..<Int(box.maxX.rounded(.up)) {
                let dx = max(abs(Float(x) + 0.5 - centreX) - straight, 0), dy = Float(y) + 0.5 - centreY
                guard dx * dx + dy * dy <= inner * inner,
                      Self.isNear(renderer.buffer.row(y)[x] & 0xFFFFFF, badge.textColor, within: 110) else { continue }
                top = min(top, y)
                bottom = max(bottom, y + 1)
                if Float(y) + 0.5 < centreY { above += 1 } else { below += 1 }
            }
        }
        #expect(top < bottom, "\(name): no ink found")
        let inkMiddle = Float(top + bottom) / 2
        // Within the half pixel a baseline snapped to whole pixels may move it.
        #expect(abs(inkMiddle - centreY) <= 0.6, "\(name): ink rows \(top)..<\(bottom), middle \(inkMiddle), badge centre \(centreY)")
        #expect(abs(above - below) * 20 <= above + below, "\(name): \(above) ink pixels above the centre, \(below) below")
    }

    /// The scheme's own line bullets (a .vec ellipse with a TextOut inside, as Singapore's "NE" at 363,835–383,855
    /// with its text at 366,839) keep their letters in the middle of the roundel: the caption's baseline sits
    /// Arial's ascent below its point, as pMetro's author saw it. The label font's ascent set them about 2.5 % of
    /// the roundel's scheme size low per unit of text size (5 px on Singapore's home view).
    @Test func aSchemesOwnBulletKeepsItsLettersInTheMiddle() throws {
        var map = MetroMap(name: "bullet", bounds: SchemeRect(x: 340, y: 820, width: 60, height: 50), stations: [], lines: [])
        let purple = RGBColor(red: 0x9B, green: 0x01, blue: 0xAC), white = RGBColor(red: 0xFF, green: 0xFF, blue: 0xFF)
        map.background = [
            BackgroundShape(kind: .ellipse, points: [SchemePoint(x: 363, y: 835), SchemePoint(x: 383, y: 855)], fill: purple),
            BackgroundShape(kind: .text, points: [SchemePoint(x: 366, y: 839)], stroke: white, text: "NE", size: 12),
        ]
        let builder = MapSceneBuilder(drawing: MapDrawing(map: map), style: MapStyle(), font: Self.font, labelZoom: 4...4)
        let scale = 4.0
        let renderer = MapFrameRenderer(width: 240, height: 200, builder: builder)
        renderer.render(MapFrameRenderer.View(offsetX: 0, offsetY: 0, scale: scale), scaleSettled: true)
        // The roundel's centre on screen: (373, 845) in the scheme.
        let centreY = Float((845 - map.bounds.y) * scale)
        var above = 0, below = 0
        for y in 0..<200 {
            for x in 0..<240 where Self.isNear(renderer.buffer.row(y)[x] & 0xFFFFFF, Color(rgb: 0xFFFFFF), within: 60) {
                let dx = Float(x) + 0.5 - Float((373 - map.bounds.x) * scale), dy = Float(y) + 0.5 - centreY
                guard dx * dx + dy * dy < Float(8 * scale * 8 * scale) else { continue }
                if dy < 0 { above += 1 } else { below += 1 }
            }
        }
        #expect(above + below > 100, "the bullet's letters are drawn: \(above + below) pixels")
        #expect(abs(above - below) * 10 <= above + below, "\(above) ink pixels above the bullet's centre, \(below) below")
    }
}
