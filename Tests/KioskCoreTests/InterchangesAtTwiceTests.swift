import Foundation
import MetroMap
import Physics
import Raster
import TestSupport
import Testing
@testable import KioskCore

/// Every interchange in view is named at twice the home view's scale (issue 29): ordinary names placed at a smaller
/// scale keep their place when zooming in, so the plan gives the hubs they would crowd out their place at 2× first.
/// Counted on shared cities as `audit-map --size 1920x1080 --zoom 2` audits them (no config, the fitted home view).
// Serialized: the cities' plans are large, and two at once only compete for the same cores.
@Suite(.serialized)
struct InterchangesAtTwiceTests {
    /// The interchanges whose mark is in the home view magnified twice about its centre, and those of them named.
    static func interchanges(city: String) throws -> (inView: Int, named: Int, unnamed: [String]) {
        let directory = RepositoryPaths.sharedData.appendingPathComponent("maps/\(city)").path
        try #require(FileManager.default.fileExists(atPath: directory + "/Metro.trp"), "needs ../shared/data/maps/\(city)")
        let map = try PMetroImporter.importCity(directory: directory).map
        let config = KioskConfig()
        let viewport = Size(width: 1920, height: 1080)
        let geometry = CameraGeometry(map: map, viewport: viewport)
        let builder = config.sceneBuilder(of: map, fonts: try config.labelFonts(), width: 1920, height: 1080)
        let home = config.homeCamera(geometry: geometry)
        let centreX = home.offset.x + viewport.width / 2, centreY = home.offset.y + viewport.height / 2
        let camera = Camera(offset: ScreenPoint(x: centreX * 2 - viewport.width / 2, y: centreY * 2 - viewport.height / 2),
                            scale: home.scale * 2)
        let audit = MapAudit(builder: builder, view: MapFrameRenderer.View(camera: camera), viewport: viewport,
                             zoom: builder.labelZoom)
        return (audit.interchanges.count, audit.interchanges.count(where: \.labelled),
                audit.interchanges.filter { !$0.labelled }.map(\.name))
    }

    /// New York: on main 26 of 28 (Kingston Throop Avs and Nostrand Avenue unnamed behind ordinary names of Brooklyn).
    @Test func everyInterchangeInViewOfNewYorkIsNamedAtTwice() throws {
        let found = try Self.interchanges(city: "pmetro-new-york")
        #expect(found.inView == 28)
        #expect(found.unnamed.isEmpty, "unnamed: \(found.unnamed)")
    }

    /// Moscow's centre is the densest shared scheme: on main 98 of 117 named at 2×, now 107 (the rest have no free
    /// place near their mark, on a plate or on a leader, that another hub's name does not hold).
    @Test func moscowNamesMoreOfItsHubsAtTwice() throws {
        let found = try Self.interchanges(city: "pmetro-moscow")
        #expect(found.inView == 117)
        #expect(found.named >= 107, "unnamed: \(found.unnamed)")
    }
}
