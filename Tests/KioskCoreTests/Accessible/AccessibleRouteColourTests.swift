import MetroMap
import Overlay
import Raster
import Testing
@testable import KioskCore

/// In accessible mode the map's lines are recoloured; the journey's route is drawn over them and must be the colour
/// its lines are drawn in, or the traveller reads the route as another line.
struct AccessibleRouteColourTests {
    /// The colour each ride of the shown route is drawn in, against the colour the map draws its line in.
    private func rideColours(_ loop: KioskLoop) throws -> [(route: Color, map: Color)] {
        let journey = try #require(loop.journey)
        let drawn = loop.renderer.builder.drawing.lineColorsByID
        return try journey.route.shownHops.filter { !$0.isWalk }.map { hop in
            let line = try #require(hop.lineID)
            return (hop.color, try #require(drawn[line]))
        }
    }

    @Test func aRouteShownInAccessibleModeIsInTheAccessibleColours() throws {
        let loop = try AccessibleModeTests.demoLoop("accessible_default = true\n")
        #expect(loop.showJourney(to: "bastion"))
        _ = try loop.turn()
        let rides = try rideColours(loop)
        #expect(!rides.isEmpty)
        for ride in rides { #expect(ride.route == ride.map) }
    }

    @Test func aRouteOnScreenFollowsTheToggle() throws {
        let loop = try AccessibleModeTests.demoLoop()
        #expect(loop.showJourney(to: "bastion"))
        _ = try loop.turn()
        let before = try rideColours(loop).map(\.route)
        loop.perform([.toggleAccessible], time: 1_000_000)
        _ = try loop.turn()
        let after = try rideColours(loop)
        for ride in after { #expect(ride.route == ride.map) }
        #expect(after.map(\.route) != before, "the accessible palette changes at least one of the route's lines")
    }
}
