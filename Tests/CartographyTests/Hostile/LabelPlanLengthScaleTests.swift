import MetroMap
import Raster
import Testing
@testable import Cartography

/// Label placement costs work linear in what is drawn, not in the square of one segment's length or of the bounds
/// against the screen (issue 38's Proof): the plan for a two-station map is made for a quarter of the length or
/// bounds and for the whole, and its counted work (`LabelPlan.work`: candidates, boxes and the grid cells and
/// strokes looked at, plus the cells the line is filed under) may grow at most four and a half times. Never timed.
// Serialized: the cases share one Font, whose glyph caches are not thread-safe.
@Suite(.serialized)
struct LabelPlanLengthScaleTests {
    static let font = try! Font.loadDefault()

    static func work(_ map: MetroMap) -> (plan: Int, cells: Int, placed: Int) {
        let fonts = FontStack(fonts: [font]), drawing = MapDrawing(map: map)
        let plan = LabelPlan(drawing: drawing, style: MapStyle(), fonts: fonts, widths: TextWidthCache(fonts: fonts),
                             zoom: MapSceneBuilder.defaultLabelZoom(map.bounds))
        return (plan.work, plan.obstacles.cells.count, plan.placements.count { $0 != nil })
    }

    /// A diagonal from corner to corner of its bounds: 75,000 and 300,000 units.
    @Test func aFourTimesLongerDiagonalCostsAtMostFourTimesTheWork() {
        func diagonal(_ length: Double) -> MetroMap {
            LabelPlacementScaleTests.twoStations(bounds: length, from: SchemePoint(x: 0, y: 0), to: SchemePoint(x: length, y: length))
        }
        let short = Self.work(diagonal(75_000)), long = Self.work(diagonal(300_000))
        #expect(short.placed == 2 && long.placed == 2)
        // 818 + 3,125 cells and 833 + 12,501: the cells grow with the length, the plan's own work not at all.
        #expect(Double(long.plan) <= 1.5 * Double(short.plan), "75,000: \(short.plan), 300,000: \(long.plan)")
        #expect(Double(long.plan + long.cells) <= 4.5 * Double(short.plan + short.cells),
                "75,000: \(short.plan) + \(short.cells) cells, 300,000: \(long.plan) + \(long.cells) cells")
    }

    /// A small map in a corner of bounds of 250,000 and 1,000,000 units: the screen (64 × 40 fitted) sees four
    /// times less of it, and the plan's work may not grow with that ratio.
    @Test func fourTimesTheBoundsCostAtMostFourTimesTheWork() {
        func corner(_ bounds: Double) -> MetroMap {
            LabelPlacementScaleTests.twoStations(bounds: bounds, from: SchemePoint(x: 10, y: 10), to: SchemePoint(x: 20, y: 20))
        }
        let small = Self.work(corner(250_000)), large = Self.work(corner(1_000_000))
        #expect(small.placed == 2 && large.placed == 2)
        // 2,193 + 1 cell and 2,313 + 1: the ratio of the bounds to the screen costs nothing.
        #expect(Double(large.plan) <= 1.5 * Double(small.plan), "250,000: \(small.plan), 1,000,000: \(large.plan)")
        #expect(Double(large.plan + large.cells) <= 4.5 * Double(small.plan + small.cells),
                "250,000: \(small.plan) + \(small.cells) cells, 1,000,000: \(large.plan) + \(large.cells) cells")
    }
}
