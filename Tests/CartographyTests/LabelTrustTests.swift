import Foundation
import MetroMap
import struct Physics.ScreenSize
import Raster
import TestSupport
import Testing
@testable import Cartography

/// Names a traveller can trust on small schemes built for each rule: beside their own station (or joined to it by a
/// leader), off the scheme's own captions and bullets, the busiest and most central interchanges first, and a name
/// no font can draw replaced by the station's other name.
// Serialized: the cases share one Font, whose glyph caches are not thread-safe.
@Suite(.serialized)
struct LabelTrustTests {
    static let font = try! Font.loadDefault()
    static let red = RGBColor(red: 0xD0, green: 0x10, blue: 0x20)

    static func builder(_ map: MetroMap, zoom: ClosedRange<Double> = 1...4) -> MapSceneBuilder {
        MapSceneBuilder(drawing: MapDrawing(map: map), font: font, labelZoom: zoom)
    }

    static func audit(_ builder: MapSceneBuilder, scale: Double = 1, width: Double = 800, height: Double = 600) -> MapAudit {
        MapAudit(builder: builder, view: MapFrameRenderer.View(offsetX: 0, offsetY: 0, scale: scale),
                 viewport: ScreenSize(width: width, height: height), zoom: builder.labelZoom)
    }

    /// One horizontal line through three stations, with `background` shapes.
    static func straightLine(background: [BackgroundShape] = []) -> MetroMap {
        MetroMap(name: "line", bounds: SchemeRect(x: 0, y: 0, width: 800, height: 600), stations: [
            Station(id: "a", name: "Alpha", position: SchemePoint(x: 100, y: 300)),
            Station(id: "b", name: "Bravo", position: SchemePoint(x: 400, y: 300)),
            Station(id: "c", name: "Charlie", position: SchemePoint(x: 700, y: 300)),
        ], lines: [MetroLine(id: "l", name: "L", color: red, segments: [["a", "b", "c"]])], background: background)
    }

    /// The place a label would take on an empty scheme, covered by a caption of the scheme's own: the label moves
    /// off it, and the audit, which sees the caption, counts no label over the background.
    @Test func aLabelKeepsOffTheSchemesOwnCaption() throws {
        let plain = Self.builder(Self.straightLine())
        let free = try #require(plain.placedLabels(scale: 1)?.first { plain.drawing.labels[$0.labelIndex].text == "Bravo" })
        // A caption over the whole block Bravo takes on the plain scheme, 12 units tall (drawn from scale 0.5).
        let box = free.textBounds
        let caption = BackgroundShape(kind: .text, points: [SchemePoint(x: Double(box.minX), y: Double(box.minY))],
                                      stroke: RGBColor(red: 0, green: 0, blue: 0), text: "Riverside Park caption", size: 12)
        let covered = Self.builder(Self.straightLine(background: [caption]))
        let moved = try #require(covered.placedLabels(scale: 1)?.first { covered.drawing.labels[$0.labelIndex].text == "Bravo" })
        #expect(moved.textBounds != box)
        let background = BackgroundObstacles(drawing: covered.drawing, style: covered.style, widths: covered.textWidths)
        #expect(background.hits(box, scale: 1, origin: covered.drawing.bounds.origin))
        #expect(!background.hits(moved.textBounds, scale: 1, origin: covered.drawing.bounds.origin))
        #expect(Self.audit(covered).overBackground == 0)
        // A bullet (a small filled disc) is kept clear too; a large fill (water) is not an obstacle.
        let bullet = BackgroundShape(kind: .ellipse, points: [SchemePoint(x: 10, y: 10), SchemePoint(x: 30, y: 30)], fill: Self.red)
        let lake = BackgroundShape(kind: .polygon, points: [SchemePoint(x: 0, y: 0), SchemePoint(x: 800, y: 0),
                                                            SchemePoint(x: 800, y: 600)], fill: RGBColor(red: 0xC0, green: 0xE0, blue: 0xFF))
        let shapes = BackgroundObstacles(drawing: MapDrawing(map: Self.straightLine(background: [bullet, lake])), style: MapStyle(),
                                         widths: nil)
        #expect(shapes.obstacles.count == 1)
        #expect(shapes.hits(Rect(minX: 15, minY: 15, maxX: 18, maxY: 18), scale: 1, origin: SchemePoint(x: 0, y: 0)))
    }

    /// A small caption is not drawn at the home view (under 0.6 of the label size), so it holds no place there; from
    /// the scale the frame draws it, it does.
    @Test func aCaptionIsAnObstacleFromTheScaleItIsDrawn() {
        let caption = BackgroundShape(kind: .text, points: [SchemePoint(x: 50, y: 50)], stroke: RGBColor(red: 0, green: 0, blue: 0),
                                      text: "note", size: 3)
        let obstacles = BackgroundObstacles(drawing: MapDrawing(map: Self.straightLine(background: [caption])), style: MapStyle(),
                                            widths: nil)
        let at = { (scale: Double) in Rect(minX: Float(51 * scale), minY: Float(51 * scale), maxX: Float(52 * scale), maxY: Float(52 * scale)) }
        #expect(!obstacles.hits(at(1), scale: 1, origin: SchemePoint(x: 0, y: 0)))
        #expect(obstacles.hits(at(2.5), scale: 2.5, origin: SchemePoint(x: 0, y: 0)))
    }

    /// A station boxed in by a grid of lines on every near side: its name is placed beyond the label gap only with a
    /// leader, and never nearer another station than its own. The audit measures the gap of the others.
    @Test func aFarLabelHasALeaderAndNoLabelSitsNearerAnotherStation() throws {
        // A hub at the centre with six lines leaving it and stations close around it.
        var stations = [Station(id: "hub", name: "Central Interchange", position: SchemePoint(x: 400, y: 300))]
        var lines: [MetroLine] = []
        for k in 0..<6 {
            let angle = Double(k) * .pi / 3
            let near = SchemePoint(x: 400 + 40 * cos(angle), y: 300 + 40 * sin(angle))
            let far = SchemePoint(x: 400 + 260 * cos(angle), y: 300 + 260 * sin(angle))
            stations.append(Station(id: "n\(k)", name: "Near \(k)", position: near))
            stations.append(Station(id: "f\(k)", name: "Far \(k)", position: far))
            lines.append(MetroLine(id: "l\(k)", name: "\(k)", color: Self.red, segments: [["hub", "n\(k)", "f\(k)"]]))
        }
        let map = MetroMap(name: "hub", bounds: SchemeRect(x: 0, y: 0, width: 800, height: 600), stations: stations, lines: lines)
        let builder = Self.builder(map, zoom: 1...4)
        let gap = Double(builder.style.labelGapPixels())
        for scale in LabelPlan.ladder(builder.labelZoom) {
            let placed = try #require(builder.placedLabels(scale: scale))
            let audit = Self.audit(builder, scale: scale, width: 800 * scale, height: 600 * scale)
            #expect(audit.labelsNearerAnotherStation == 0, "×\(scale): \(audit.json)")
            let radius = Double(builder.style.stationRadiusPixels(scale: scale))
            for label in placed {
                let centre = Raster.Point(Float(label.anchor.x * scale), Float(label.anchor.y * scale))
                let box = label.textBounds
                let dx = max(max(box.minX - centre.x, 0), centre.x - box.maxX), dy = max(max(box.minY - centre.y, 0), centre.y - box.maxY)
                let distance = Double((dx * dx + dy * dy).squareRoot()) - radius
                let name = builder.drawing.labels[label.labelIndex].text
                if let leader = label.leader {
                    // The leader runs from the mark's edge to the text.
                    #expect(abs(Double(hypot(leader.from.x - centre.x, leader.from.y - centre.y)) - radius) < radius, "\(name)")
                    #expect(leader.to.x >= box.minX - 0.01 && leader.to.x <= box.maxX + 0.01, "\(name)")
                } else {
                    #expect(distance <= gap + 3, "\(name) ×\(scale): \(distance) px from its mark, gap \(gap)")
                }
            }
            #expect(audit.farthestLabelMillimetres <= (gap + 3) / (96 / 25.4) + 0.05, "×\(scale): \(audit.json)")
        }
        // The hub, served by six lines, is taken first and named at some zoom.
        #expect(builder.drawing.labels.first?.text == "Central Interchange")
        #expect(Self.audit(builder).unlabelledAtEveryZoom.isEmpty)
    }

    /// Interchanges before termini before the rest; among interchanges the one served by more lines, then the one
    /// nearer the middle of the map, then the "you are here" station ahead of all.
    @Test func labelsAreTakenBusiestAndMostCentralFirst() {
        func station(_ id: String, _ x: Double, _ y: Double) -> Station {
            Station(id: id, name: id.uppercased(), position: SchemePoint(x: x, y: y))
        }
        // Lines: one through x (three lines at x: a busy interchange at the edge), two meeting at m (centre), and y,
        // an interchange of two lines far out; t is a terminus, o an ordinary stop.
        let map = MetroMap(name: "rank", bounds: SchemeRect(x: 0, y: 0, width: 1000, height: 1000), stations: [
            station("x", 50, 50), station("m", 500, 500), station("y", 900, 900), station("t", 100, 900), station("o", 300, 700),
            station("e", 50, 300), station("f", 500, 100), station("g", 200, 50),
        ], lines: [
            MetroLine(id: "1", name: "1", color: Self.red, segments: [["t", "o", "m", "x"]]),
            MetroLine(id: "2", name: "2", color: Self.red, segments: [["f", "m", "y"]]),
            MetroLine(id: "3", name: "3", color: Self.red, segments: [["e", "x", "y"]]),
            MetroLine(id: "4", name: "4", color: Self.red, segments: [["x", "g"]]),
        ])
        let order = MapDrawing(map: map).labels.map(\.text)
        // x: lines 1, 3, 4; m: 1, 2; y: 2, 3 but farther out than m; then the termini (f, e, g, t by distance), then o.
        #expect(order == ["X", "M", "Y", "F", "E", "G", "T", "O"], "\(order)")
        #expect(order.last == "O", "\(order)")
        let here = MapDrawing(map: map, languages: [], youAreHere: "t").labels.map(\.text)
        #expect(here.first == "T", "\(here)")
    }

    /// A station whose shown name has no glyph in any configured font shows its other name (Bangkok's Siam, written
    /// in Tibetan by the scheme's language, has a Latin primary name).
    @Test func aNameNoFontCanDrawShowsTheStationsOtherName() throws {
        let tibetan = "\u{0F66}\u{0F72}\u{0F0B}\u{0F68}\u{0F58}"
        let stack = FontStack(fonts: [Self.font])
        try #require(!stack.shape(tibetan, sizePixels: 16, language: "bo").missingCharacters.isEmpty,
                     "the default font draws Tibetan; the test needs a script it lacks")
        let map = MetroMap(name: "fallback", bounds: SchemeRect(x: 0, y: 0, width: 800, height: 600), stations: [
            Station(id: "s", name: "Siam", localizedNames: ["bo": tibetan], position: SchemePoint(x: 400, y: 300)),
            Station(id: "t", name: "Chit Lom", localizedNames: ["bo": "Chit Lom"], position: SchemePoint(x: 600, y: 300)),
        ], lines: [MetroLine(id: "l", name: "L", color: Self.red, segments: [["s", "t"]])])
        let builder = MapSceneBuilder(drawing: MapDrawing(map: map, language: "bo"), font: Self.font, labelZoom: 1...4)
        let placed = try #require(builder.placedLabels(scale: 1))
        let texts = placed.flatMap { $0.lines.map(\.text) }
        #expect(texts.contains("Siam"), "\(texts)")
        #expect(!texts.contains(tibetan))
        #expect(Self.audit(builder).missingGlyphs == 0)
    }
}
