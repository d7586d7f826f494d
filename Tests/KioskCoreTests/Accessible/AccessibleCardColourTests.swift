import MetroMap
import Overlay
import Raster
import Testing
@testable import KioskCore

/// In accessible mode the map's lines and the journey's route are recoloured; the journey card beside them must show
/// its lines (the station's roundels, the steps' bars) in those colours too, or the traveller matches the card's bar to
/// the wrong line on the map.
struct AccessibleCardColourTests {
    /// The card's ride bars and roundels as drawn, against the colours of the route's rides and the map's lines.
    private func colours(_ loop: KioskLoop) throws -> (rides: Set<Color>, route: Set<Color>, roundels: Set<Color>, map: Set<Color>) {
        let journey = try #require(loop.journey)
        let content = try #require(journey.card.drawnContent)
        return (Set(content.steps.filter { $0.kind == .ride }.compactMap(\.color)),
                Set(journey.route.shownHops.filter { !$0.isWalk }.map(\.color)),
                Set(content.station.lines.map(\.color)),
                Set(loop.renderer.builder.drawing.lineColorsByID.values))
    }

    @Test func aCardShownInAccessibleModeIsInTheMapsColours() throws {
        let loop = try AccessibleModeTests.demoLoop("accessible_default = true\n")
        #expect(loop.showJourney(to: "bastion"))
        _ = try loop.turn()
        let drawn = try colours(loop)
        #expect(!drawn.rides.isEmpty && drawn.rides == drawn.route, "the card's ride bars \(drawn.rides), the route \(drawn.route)")
        #expect(!drawn.roundels.isEmpty && drawn.roundels.isSubset(of: drawn.map), "roundels \(drawn.roundels)")
    }

    @Test func aCardOnScreenFollowsTheToggle() throws {
        let loop = try AccessibleModeTests.demoLoop()
        #expect(loop.showJourney(to: "bastion"))
        _ = try loop.turn()
        let before = try colours(loop)
        #expect(before.rides == before.route)
        loop.perform([.toggleAccessible], time: 1_000_000)
        _ = try loop.turn()
        let after = try colours(loop)
        #expect(after.rides == after.route && after.roundels.isSubset(of: after.map))
        #expect(after.rides != before.rides, "the accessible palette changes at least one of the card's lines")
    }
}
