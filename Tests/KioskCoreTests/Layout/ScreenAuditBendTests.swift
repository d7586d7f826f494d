import Physics
import Testing
@testable import KioskCore

/// `audit-screen` counts a route's bends as it counts its stations: a ride that swings out past both its stations
/// can be hidden under the card or cut by the screen's edge there while every station shows.
struct ScreenAuditBendTests {
    static let card = ScreenRect(x: 0, y: 600, width: 500, height: 200)

    static func audit(bends: [ScreenPoint]?) -> ScreenAudit {
        ScreenAudit(width: 1280, height: 800, route: [ScreenPoint(x: 700, y: 300), ScreenPoint(x: 900, y: 300)], labels: [],
                    youAreHere: ScreenRect(x: 650, y: 150, width: 100, height: 80), regions: [Self.card], scale: 1, bends: bends)
    }

    @Test func bendsUnderAnElementOrOffTheScreenAreProblems() {
        let clear = Self.audit(bends: [ScreenPoint(x: 800, y: 500)])
        #expect(clear.routeBends == 1 && clear.hiddenRouteBends == 0 && clear.cutRouteBends == 0 && clear.problems == 0)
        let hidden = Self.audit(bends: [ScreenPoint(x: 800, y: 500), ScreenPoint(x: 300, y: 700)])
        #expect(hidden.hiddenRouteBends == 1 && hidden.cutRouteBends == 0 && hidden.problems == 1)
        let cut = Self.audit(bends: [ScreenPoint(x: 800, y: 850), ScreenPoint(x: -3, y: 300)])
        #expect(cut.cutRouteBends == 2 && cut.hiddenRouteBends == 0 && cut.problems == 2)
        #expect(cut.json.contains("\"cut_route_bends\":2") && cut.json.contains("\"route_bends\":2"))
    }

    @Test func unmeasuredBendsAreLeftOutOfTheJSON() {
        let audit = Self.audit(bends: nil)
        #expect(audit.routeBends == nil && audit.problems == 0)
        #expect(!audit.json.contains("bends"))
    }
}
