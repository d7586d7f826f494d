import Cartography
import KioskCore
import MetroMap
import Physics
import Raster

/// The real scheme as the kiosk draws it: scenes from the kiosk's own scene builder for the benchmark's cameras,
/// and the kiosk's frame renderer for the pan and pinch rows.
struct MapBenchmark {
    let name: String
    let drawing: MapDrawing
    let map: MetroMap
    let font: Font

    init(pMetroDirectory: String, font: Font) throws {
        let imported = try PMetroImporter.importCity(directory: pMetroDirectory)
        map = imported.map
        name = map.name
        drawing = MapDrawing(map: map)
        self.font = font
    }

    func geometry(width: Int, height: Int) -> CameraGeometry {
        CameraGeometry(map: map, viewport: ScreenSize(width: Double(width), height: Double(height)))
    }

    /// The two cameras of the issue: the whole map fitted, and scale 1 centred on the map.
    func views(width: Int, height: Int) -> [(label: String, view: MapFrameRenderer.View)] {
        let geometry = geometry(width: width, height: height)
        let centre = SchemePoint(x: map.bounds.x + map.bounds.width / 2, y: map.bounds.y + map.bounds.height / 2)
        return [("fitted", MapFrameRenderer.View(camera: geometry.fittedCamera)),
                ("scale-1", MapFrameRenderer.View(camera: geometry.camera(centredOn: centre, scale: 1)))]
    }

    func builder() -> MapSceneBuilder {
        MapSceneBuilder(drawing: drawing, font: font)
    }

    func scene(_ view: MapFrameRenderer.View, width: Int, height: Int, builder: MapSceneBuilder) -> Scene {
        builder.scene(offsetX: view.offsetX, offsetY: view.offsetY, scale: view.scale,
                      visible: IntRect(x: 0, y: 0, width: width, height: height))
    }
}
