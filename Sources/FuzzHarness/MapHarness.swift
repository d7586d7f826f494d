import Cartography
import KioskCore
import Physics
import MetroMap
import Raster

/// Map file bytes → the loader, then an accepted map is drawn small at the fitted view, at the scale limits, and
/// laid out for labels: where a hostile coordinate once trapped.
enum MapHarness {
    // One font for every input: `Font` locks its own face and caches, so sharing it is safe (issue 35).
    static let font = try? Font.loadDefault()

    static func run(_ bytes: [UInt8]) {
        guard let map = try? MapFileLoader.parse(bytes: bytes, fileName: "fuzz.toml") else { return }
        MapRendering.draw(map, font: font)
    }
}

/// Shared by the map and pMetro harnesses.
enum MapRendering {
    static func draw(_ map: MetroMap, font: Font?) {
        let renderer = MapFrameRenderer(width: 48, height: 32, builder: MapSceneBuilder(drawing: MapDrawing(map: map), font: font))
        let geometry = CameraGeometry(map: map, viewport: ScreenSize(width: 48, height: 32))
        renderer.render(MapFrameRenderer.View(camera: geometry.fittedCamera), scaleSettled: true)
        renderer.render(MapFrameRenderer.View(camera: Camera(offset: ScreenPoint(x: 1e12, y: -1e12), scale: 1e9)), scaleSettled: true)
        _ = StationGraph(map: map)
    }
}
