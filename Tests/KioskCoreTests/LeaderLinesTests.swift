import Foundation
import MetroMap
import Physics
import Raster
import Testing
@testable import Cartography
@testable import KioskCore

/// A name set far from its station is joined to it by a leader (issue 29): the leader runs through no other name, is
/// no longer than the stated bound, and starts with a dot at the station's mark. Counted at twice the fitted 1080p
/// home view, where the hubs' leaders are.
@Suite(.serialized)
struct LeaderLinesTests {
    /// On main leaders ran through other names at 2×: Moscow 4, New York 5, Berlin 3.
    @Test(arguments: ["pmetro-moscow", "pmetro-new-york", "pmetro-berlin"])
    func leadersRunThroughNoName(city: String) throws {
        let audit = try InterchangesAtTwiceTests.twice(city: city).audit
        #expect(audit.leaderLines > 0)
        #expect(audit.leaderCrossings == 0)
    }

    /// A hub's name is joined across the lines from a plate alone, and only where no place whose leader keeps clear
    /// of them is free: at 2× every leader across lines is a plated hub's. On main Moscow had 15 such leaders, New York
    /// 9 (3 of them hubs' unplated names), Berlin 4; naming more hubs at 2× costs Moscow one more, Berlin one.
    @Test(arguments: [("pmetro-moscow", 16), ("pmetro-new-york", 10), ("pmetro-berlin", 5)])
    func onlyPlatedHubsAreJoinedAcrossLines(city: String, bound: Int) throws {
        let (audit, builder, camera) = try InterchangesAtTwiceTests.twice(city: city)
        #expect(audit.leadersAcrossLines <= bound)
        let drawing = builder.drawing
        let obstacles = LineObstacles(drawing: drawing, style: builder.style)
        for label in builder.placedLabels(scale: camera.scale) ?? [] {
            guard let leader = label.leader,
                  obstacles.leaderCrossesLine(leader, scale: camera.scale, origin: drawing.bounds.origin) else { continue }
            #expect(label.onPlate && drawing.labels[label.labelIndex].rank == .interchange, "\(drawing.labels[label.labelIndex].text)")
        }
    }

    /// No leader is longer than `LabelPlan.farthestLeader` label sizes past the station's mark and its clearance.
    @Test func leadersStayWithinTheirBound() throws {
        let (_, builder, camera) = try InterchangesAtTwiceTests.twice(city: "pmetro-moscow")
        let leaders = (builder.placedLabels(scale: camera.scale) ?? []).compactMap(\.leader)
        #expect(leaders.count > 20)
        let style = builder.style
        let radius = style.stationRadiusPixels(scale: camera.scale)
        let bound = LabelPlan.farthestLeader * style.labelPixels() + radius + Float(style.labelLineClearancePixels)
            + Float(style.labelMarginPixels) + 1
        for leader in leaders {
            let length = ((leader.to.x - leader.from.x) * (leader.to.x - leader.from.x)
                + (leader.to.y - leader.from.y) * (leader.to.y - leader.from.y)).squareRoot()
            #expect(length <= bound)
        }
    }

    /// Each leader drawn starts with a dot in the label colour at its station's end.
    @Test func eachLeaderStartsWithADot() throws {
        let (_, builder, camera) = try InterchangesAtTwiceTests.twice(city: "pmetro-moscow")
        let offsetX = Int(camera.offset.x.rounded()), offsetY = Int(camera.offset.y.rounded())
        let scene = builder.scene(offsetX: offsetX, offsetY: offsetY, scale: camera.scale,
                                  visible: IntRect(x0: 0, y0: 0, x1: 1920, y1: 1080))
        let dots = scene.commands.compactMap { command -> Raster.Point? in
            if case .circle(let centre, _, let color) = command, color == builder.style.labelColor { return centre }
            return nil
        }
        let view = Rect(minX: Float(offsetX), minY: Float(offsetY), maxX: Float(offsetX + 1920), maxY: Float(offsetY + 1080))
        let starts = (builder.placedLabels(scale: camera.scale) ?? []).filter { $0.bounds.overlaps(view) }.compactMap(\.leader)
            .map { Raster.Point($0.from.x - Float(offsetX), $0.from.y - Float(offsetY)) }
        #expect(starts.count > 10)
        for start in starts {
            #expect(dots.contains { abs($0.x - start.x) < 0.01 && abs($0.y - start.y) < 0.01 })
        }
    }
}
