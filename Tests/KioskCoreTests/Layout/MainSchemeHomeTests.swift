import Foundation
import MetroMap
import Physics
import TestSupport
import Testing
@testable import KioskCore

/// Extra schemes (pMetro `LineMap=`: New York's Staten Island railway and AirTrain JFK) sit beside the main one as
/// insets; the fitted home view frames the main scheme, so they never dominate it.
struct MainSchemeHomeTests {
    /// The share of the frame the main scheme covers at `camera`.
    static func share(of main: SchemeRect, geometry: CameraGeometry, camera: Camera) -> Double {
        let a = geometry.screenPoint(ofScheme: main.origin, camera: camera)
        let b = geometry.screenPoint(ofScheme: SchemePoint(x: main.maxX, y: main.maxY), camera: camera)
        let width = max(min(b.x, geometry.viewport.width) - max(a.x, 0), 0)
        let height = max(min(b.y, geometry.viewport.height) - max(a.y, 0), 0)
        return width * height / (geometry.viewport.width * geometry.viewport.height)
    }

    @Test func newYorksHomeFramesItsMainSchemeNotItsInsets() throws {
        let map = try PMetroImporter.importCity(directory: RepositoryPaths.sharedData("maps/pmetro-new-york").path).map
        let main = try #require(map.mainScheme, "the importer records where the main scheme is")
        #expect(main.width < map.bounds.width, "the insets are beside it")
        for (width, height) in [(1920.0, 1080.0), (1080.0, 1920.0)] {
            let geometry = CameraGeometry(map: map, viewport: ScreenSize(width: width, height: height))
            let home = KioskConfig().homeCamera(geometry: geometry)
            let share = Self.share(of: main, geometry: geometry, camera: home)
            #expect(share >= 0.7, "\(width)×\(height): the main scheme covers \(share) of the home view")
        }
    }

    @Test func aMapOfOneSchemeHasNoMainSchemeAndFitsWhole() throws {
        let map = try BundledMap.loadDemo()
        #expect(map.mainScheme == nil)
        let geometry = CameraGeometry(map: map, viewport: ScreenSize(width: 1280, height: 800))
        #expect(KioskConfig().homeCamera(geometry: geometry) == geometry.fittedCamera)
    }
}
