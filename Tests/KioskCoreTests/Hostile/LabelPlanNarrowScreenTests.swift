import Foundation
import MetroMap
import Raster
import TestSupport
import Testing
@testable import Cartography
@testable import KioskCore

/// The home view's label plan on a narrow screen costs less work in a long line's stations (issue 38): a screen
/// 3 px wide fits a diagonal of thousands of stations at a tiny scale, and a name beside the diagonal, clear of it at
/// every scale, looked at every stroke its box spanned at each of 64 levels: 1,250 / 2,500 / 5,000 stations cost
/// 76 M / 278 M / 996 M cells and strokes. The line grids now keep the box of what each cell holds and a query goes
/// down only into cells that may hold a hit. Counted (`LabelPlan.work`), never timed.
// Serialized: the cases share one Font, whose glyph caches are not thread-safe.
@Suite(.serialized)
struct LabelPlanNarrowScreenTests {
    static let font = try! Font.loadDefault()

    /// The plan over the zoom range a `screenWidth`-pixel-wide screen gives the diagonal (fitted to the width).
    static func plan(stations count: Int, screenWidth: Double) -> LabelPlan {
        let map = LabelPlanWorkScaleTests.diagonal(stations: count)
        let fonts = FontStack(fonts: [font])
        return LabelPlan(drawing: MapDrawing(map: map), style: MapStyle(), fonts: fonts, widths: TextWidthCache(fonts: fonts),
                         zoom: screenWidth / map.bounds.width...4)
    }

    @Test(.timeLimit(.minutes(10)))
    func fourTimesTheStationsCostAtMostAboutFourTimesTheWork() {
        // 625 and 2,500 stations: the same growth as 1,250 and 5,000 (6.0× against 5.9×) at 40 % of the work, the
        // longest test of `swift test` at the larger pair.
        let small = Self.plan(stations: 625, screenWidth: 3), large = Self.plan(stations: 2_500, screenWidth: 3)
        // Before the grids: 76.0 M, 278 M and 995.6 M for 1,250, 2,500 and 5,000 (3.6× a doubling, so about 13× for
        // 4× the stations at any size). Now 9.3 M and 55.5 M (6.0×). Linear would be 4× (the larger map's ladder has
        // one level more): the rest is strokes a few pixels from a name, under a station mark's reach but not a
        // line's, which a query still looks at one by one at small scales. This guards what is won.
        #expect(Double(large.work) <= 6.5 * Double(small.work), "625: \(small.work), 2,500: \(large.work)")
        #expect(large.work <= 80_000_000, "2,500: \(large.work)")
        #expect(small.placements.allSatisfy { $0 != nil } && large.placements.allSatisfy { $0 != nil })
    }

    /// The grids answer every query as scanning every stroke does: over Moscow's scheme and the diagonal, boxes of
    /// every size at scales from the overview up, on and beside the lines and the stations.
    @Test func theGridsPassNoStrokeBy() throws {
        let moscow = try PMetroImporter.importCity(directory: RepositoryPaths.sharedData("maps/pmetro-moscow").path).map
        for map in [moscow, LabelPlanWorkScaleTests.diagonal(stations: 2_000)] {
            let drawing = MapDrawing(map: map)
            let grids = LineObstacles(drawing: drawing, style: MapStyle())
            var scan = LineObstacles(drawing: drawing, style: MapStyle())
            scan.scansEveryStroke = true
            var random = SplitMix64(seed: 38)
            var hits = 0, nearer = 0
            for _ in 0..<3_000 {
                let scale = pow(2, Double(random.next() % 160) / 10 - 10)
                let station = drawing.stations[Int(random.next() % UInt64(drawing.stations.count))].position
                let x = Float((station.x - drawing.bounds.x) * scale) + Float(Int(random.next() % 121) - 60)
                let y = Float((station.y - drawing.bounds.y) * scale) + Float(Int(random.next() % 121) - 60)
                let rect = Rect(minX: x, minY: y, maxX: x + Float(random.next() % 200), maxY: y + Float(random.next() % 60))
                let hit = grids.hits(rect, scale: scale, origin: drawing.bounds.origin, clearance: 1)
                #expect(hit == scan.hits(rect, scale: scale, origin: drawing.bounds.origin, clearance: 1), "\(rect) at \(scale)")
                let isNearer = grids.isNearerToAnotherStation(rect, scale: scale, origin: drawing.bounds.origin, own: [station])
                #expect(isNearer == scan.isNearerToAnotherStation(rect, scale: scale, origin: drawing.bounds.origin, own: [station]),
                        "\(rect) at \(scale)")
                hits += hit ? 1 : 0
                nearer += isNearer ? 1 : 0
            }
            // Both answers come out both ways, so the comparison means something.
            #expect(hits > 50 && hits < 2_950 && nearer > 50 && nearer < 2_950, "hits \(hits), nearer \(nearer)")
        }
    }
}
