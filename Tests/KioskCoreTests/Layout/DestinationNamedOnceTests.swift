import Foundation
import MetroMap
import Overlay
import Raster
import TestSupport
import Testing
@testable import Cartography
@testable import KioskCore

/// While a route is shown its destination is named once, on its plate, as a journey planner's map names the chosen
/// place on its pin and drops the base map's own label of it: the map's label of the station is not drawn, and the
/// route's names over the veil leave it out. Before, Singapore's City Hall → Tiong Bahru read "Tiong Bahru" twice,
/// on the plate and beside the mark under it.
struct DestinationNamedOnceTests {
    /// The scene's text commands drawn at the baseline origins of `label`'s lines (output pixels).
    static func texts(of label: LabelLayout.PlacedLabel, in scene: Scene, offsetX: Int, offsetY: Int) -> Int {
        let origins = label.lines.map { Point($0.origin.x - Float(offsetX), $0.origin.y - Float(offsetY)) }
        return scene.commands.filter { command in
            guard case .text(let text) = command else { return false }
            return origins.contains { abs($0.x - text.origin.x) < 0.01 && abs($0.y - text.origin.y) < 0.01 }
        }.count
    }

    @Test(arguments: [(1920, 1080), (1080, 1920)])
    func theMapLeavesOutTheLabelOfTheDestinationItsPlateNames(width: Int, height: Int) throws {
        let (loop, _) = try RouteNamesOverVeilTests.routeAtRest(width: width, height: height)
        let journey = try #require(loop.journey)
        #expect(journey.route.destinationName == "Tiong Bahru", "the plate names the destination")
        #expect(journey.route.destinationPlate != nil)
        let destination = try #require(journey.map.station(id: "line1/Tiong Bahru")?.position)
        let builder = loop.renderer.builder
        // The destination, and the kiosk's own station, which the "You are here" callout names.
        let here = try #require(loop.youAreHere?.station)
        #expect(builder.namedByOverlay == [destination, here])

        let view = MapFrameRenderer.View(camera: loop.shifted(loop.camera.shownCamera))
        let placed = try #require(builder.placedLabels(scale: view.scale))
        let label = try #require(placed.first { $0.lines.map(\.text).joined(separator: " ") == "Tiong Bahru" },
                                 "the map places Tiong Bahru's label at the route's scale")
        #expect(!MapSceneBuilder.meets(label, regions: builder.overlayRegions, offsetX: view.offsetX, offsetY: view.offsetY),
                "clear of the overlay: only the plate keeps it off the map")
        let visible = IntRect(x: 0, y: 0, width: width, height: height)
        let scene = builder.scene(offsetX: view.offsetX, offsetY: view.offsetY, scale: view.scale, visible: visible)
        #expect(Self.texts(of: label, in: scene, offsetX: view.offsetX, offsetY: view.offsetY) == 0,
                "the map draws no second \"Tiong Bahru\" beside the plate")
        // A name may be set on two lines (a narrow screen's "Tanjong / Pagar").
        let routeNames = journey.route.stationNames.map { $0.lines.map(\.text).joined(separator: " ") }
        #expect(!routeNames.contains("Tiong Bahru"), "nor does the route over the veil: \(routeNames)")
        #expect(routeNames.contains("Tanjong Pagar"), "the route's other stations keep their names: \(routeNames)")

        // Without a plate naming it, the same label is drawn where it was placed.
        builder.namedByOverlay = [here]
        defer { builder.namedByOverlay = [destination, here] }
        let unnamed = builder.scene(offsetX: view.offsetX, offsetY: view.offsetY, scale: view.scale, visible: visible)
        #expect(Self.texts(of: label, in: unnamed, offsetX: view.offsetX, offsetY: view.offsetY) == label.lines.count)
    }

    @Test func theLabelComesBackWhenTheJourneyGoes() throws {
        let (loop, _) = try RouteNamesOverVeilTests.routeAtRest(width: 1920, height: 1080)
        let builder = loop.renderer.builder
        let journey = try #require(loop.journey)
        let destination = try #require(journey.route.stationIDs.last.flatMap { journey.map.station(id: $0)?.position })
        #expect(builder.namedByOverlay.contains(destination))
        // The card sent away long ago: the next turns take the route down with it.
        journey.card.dismiss(at: 0)
        var turns = 0
        while builder.namedByOverlay.contains(destination), turns < 1_000, try loop.turn() { turns += 1 }
        #expect(journey.route.stationIDs.isEmpty)
        // (The kiosk's own station stays named by the "You are here" callout.)
        #expect(!builder.namedByOverlay.contains(destination), "the map names Tiong Bahru again once its plate has gone")
    }
}
