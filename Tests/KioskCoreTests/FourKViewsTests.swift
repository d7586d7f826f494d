import Foundation
import MetroMap
import Testing
@testable import Cartography
@testable import KioskCore

/// The figures of issue 29 on a 3840 × 2160 screen, held where they matter: its hubs named at 2× (Moscow, Berlin,
/// New York, the cities with the most interchanges in view: every one, drawn or just past the frame's edge) and every
/// interchange of the home view named where it is on 1080p too few (Singapore names 9 of 25 on 1920 × 1080, all 25
/// on 4K; São Paulo 7 of 9, all 9). On every view no name across a line, over another, over the scheme's captions,
/// nearer another station or crossed by a leader. One view per city: each is a whole plan for the city at 4K, and
/// the label suites are among the slowest.
@Suite(.serialized)
struct FourKViewsTests {
    @Test(arguments: [("pmetro-moscow", 2.0, 117, 115), ("pmetro-berlin", 2, 46, 46), ("pmetro-new-york", 2, 28, 27),
                      ("pmetro-singapore", 1, 25, 25), ("pmetro-san-paulo", 1, 9, 9)])
    func aFourKViewNamesItsHubsAndAuditsClean(city: String, factor: Double, inView: Int, drawn: Int) throws {
        let audit = try InterchangesAtTwiceTests.view(city: city, width: 3840, height: 2160, factor: factor).audit
        #expect(audit.interchanges.count == inView)
        #expect(audit.interchanges.count(where: \.labelled) >= drawn,
                "undrawn: \(audit.interchanges.filter { !$0.labelled }.map(\.name))")
        let unnamed = audit.interchanges.filter { !$0.named }.map(\.name)
        #expect(unnamed.isEmpty, "unnamed: \(unnamed)")
        #expect(audit.crossingLine == 0 && audit.overlapping == 0 && audit.cutByFrame == 0, "\(audit.json)")
        #expect(audit.overBackground == 0 && audit.labelsNearerAnotherStation == 0 && audit.leaderCrossings == 0,
                "\(audit.json)")
        #expect(audit.farthestLabelMillimetres <= 6.5, "\(audit.json)")
    }
}
