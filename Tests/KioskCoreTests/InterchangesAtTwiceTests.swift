import Foundation
import MetroMap
import Physics
import Raster
import TestSupport
import Testing
@testable import Cartography
@testable import KioskCore

/// Interchanges in view are named at twice the home view's scale (issue 29): ordinary names placed at a smaller
/// scale keep their place when zooming in, so the plan gives the hubs they would crowd out their place at 2× first.
/// Counted on shared cities as `audit-map --size 1920x1080 --zoom 2` audits them (no config, the fitted home view).
// Serialized: the cities' plans are large, and two at once only compete for the same cores.
@Suite(.serialized)
struct InterchangesAtTwiceTests {
    /// The audit of the home view magnified twice about its centre, with the builder and camera it audited.
    static func twice(city: String) throws -> (audit: MapAudit, builder: MapSceneBuilder, camera: Camera) {
        try view(city: city, width: 1920, height: 1080, factor: 2)
    }

    /// The audit of the fitted home view of a `width` × `height` screen magnified `factor` times about its centre, as
    /// `audit-map --size WxH --zoom FACTOR` makes it.
    static func view(city: String, width: Int, height: Int, factor: Double) throws
        -> (audit: MapAudit, builder: MapSceneBuilder, camera: Camera) {
        let directory = RepositoryPaths.sharedData.appendingPathComponent("maps/\(city)").path
        try #require(FileManager.default.fileExists(atPath: directory + "/Metro.trp"), "needs ../shared/data/maps/\(city)")
        let map = try PMetroImporter.importCity(directory: directory).map
        let config = KioskConfig()
        let viewport = ScreenSize(width: Double(width), height: Double(height))
        let geometry = CameraGeometry(map: map, viewport: viewport)
        let builder = config.sceneBuilder(of: map, fonts: try config.labelFonts(), width: width, height: height)
        let home = config.homeCamera(geometry: geometry)
        let centreX = home.offset.x + viewport.width / 2, centreY = home.offset.y + viewport.height / 2
        let camera = Camera(offset: ScreenPoint(x: centreX * factor - viewport.width / 2, y: centreY * factor - viewport.height / 2),
                            scale: home.scale * factor)
        let audit = MapAudit(builder: builder, view: MapFrameRenderer.View(camera: camera), viewport: viewport,
                             zoom: builder.labelZoom)
        return (audit, builder, camera)
    }

    /// On main 98 of Moscow's 117 interchanges in view at 2× were named and 41 of Berlin's 46: ordinary names shown
    /// from a smaller scale held their only free places. Then Moscow's central hubs whose every place near them is
    /// another hub's name or mark (107 of 117), and New York's two whose places were names of the home view (26 of
    /// 28), got a far leader that holds until their own nearer place comes free: Moscow 110, New York 27. Berlin names
    /// 44 (Möckernbrücke now, not Gleisdreieck nor Spichernstraße): on main 3 of its leaders ran through names, and
    /// with leaders kept off names those two find no place at 2×. Letting up to three hubs' names in the way move
    /// aside for a hub's at 2× (each to a place that holds from its own scale, or from 2× on) names Moscow 114 (Москва
    /// Курская, Авиамоторная and Савёловская) and Berlin 45 (Gleisdreieck). Four more hubs have their mark at the
    /// frame's edge and their name placed just past it (the plan is the same for every pan): New York's Kingston Throop
    /// Avs and Washington's Crystal City below the frame, San Francisco's Civic Center and Coliseum Oakland Airport
    /// above it; they count as named, not as drawn. Setting the names of stations that share one mark as one block
    /// names Moscow's Сретенский бульвар under Тургеневская or Чистые пруды (115).
    @Test(arguments: [("pmetro-moscow", 117, 115, 115), ("pmetro-berlin", 46, 45, 45), ("pmetro-new-york", 28, 27, 28),
                      ("pmetro-san-francisco", 16, 14, 16), ("pmetro-washington", 17, 16, 17)])
    func moreHubsAreNamedAtTwice(city: String, inView: Int, drawn: Int, named: Int) throws {
        let audit = try Self.twice(city: city).audit
        #expect(audit.interchanges.count == inView)
        #expect(audit.interchanges.count(where: \.labelled) >= drawn,
                "unnamed: \(audit.interchanges.filter { !$0.labelled }.map(\.name))")
        #expect(audit.interchanges.count(where: \.named) >= named,
                "unnamed: \(audit.interchanges.filter { !$0.named }.map(\.name))")
    }

    /// The hubs' places at 2× are taken clear of every name the home view shows: New York's home view names as many
    /// stations as on main (86), and one more since the desktop viewer's "(click to view)" under AirTrain JFK is
    /// dropped (Aqueduct - North Conduit Avenue).
    @Test func theHomeViewKeepsItsNames() throws {
        let directory = RepositoryPaths.sharedData.appendingPathComponent("maps/pmetro-new-york").path
        try #require(FileManager.default.fileExists(atPath: directory + "/Metro.trp"), "needs ../shared/data/maps/pmetro-new-york")
        let map = try PMetroImporter.importCity(directory: directory).map
        let config = KioskConfig()
        let viewport = ScreenSize(width: 1920, height: 1080)
        let builder = config.sceneBuilder(of: map, fonts: try config.labelFonts(), width: 1920, height: 1080)
        let home = config.homeCamera(geometry: CameraGeometry(map: map, viewport: viewport))
        let audit = MapAudit(builder: builder, view: MapFrameRenderer.View(camera: home), viewport: viewport,
                             zoom: builder.labelZoom)
        #expect(audit.labelledInView >= 87)
    }
}
