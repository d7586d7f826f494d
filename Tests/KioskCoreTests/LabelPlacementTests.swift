import Foundation
import MetroMap
import struct Physics.ScreenSize
import Raster
import TestSupport
import Testing
@testable import Cartography
@testable import KioskCore

/// Labels on real schemes: never across a line, over another label or past the map's frame; every name at some
/// zoom up to max_scale; a label shown at two zoom levels stays where it was beside its station.
// Serialized: the cases share one Font, whose glyph caches are not thread-safe (a parallel run aborted in CI).
@Suite(.serialized)
struct LabelPlacementTests {
    static let font = try! Font.loadDefault()

    static var cities: [String] {
        let folders = (try? FileManager.default.contentsOfDirectory(atPath: RepositoryPaths.sharedData("maps").path)) ?? []
        return folders.filter { $0.hasPrefix("pmetro-") }.sorted()
    }

    static func builder(_ map: MetroMap, viewport: ScreenSize, style: MapStyle = MapStyle()) -> MapSceneBuilder {
        let fitting = CameraGeometry(map: map, viewport: viewport).fittingScale
        return MapSceneBuilder(drawing: MapDrawing(map: map), style: style, font: font, labelZoom: fitting...max(4, fitting))
    }

    @Test func everySchemeInTheSharedDataIsAudited() {
        #expect(Self.cities.count >= 8, "\(Self.cities)")
    }

    @Test(arguments: cities)
    func aCityAuditsCleanAtHomeTwiceAndFourTimes(city: String) throws {
        let map = try PMetroImporter.importCity(directory: RepositoryPaths.sharedData("maps/" + city).path).map
        let viewport = ScreenSize(width: 1920, height: 1080)
        let geometry = CameraGeometry(map: map, viewport: viewport)
        let builder = Self.builder(map, viewport: viewport)
        let zoom = builder.labelZoom
        let centre = SchemePoint(x: map.bounds.x + map.bounds.width / 2, y: map.bounds.y + map.bounds.height / 2)
        var overlay = try KioskConfigLoader.load(contentsOf: RepositoryPaths.file("configs/demo.toml").path)
        overlay.map.youAreHere = nil
        overlay.map.legend = .topLeft
        let fonts = FontStack(fonts: [Self.font])
        for factor in [1.0, 2, 4] {
            let camera = geometry.camera(centredOn: centre, scale: geometry.fittingScale * factor)
            let audit = MapAudit(builder: builder, view: MapFrameRenderer.View(camera: camera), viewport: viewport, zoom: zoom)
            #expect(audit.crossingLine == 0 && audit.overlapping == 0 && audit.cutByFrame == 0, "\(city) ×\(factor): \(audit.json)")
            #expect(audit.labelledInView > 0, "\(city) ×\(factor): \(audit.json)")
            // Off the scheme's own captions and bullets, beside their own station (or joined to it by a leader), and
            // within about 1.5 cap heights of the mark (4.5 mm at 3 mm capitals; the clearance kept from a mark's
            // outline grows with the zoom, so at 4× a name may sit up to 6.3 mm from its dot, Washington's farthest).
            #expect(audit.overBackground == 0 && audit.labelsNearerAnotherStation == 0, "\(city) ×\(factor): \(audit.json)")
            #expect(audit.farthestLabelMillimetres <= 6.5, "\(city) ×\(factor): \(audit.json)")
            if factor == 2 {
                // Interchanges with no clear place go on a white plate over the lines, beside the mark or further out
                // on a leader across them: at least 83 % named at 2× (Moscow 32/117 before plates, 85 with plates
                // beside the mark, 98 with leaders too; London, Tokyo and five more name all). New York's whole
                // scheme with its insets at 2× has Manhattan's marks closer than a name's height: 31/81, now 41/81.
                let named = audit.interchanges.filter(\.labelled).count
                let floor = city == "pmetro-new-york" ? 0.5 : 0.83
                #expect(Double(named) >= floor * Double(audit.interchanges.count), "\(city) ×2: \(named)/\(audit.interchanges.count)")
            }
            // With the demo's controls and a legend at rest over the view, as the kiosk shows it: no name drawn under
            // one (the + button once hid "Three Roads").
            builder.overlayRegions = KioskControls.labelRegionsAtRest(config: overlay, metroMap: map, fonts: fonts, width: 1920,
                                                                      height: 1080, camera: camera)
            let covered = MapAudit(builder: builder, view: MapFrameRenderer.View(camera: camera), viewport: viewport, zoom: zoom)
            builder.overlayRegions = []
            #expect(covered.labelsUnderElements == 0 && covered.crossingLine == 0 && covered.overlapping == 0,
                    "\(city) ×\(factor) with the overlay: \(covered.json)")
            #expect(covered.json.contains("\"labels_under_elements\":0"))
            if factor == 1 {
                #expect(audit.unlabelledAtEveryZoom.isEmpty, "\(city): \(audit.unlabelledAtEveryZoom)")
                #expect(audit.namedInView == audit.namedStations)
            }
        }
    }

    /// A name on a plate is an interchange's, over the lines but clear of every station mark, and drawn on a plate of
    /// the background's colour under its text.
    @Test func platesAreForInterchangesAndDrawnUnderTheirText() throws {
        let map = try PMetroImporter.importCity(directory: RepositoryPaths.sharedData("maps/pmetro-moscow").path).map
        let viewport = ScreenSize(width: 1920, height: 1080)
        let geometry = CameraGeometry(map: map, viewport: viewport)
        let builder = Self.builder(map, viewport: viewport)
        let centre = SchemePoint(x: map.bounds.x + map.bounds.width / 2, y: map.bounds.y + map.bounds.height / 2)
        let view = MapFrameRenderer.View(camera: geometry.camera(centredOn: centre, scale: geometry.fittingScale * 2))
        let placed = try #require(builder.placedLabels(scale: view.scale))
        let plated = placed.filter(\.onPlate)
        #expect(plated.count >= 10, "Moscow's centre at 2× needs plates: \(plated.count)")
        let drawing = builder.drawing, obstacles = LineObstacles(drawing: drawing, style: builder.style)
        for label in plated {
            #expect(drawing.labels[label.labelIndex].rank == .interchange)
            #expect(!obstacles.hits(label.textBounds, scale: view.scale, origin: drawing.bounds.origin, clearance: 0, kinds: [.station]))
        }
        // Where no plate beside the hub is free, one further out joined by a leader (Курская, Чкаловская at 2×): its
        // leader crosses lines but no other station's mark.
        let leadered = plated.filter { $0.leader != nil }
        #expect(!leadered.isEmpty, "plates on a leader at 2× in Moscow")
        for label in leadered {
            let leader = try #require(label.leader)
            let own = [drawing.labels[label.labelIndex].station] + drawing.labels[label.labelIndex].otherStations
            let platforms = own.flatMap { point in drawing.interchanges.first { $0.stations.contains(point) }?.stations ?? [] }
            #expect(!obstacles.leaderMeetsAnotherStation(leader, scale: view.scale, origin: drawing.bounds.origin,
                                                         own: own + platforms))
        }
        let scene = builder.scene(offsetX: view.offsetX, offsetY: view.offsetY, scale: view.scale,
                                  visible: IntRect(x: 0, y: 0, width: 1920, height: 1080))
        let plates = scene.commands.filter { if case let .rect(_, color) = $0 { color == builder.style.background } else { false } }
        let onScreen = plated.filter { $0.bounds.maxX > Float(view.offsetX) && $0.bounds.minX < Float(view.offsetX + 1920)
            && $0.bounds.maxY > Float(view.offsetY) && $0.bounds.minY < Float(view.offsetY + 1080) }
        #expect(plates.count == onScreen.count && !plates.isEmpty)
    }

    /// New York's extra schemes sit beside the main one in frames (Staten Island's railway among them): a name of a
    /// station inside a frame stays inside it at every zoom, where it once spilled over the edge onto the map beside.
    @Test func insetNamesStayInsideTheirFrames() throws {
        let map = try PMetroImporter.importCity(directory: RepositoryPaths.sharedData("maps/pmetro-new-york").path).map
        #expect(!map.insets.isEmpty)
        let viewport = ScreenSize(width: 1920, height: 1080)
        let builder = Self.builder(map, viewport: viewport)
        let origin = map.bounds
        var held = 0
        for factor in [1.0, 1.5, 2, 3, 4] {
            let scale = builder.labelZoom.lowerBound * factor
            for label in try #require(builder.placedLabels(scale: scale)) {
                guard let frame = map.insets.first(where: { $0.contains(label.anchor) }) else { continue }
                held += 1
                let box = label.textBounds
                let inside = Double(box.minX) >= (frame.x - origin.x) * scale && Double(box.maxX) <= (frame.maxX - origin.x) * scale
                    && Double(box.minY) >= (frame.y - origin.y) * scale && Double(box.maxY) <= (frame.maxY - origin.y) * scale
                #expect(inside, "×\(factor): \(label.lines.map(\.text)) past its inset's frame")
            }
        }
        #expect(held > 20, "names inside New York's insets: \(held)")
    }

    /// The audit counts what the old placement did wrong: a label put on top of a line is counted as crossing it.
    @Test func theAuditSeesALabelAcrossALine() throws {
        let map = try PMetroImporter.importCity(directory: RepositoryPaths.sharedData("maps/pmetro-moscow").path).map
        let builder = Self.builder(map, viewport: ScreenSize(width: 1920, height: 1080))
        let drawing = builder.drawing
        let obstacles = LineObstacles(drawing: drawing, style: builder.style)
        let piece = try #require(drawing.pieces.first { !$0.isSmooth && $0.knots.count == 2 })
        let scale = 1.0
        let middle = SchemePoint(x: (piece.knots[0].x + piece.knots[1].x) / 2, y: (piece.knots[0].y + piece.knots[1].y) / 2)
        let at = Raster.Point(Float(middle.x - drawing.bounds.x), Float(middle.y - drawing.bounds.y))
        let origin = drawing.bounds.origin
        #expect(obstacles.hits(Rect(minX: at.x - 30, minY: at.y - 8, maxX: at.x + 30, maxY: at.y + 8), scale: scale,
                               origin: origin, clearance: 0, kinds: [.line]))
        // Far outside the scheme nothing is hit.
        #expect(!obstacles.hits(Rect(minX: -5000, minY: -5000, maxX: -4900, maxY: -4980), scale: scale, origin: origin, clearance: 0))
    }

    /// Zooming in keeps every label that was shown (the plan's appearance scales only ever add labels), and each
    /// keeps its side of its station.
    @Test(arguments: ["pmetro-moscow", "pmetro-london"])
    func zoomingInOnlyAddsLabels(city: String) throws {
        let map = try PMetroImporter.importCity(directory: RepositoryPaths.sharedData("maps/" + city).path).map
        let builder = Self.builder(map, viewport: ScreenSize(width: 1920, height: 1080))
        let scales = LabelPlan.ladder(builder.labelZoom)
        var previous: [Int: Rect] = [:]
        var dropped = 0, kept = 0
        for scale in scales {
            let placed = try #require(builder.placedLabels(scale: scale))
            let now = Dictionary(uniqueKeysWithValues: placed.map { ($0.labelIndex, $0.textBounds) })
            for (index, _) in previous { if now[index] == nil { dropped += 1 } else { kept += 1 } }
            previous = now
        }
        #expect(dropped == 0 && kept > 100, "\(dropped) labels dropped while zooming in, \(kept) kept")
    }

    /// A label shown at two zoom levels, with its station at the same pixel, shows the same text at the same pixels
    /// (sampled over labels of Moscow; the station marks are kept one size so the gap beside them is the same).
    @Test func aLabelDoesNotMoveBetweenTwoZoomLevels() throws {
        let map = try PMetroImporter.importCity(directory: RepositoryPaths.sharedData("maps/pmetro-moscow").path).map
        var style = MapStyle()
        style.minimumStationRadiusPixels = 9
        let builder = Self.builder(map, viewport: ScreenSize(width: 1920, height: 1080), style: style)
        let low = builder.labelZoom.lowerBound * 1.3, high = low * 1.6
        let drawing = builder.drawing
        let lowLabels = try #require(builder.placedLabels(scale: low))
        let highLabels = Dictionary(uniqueKeysWithValues: try #require(builder.placedLabels(scale: high)).map { ($0.labelIndex, $0) })
        let sample = lowLabels.filter { highLabels[$0.labelIndex] != nil }.prefix(12)
        #expect(sample.count == 12)
        /// The ink in a box: how much darker than white it is, summed, and where its weight lies (anti-aliased
        /// edges count by their coverage, so a sub-pixel shift does not move it).
        func darkCentroid(_ buffer: PixelBuffer, _ box: Rect) -> (count: Int, x: Double, y: Double) {
            var total = 0.0, sx = 0.0, sy = 0.0
            for y in max(Int(box.minY), 0)..<min(Int(box.maxY.rounded(.up)), buffer.height) {
                let row = buffer.row(y)
                for x in max(Int(box.minX), 0)..<min(Int(box.maxX.rounded(.up)), buffer.width) {
                    let p = row[x]
                    let luma = (Double((p >> 16) & 0xFF) * 3 + Double((p >> 8) & 0xFF) * 6 + Double(p & 0xFF)) / 10
                    let ink = max(170 - luma, 0)  // pale park and water fills carry none
                    total += ink; sx += Double(x) * ink; sy += Double(y) * ink
                }
            }
            return (Int(total / 170), total > 0 ? sx / total : 0, total > 0 ? sy / total : 0)
        }
        for label in sample {
            let station = label.anchor
            var measured: [(count: Int, x: Double, y: Double)] = []
            for scale in [low, high] {
                let placed = (scale == low ? label : highLabels[label.labelIndex]!)
                // The station drawn at pixel (300, 150); the text block relative to it in that frame.
                let worldStation = Raster.Point(Float((station.x - drawing.bounds.x) * scale), Float((station.y - drawing.bounds.y) * scale))
                let offsetX = Int(worldStation.x.rounded()) - 300, offsetY = Int(worldStation.y.rounded()) - 150
                let renderer = MapFrameRenderer(width: 600, height: 300, builder: builder)
                renderer.render(MapFrameRenderer.View(offsetX: offsetX, offsetY: offsetY, scale: scale), scaleSettled: true)
                let box = Rect(minX: placed.textBounds.minX - Float(offsetX), minY: placed.textBounds.minY - Float(offsetY),
                               maxX: placed.textBounds.maxX - Float(offsetX), maxY: placed.textBounds.maxY - Float(offsetY))
                // Where the text is relative to the station (300, 150) is what must not change.
                // Less the station's own sub-pixel position, which differs between the two scales.
                let ink = darkCentroid(renderer.buffer, box)
                measured.append((ink.count, ink.x - Double(worldStation.x - worldStation.x.rounded()),
                                 ink.y - Double(worldStation.y - worldStation.y.rounded())))
                #expect(abs(box.minX - (300 + (placed.textBounds.minX - worldStation.x).rounded())) < 1)
            }
            let name = drawing.labels[label.labelIndex].text
            // Glyphs land on whole pixels, so rounding may shift the ink by a pixel or two; a label that changed
            // sides or distance would move by a label height or more.
            #expect(measured[0].count > 20, "\(name)")
            #expect(abs(measured[0].x - measured[1].x) < 2.5 && abs(measured[0].y - measured[1].y) < 2.5,
                    "\(name) moved: \(measured)")
            #expect(abs(measured[0].count - measured[1].count) <= measured[0].count / 6, "\(name): \(measured)")
        }
    }
}

/// Lines sharing track between two stations are drawn side by side, each a stroke of its own in its colour.
struct SharedTrackTests {
    @Test func newYorksSharedTrackShowsEveryLine() throws {
        let map = try PMetroImporter.importCity(directory: RepositoryPaths.sharedData("maps/pmetro-new-york").path).map
        // Hops along the same path (stations and bends, to half a scheme unit: pMetro gives each line its own copy
        // of a shared station), served by several lines; each is looked at across its longest straight run.
        var byHop: [[Double]: (lines: Set<Int>, colours: Set<UInt32>)] = [:]
        for (number, line) in map.lines.enumerated() {
            // Straight runs only: a curve does not pass through the middle of its knots.
            for hop in line.hops where !(line.link(from: hop.from, to: hop.to)?.isSpline ?? false) {
                guard let a = map.station(id: hop.from)?.position, let b = map.station(id: hop.to)?.position else { continue }
                let knots = [a] + (line.link(from: hop.from, to: hop.to)?.bendPoints ?? []) + [b]
                // To half a unit; spelled out with its types, as the closure form took a second to type-check.
                func halves(_ point: SchemePoint) -> [Double] { [(point.x * 2).rounded() / 2, (point.y * 2).rounded() / 2] }
                let forward: [Double] = knots.flatMap(halves)
                let backward: [Double] = knots.reversed().flatMap(halves)
                let key = forward.lexicographicallyPrecedes(backward) ? forward : backward
                byHop[key, default: ([], [])].lines.insert(number)
                let red = UInt32(line.color.red), green = UInt32(line.color.green), blue = UInt32(line.color.blue)
                byHop[key, default: ([], [])].colours.insert(red << 16 | green << 8 | blue)
            }
        }
        func length(_ run: [Double]) -> Double { hypot(run[2] - run[0], run[3] - run[1]) }
        func longestRun(_ key: [Double]) -> [Double] {
            var best: [Double] = Array(key[0..<4])
            for start in stride(from: 2, to: key.count - 2, by: 2) where length(Array(key[start..<start + 4])) > length(best) {
                best = Array(key[start..<start + 4])
            }
            return best
        }
        let shared = byHop.filter { $0.value.lines.count >= 2 }.map { (hop: longestRun($0.key), lines: $0.value.lines, colours: $0.value.colours) }
            .filter { length($0.hop) > 30 }
            .sorted { $0.hop.lexicographicallyPrecedes($1.hop) }
        #expect(shared.count >= 20, "\(shared.count) shared hops")
        let builder = MapSceneBuilder(drawing: MapDrawing(map: map), font: nil)
        let scale = 2.0
        var checked = 0
        for (hop, lines, colours) in shared.prefix(12) {
            let middle = SchemePoint(x: (hop[0] + hop[2]) / 2, y: (hop[1] + hop[3]) / 2)
            let renderer = MapFrameRenderer(width: 200, height: 200, builder: builder)
            renderer.render(PMetroRenderingTests.view(map, showing: middle, at: 100, 100, scale: scale), scaleSettled: true)
            // Across the track through the middle of the run: one stripe per line, in the lines' colours.
            let nx = -(hop[3] - hop[1]) / length(hop), ny = (hop[2] - hop[0]) / length(hop)
            let reach = (map.lineWidth ?? 9) * scale * 1.25 * Double(lines.count) / 2 + 6
            var seen = Set<UInt32>()
            var stripes = 0, inStripe = false
            for step in stride(from: -reach, through: reach, by: 0.5) {
                let x = Int((100 + nx * step).rounded()), y = Int((100 + ny * step).rounded())
                let pixel = renderer.buffer.row(y)[x] & 0xFFFFFF
                let colour = colours.first { PMetroRenderingTests.isNear(pixel, $0, within: 40) }
                if let colour { seen.insert(colour) }
                if colour != nil && !inStripe { stripes += 1 }
                inStripe = colour != nil
            }
            #expect(seen == colours, "hop \(hop): saw \(seen.map { String($0, radix: 16) }) of \(colours.map { String($0, radix: 16) })")
            #expect(stripes == lines.count, "hop \(hop): \(stripes) stripes for \(lines.count) lines")
            checked += 1
        }
        #expect(checked == 12)
    }
}
