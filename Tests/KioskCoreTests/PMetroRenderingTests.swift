import Foundation
import MetroMap
import struct Physics.ScreenSize
import Raster
import TestSupport
import Testing
@testable import Cartography
@testable import KioskCore

/// Real pMetro cities drawn as their own schemes draw them: hidden labels, the background layer under the
/// lines, per-map widths, interchanges never in a line's colour, smooth curves.
struct PMetroRenderingTests {
    let font = try! Font.loadDefault()

    static func city(_ name: String) throws -> MetroMap {
        try PMetroImporter.importCity(directory: RepositoryPaths.sharedData("maps/pmetro-" + name).path).map
    }

    func render(_ map: MetroMap, width: Int = 1920, height: Int = 1080, view: MapFrameRenderer.View? = nil) -> PixelBuffer {
        let renderer = MapFrameRenderer(width: width, height: height,
                                        builder: MapSceneBuilder(drawing: MapDrawing(map: map), font: font))
        let fitted = CameraGeometry(map: map, viewport: ScreenSize(width: Double(width), height: Double(height))).fittedCamera
        renderer.render(view ?? MapFrameRenderer.View(camera: fitted), scaleSettled: true)
        return renderer.buffer
    }

    /// The view at `scale` that puts scheme point `p` at pixel (x, y).
    static func view(_ map: MetroMap, showing p: SchemePoint, at x: Int, _ y: Int, scale: Double) -> MapFrameRenderer.View {
        MapFrameRenderer.View(offsetX: Int(((p.x - map.bounds.x) * scale).rounded()) - x,
                              offsetY: Int(((p.y - map.bounds.y) * scale).rounded()) - y, scale: scale)
    }

    static func pixels(_ buffer: PixelBuffer, x: Range<Int>, y: Range<Int>, where test: (UInt32) -> Bool) -> Int {
        var count = 0
        for row in y { for column in x where test(buffer.row(row)[column] & 0xFFFFFF) { count += 1 } }
        return count
    }

    static func isNear(_ pixel: UInt32, _ rgb: UInt32, within tolerance: Int = 24) -> Bool {
        [16, 8, 0].allSatisfy { (shift: UInt32) in
            abs(Int((pixel >> shift) & 0xFF) - Int((rgb >> shift) & 0xFF)) <= tolerance
        }
    }

    @Test func aLabelThePMetroSchemeHidesIsNotDrawn() throws {
        var map = try Self.city("singapore")
        let index = try #require(map.stations.firstIndex { $0.name == "Dhoby Ghaut" && $0.isLabelHidden && $0.isPlaced })
        // A name no other platform shares, so the label is not one interchange's name given once.
        map.stations[index].name = "Xyzzy Quay"
        let station = map.stations[index]
        let view = Self.view(map, showing: station.position!, at: 300, 150, scale: 3)
        let dark: (UInt32) -> Bool = { Self.isNear($0, 0x1A1A1A, within: 60) }
        // Around the station, wherever the placement puts a label.
        let crop = (x: 0..<600, y: 0..<300)
        let hidden = render(map, width: 600, height: 300, view: view)
        map.stations[index].isLabelHidden = false
        map.stations[index].labelBox = nil
        let shown = render(map, width: 600, height: 300, view: view)
        map.stations[index].name = ""
        let unnamed = render(map, width: 600, height: 300, view: view)
        func differing(_ a: PixelBuffer, _ b: PixelBuffer) -> Int {
            Self.pixels(a, x: crop.x, y: crop.y) { _ in false } + crop.y.reduce(0) { total, row in
                total + crop.x.filter { a.row(row)[$0] != b.row(row)[$0] }.count
            }
        }
        // Shown, the name lands in the crop; hidden, the crop is exactly what it is with no name at all.
        #expect(Self.pixels(shown, x: crop.x, y: crop.y, where: dark) > Self.pixels(unnamed, x: crop.x, y: crop.y, where: dark) + 30)
        #expect(differing(hidden, unnamed) == 0)
        #expect(differing(shown, unnamed) > 30)
    }

    @Test func berlinsRingbahnColourIsVisibleInTheFittedView() throws {
        let frame = render(try Self.city("berlin"))
        let ring = Self.pixels(frame, x: 0..<1920, y: 0..<1080) { Self.isNear($0, 0xCE635A, within: 8) }
        #expect(ring > 2000, "\(ring) Ringbahn pixels")
    }

    @Test func tokyosWaterIsDrawnUnderTheLines() throws {
        let map = try Self.city("tokyo")
        let water = try #require(map.background.first { $0.fill == RGBColor(hex: "D1ECFB") })
        let frame = render(map)
        let waterPixels = Self.pixels(frame, x: 0..<1920, y: 0..<1080) { Self.isNear($0, 0xD1ECFB, within: 2) }
        #expect(waterPixels > 50_000)
        // Lines are drawn over the water: every pixel a line colours without the background keeps that colour
        // with it, inside the water too.
        let fitted = CameraGeometry(map: map, viewport: ScreenSize(width: 1920, height: 1080)).fittedCamera
        var bare = map
        bare.background = []
        let withoutWater = render(bare)
        let lineColors = Set(map.lines.map { UInt32($0.color.red) << 16 | UInt32($0.color.green) << 8 | UInt32($0.color.blue) })
        var linePixelsOverWater = 0
        for y in 0..<1080 { for x in 0..<1920 {
            let line = withoutWater.row(y)[x] & 0xFFFFFF
            guard lineColors.contains(line) else { continue }
            #expect(frame.row(y)[x] & 0xFFFFFF == line)
            linePixelsOverWater += 1
        } }
        #expect(linePixelsOverWater > 10_000)
        // And in the draw list the water's fill comes before every line's stroke.
        let builder = MapSceneBuilder(drawing: MapDrawing(map: map), font: nil)
        let scene = builder.scene(offsetX: Int(fitted.offset.x), offsetY: Int(fitted.offset.y), scale: fitted.scale,
                                  visible: IntRect(x0: 0, y0: 0, x1: 1920, y1: 1080))
        let waterColor = Color(rgb: 0xD1ECFB)
        let waterIndex = scene.commands.firstIndex { if case .fillPath(_, let c) = $0 { return c == waterColor }; return false }
        let firstLine = scene.commands.firstIndex {
            if case .strokePolyline(_, _, let c) = $0 { return lineColors.contains(UInt32(c.red) << 16 | UInt32(c.green) << 8 | UInt32(c.blue)) }; return false
        }
        #expect(waterIndex != nil && firstLine != nil && waterIndex! < firstLine!)
        _ = water
    }

    static func contains(_ polygon: [SchemePoint], _ p: SchemePoint) -> Bool {
        var inside = false
        var j = polygon.count - 1
        for i in polygon.indices {
            let a = polygon[i], b = polygon[j]
            if (a.y > p.y) != (b.y > p.y), p.x < (b.x - a.x) * (p.y - a.y) / (b.y - a.y) + a.x { inside.toggle() }
            j = i
        }
        return inside
    }

    @Test func newYorkStationCirclesDoNotOverlapAtScaleOne() throws {
        let map = try Self.city("new-york")
        let drawing = MapDrawing(map: map)
        let builder = MapSceneBuilder(drawing: drawing, font: nil)
        let radius = Double(builder.style.stationRadiusPixels(scale: 1))
        #expect(radius == 5) // StationDiameter=10
        // Circles of plain stations (interchanges are drawn joined on purpose; stations the scheme puts at one
        // point are one circle) overlap only where the scheme itself puts two stations without a transfer closer
        // than its own diameter (Nevins St and DeKalb Av, 8.5 units apart), not along every trunk as with the old
        // fixed 14-unit circles.
        let plain = drawing.stations.filter { !$0.isInterchange }.map(\.position)
        func overlaps(radius: Double) -> Int {
            var count = 0
            func cell(_ x: Int, _ y: Int) -> Int { x * 100_000 + y }
            let cells = Dictionary(grouping: plain.indices) { (i: Int) -> Int in cell(Int(plain[i].x / 20), Int(plain[i].y / 20)) }
            for (i, p) in plain.enumerated() {
                let cx = Int(p.x / 20), cy = Int(p.y / 20)
                for dx in -1...1 { for dy in -1...1 {
                    for j in cells[cell(cx + dx, cy + dy)] ?? [] where j > i {
                        let distance: Double = hypot(p.x - plain[j].x, p.y - plain[j].y)
                        if distance > 0.5 && distance < 2 * radius - 0.5 { count += 1 }
                    }
                } }
            }
            return count
        }
        #expect(overlaps(radius: radius) * 2 < overlaps(radius: 7))
    }

    @Test func interchangesAreWhiteWithADarkOutlineNeverALineColour() throws {
        let map = try Self.city("moscow")
        let drawing = MapDrawing(map: map)
        let builder = MapSceneBuilder(drawing: drawing, font: nil)
        let scene = builder.scene(offsetX: 0, offsetY: 0, scale: 1, visible: IntRect(x0: 0, y0: 0, x1: 4000, y1: 4000))
        // Every interchange disc is drawn in the ring or the core colour; no connector uses a line's colour.
        let lineColors = Set(drawing.lineColors.map { $0.withAlpha(255) })
        let allowed = [builder.style.interchangeRing, builder.style.interchangeFill].map { $0.withAlpha(255) }
        #expect(!allowed.contains { lineColors.contains($0) })
        var discs = 0
        for command in scene.commands {
            if case .circle(let center, _, let color) = command,
               drawing.interchanges.contains(where: { $0.stations.contains { abs($0.x - map.bounds.x - Double(center.x)) < 0.01
                   && abs($0.y - map.bounds.y - Double(center.y)) < 0.01 } }) {
                #expect(allowed.contains(color.withAlpha(255)))
                discs += 1
            }
        }
        #expect(discs > 100)
        // A three-way interchange is filled across its hull: no hole in the middle.
        #expect(drawing.interchanges.contains { $0.hull.count >= 3 })
    }

    @Test func smoothLinesAreFlattenedToAPixelToleranceAtEveryScale() {
        // A quarter circle of radius 100 through five knots: at scale 1 and at scale 8 the chords stay within
        // the tolerance of the curve, so the number of points grows with the scale instead of staying fixed.
        let knots: [Raster.Point] = (0...4).map { (i: Int) -> Raster.Point in
            let angle = Float(i) * Float.pi / 8
            return Raster.Point(100 * cosf(angle), 100 * sinf(angle))
        }
        func flattened(_ scale: Float) -> [Raster.Point] {
            CurveFlattening.flatten(knots.map { Raster.Point($0.x * scale, $0.y * scale) }, lead: nil, trail: nil)
        }
        let small = flattened(1), large = flattened(8)
        #expect(large.count > small.count * 2)
        for (scale, points) in [(Float(1), small), (Float(8), large)] {
            // Every point of the exact curve lies within the tolerance of the polyline.
            let scaled = knots.map { Raster.Point($0.x * scale, $0.y * scale) }
            for exact in Self.exactCatmullRom(scaled, samplesPerSpan: 400) {
                var nearest = Float.infinity
                for (a, b) in zip(points, points.dropFirst()) { nearest = min(nearest, Self.distance(exact, a, b)) }
                #expect(nearest <= CurveFlattening.tolerancePixels + 1e-3 * scale)
            }
        }
        // The curve passes through every knot (stations and bends).
        for knot in knots {
            let hit = small.contains { (p: Raster.Point) -> Bool in abs(p.x - knot.x) < 1e-3 && abs(p.y - knot.y) < 1e-3 }
            #expect(hit)
        }
    }

    /// The Catmull-Rom curve through `knots` with free ends, sampled from its polynomial form (not the Bézier one).
    static func exactCatmullRom(_ knots: [Raster.Point], samplesPerSpan: Int) -> [Raster.Point] {
        var out: [Raster.Point] = []
        for index in 0..<(knots.count - 1) {
            let p0 = knots[max(index - 1, 0)], p1 = knots[index], p2 = knots[index + 1], p3 = knots[min(index + 2, knots.count - 1)]
            for step in 0...samplesPerSpan {
                let t = Float(step) / Float(samplesPerSpan), t2 = t * t, t3 = t2 * t
                func blend(_ c0: Float, _ c1: Float, _ c2: Float, _ c3: Float) -> Float {
                    let a: Float = 2 * c1 + (c2 - c0) * t
                    let b: Float = (2 * c0 - 5 * c1 + 4 * c2 - c3) * t2
                    let c: Float = (3 * c1 - c0 - 3 * c2 + c3) * t3
                    return 0.5 * (a + b + c)
                }
                out.append(Raster.Point(blend(p0.x, p1.x, p2.x, p3.x), blend(p0.y, p1.y, p2.y, p3.y)))
            }
        }
        return out
    }

    static func distance(_ p: Raster.Point, _ a: Raster.Point, _ b: Raster.Point) -> Float {
        let abx = b.x - a.x, aby = b.y - a.y
        let length2 = abx * abx + aby * aby
        var t: Float = length2 > 0 ? ((p.x - a.x) * abx + (p.y - a.y) * aby) / length2 : 0
        t = min(max(t, 0), 1)
        let dx = p.x - (a.x + t * abx), dy = p.y - (a.y + t * aby)
        return (dx * dx + dy * dy).squareRoot()
    }

    @Test func aCurveKeepsItsDirectionThroughAStation() throws {
        // Two smooth hops meeting at B: the last chord into B and the first chord out of it point the same way.
        let map = MetroMap(name: "curve", bounds: SchemeRect(x: 0, y: 0, width: 400, height: 400), stations: [
            Station(id: "a", name: "A", position: SchemePoint(x: 0, y: 200)),
            Station(id: "b", name: "B", position: SchemePoint(x: 200, y: 100)),
            Station(id: "c", name: "C", position: SchemePoint(x: 400, y: 200)),
        ], lines: [MetroLine(id: "l", name: "L", color: RGBColor(red: 255, green: 0, blue: 0), segments: [["a", "b", "c"]],
                             links: [LineLink(from: "a", to: "b", bendPoints: [SchemePoint(x: 80, y: 120)], isSpline: true),
                                     LineLink(from: "b", to: "c", bendPoints: [SchemePoint(x: 320, y: 120)], isSpline: true)])])
        let drawing = MapDrawing(map: map)
        let flat = drawing.pieces.map { piece in
            CurveFlattening.flatten(piece.knots.map { Raster.Point(Float($0.x), Float($0.y)) },
                                    lead: piece.lead.map { Raster.Point(Float($0.x), Float($0.y)) },
                                    trail: piece.trail.map { Raster.Point(Float($0.x), Float($0.y)) })
        }
        let into = flat[0][flat[0].count - 1] - flat[0][flat[0].count - 2]
        let out = flat[1][1] - flat[1][0]
        let dot: Float = into.x * out.x + into.y * out.y
        let lengths: Float = (into.x * into.x + into.y * into.y).squareRoot() * (out.x * out.x + out.y * out.y).squareRoot()
        let cosine = dot / lengths
        #expect(cosine > 0.99)
    }
}

extension PMetroRenderingTests {
    @Test func shortNamesAreNeverWrapped() throws {
        // "George V" stays one line however narrow its box; a long name may also be set as two lines.
        #expect(LabelPlan.wrap("George V") == nil)
        #expect(LabelPlan.wrap("Kurfürstendamm Wittenbergplatz") == ["Kurfürstendamm", "Wittenbergplatz"])
        #expect(LabelPlan.wrap("Rue de la Pompe A") == ["Rue de la", "Pompe A"])
    }

    @Test func verticalLabelBoxesAreLaidFlatBesideTheirStation() throws {
        let map = try Self.city("istanbul")
        let drawing = MapDrawing(map: map)
        let vertical = drawing.labels.filter { ($0.box?.height ?? 0) > ($0.box?.width ?? 0) }
        #expect(vertical.count >= 10)
        let scale = 1.5
        let fonts = FontStack(fonts: [font])
        let layout = LabelLayout(drawing: drawing, style: MapStyle(), fonts: fonts, scale: scale, widths: TextWidthCache(fonts: fonts))
        var checked = 0
        for label in vertical {
            let station = Raster.Point(Float((label.station.x - map.bounds.x) * scale), Float((label.station.y - map.bounds.y) * scale))
            // The placed label of this station: set flat (wider than tall), beside its station.
            guard let index = drawing.labels.firstIndex(where: { $0.text == label.text && $0.station == label.station }),
                  let placed = layout.placed.first(where: { $0.labelIndex == index }) else { continue }
            #expect(placed.textBounds.maxX - placed.textBounds.minX > placed.textBounds.maxY - placed.textBounds.minY)
            let gapX = max(placed.bounds.minX - station.x, 0, station.x - placed.bounds.maxX)
            let gapY = max(placed.bounds.minY - station.y, 0, station.y - placed.bounds.maxY)
            // Within the nearer candidates' reach (3 label heights), never a last resort far away.
            #expect((gapX * gapX + gapY * gapY).squareRoot() < 3 * MapStyle().labelPixels() + 24, "\(label.text)")
            checked += 1
        }
        // Some are kept off the scheme's own captions and have no place at this scale.
        #expect(checked >= vertical.count / 3)
    }
}
