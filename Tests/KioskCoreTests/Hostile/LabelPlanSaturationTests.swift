import Foundation
import MetroMap
import Raster
import TestSupport
import Testing
@testable import Cartography
@testable import KioskCore

/// The whole label plan costs work linear in the stations (issue 38): each query was linear, but at the overview of
/// a long line thousands of names each tried every candidate at every small scale (a 20,000-stop diagonal: 518.8 M
/// cells and strokes looked at, against 45.3 M for 5,000). A level where `LabelPlan.saturation` names in a row found
/// no place is skipped for the rest, who are tried again one level up. Counted (`LabelPlan.work`), never timed.
// Serialized: the cases share one Font, whose glyph caches are not thread-safe.
@Suite(.serialized)
struct LabelPlanSaturationTests {
    static let font = try! Font.loadDefault()

    static func plan(_ map: MetroMap, saturation: Int = LabelPlan.saturation) -> LabelPlan {
        let fonts = FontStack(fonts: [font])
        return LabelPlan(drawing: MapDrawing(map: map), style: MapStyle(), fonts: fonts, widths: TextWidthCache(fonts: fonts),
                         zoom: MapSceneBuilder.defaultLabelZoom(map.bounds), saturation: saturation)
    }

    @Test func fourTimesTheStopsCostAtMostAboutFourTimesTheWork() {
        let small = Self.plan(LabelPlanWorkScaleTests.diagonal(stations: 5_000))
        let large = Self.plan(LabelPlanWorkScaleTests.diagonal(stations: 20_000))
        // 15.0 M and 40.9 M; without the cap 23.0 M and 261.6 M (11.4×).
        #expect(Double(large.work) <= 4.5 * Double(small.work), "5,000: \(small.work), 20,000: \(large.work)")
        // Names passed over at the saturated overview are placed one level up or later: at the top every stop is named.
        #expect(small.placements.allSatisfy { $0 != nil } && large.placements.allSatisfy { $0 != nil })
    }

    /// A real overview is not cut short: Moscow's dense centre has long runs of names that find no place at the
    /// smallest scales followed by some that do, and the cap leaves every placement as it was without it.
    @Test func moscowsPlanIsTheOneMadeWithoutTheCap() throws {
        let map = try PMetroImporter.importCity(directory: RepositoryPaths.sharedData("maps/pmetro-moscow").path).map
        let capped = Self.plan(map), uncapped = Self.plan(map, saturation: .max)
        let moved = zip(capped.placements, uncapped.placements).filter { a, b in
            (a == nil) != (b == nil) || a?.appearance != b?.appearance || a?.candidate.station != b?.candidate.station
                || a?.candidate.side != b?.candidate.side || a?.candidate.distance != b?.candidate.distance
                || a?.candidate.bearing != b?.candidate.bearing || a?.candidate.onPlate != b?.candidate.onPlate
                || a?.candidate.lines.count != b?.candidate.lines.count
        }
        #expect(moved.isEmpty, "\(moved.count) of \(map.stations.count) placements differ")
    }
}
