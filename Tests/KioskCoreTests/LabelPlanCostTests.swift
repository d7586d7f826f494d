import Foundation
import MetroMap
import Testing
@testable import Cartography
@testable import KioskCore

/// What New York's label plan costs, counted (`LabelPlan.work`: candidates tried, boxes tested, grid cells and strokes
/// looked at), never timed: it is made on every map load, and letting more hubs' names move made it creep up (debug
/// build, portrait: 41.9 s before the boxes were indexed, 11.1 s after). New York is the costliest shared city; its
/// plan costs 47.2 million at 1920 × 1080 and 140.6 million at 1080 × 1920 (more levels to the maximum scale). The
/// bounds leave about a seventh for new rules: a rule that costs more should win that back first.
@Suite(.serialized)
struct LabelPlanCostTests {
    @Test(arguments: [(1920, 1080, 55_000_000), (1080, 1920, 160_000_000)])
    func newYorksPlanStaysWithinItsWork(width: Int, height: Int, bound: Int) throws {
        let builder = try InterchangesAtTwiceTests.view(city: "pmetro-new-york", width: width, height: height, factor: 1).builder
        let fonts = try #require(builder.fonts), widths = try #require(builder.textWidths)
        let work = builder.labelPlan(fonts: fonts, widths: widths).work
        #expect(work <= bound, "\(width)×\(height): \(work)")
    }
}
