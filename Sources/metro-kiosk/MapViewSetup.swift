import ArgumentParser
import Cartography
import KioskCore
import MetroMap
import Physics
import Raster

/// What the subcommands that look at one view of a map (snapshot, audit-map) set up the same way: the settings,
/// the map, the label fonts and a scene builder sized for the screen, at the asked camera or the home view.
/// The builder and the home camera are made when first asked for: `snapshot --route` draws through a kiosk loop of
/// its own, and making them anyway doubled its cost (the drawing and the home view's label plan of a map whose one
/// transfer lists 10,000 platforms; issue 38).
final class MapViewSetup {
    let settings: KioskConfig
    let map: MetroMap
    let geometry: CameraGeometry
    let fonts: FontStack
    let zoom: ClosedRange<Double>
    private let size: SizeOption
    private let asked: CameraArgument?

    lazy var builder = MapSceneBuilder(drawing: settings.drawing(of: map),
                                       style: settings.mapStyle(outputWidth: size.width, outputHeight: size.height),
                                       fonts: fonts, labelZoom: zoom, homeScale: settings.labelHomeScale(geometry: geometry))
    lazy var camera: Camera = asked.map { Camera(offset: ScreenPoint(x: $0.x, y: $0.y), scale: $0.scale) }
        ?? settings.homeCamera(geometry: geometry, map: map, builder: builder)

    init(config: String?, map override: String?, size: SizeOption, camera asked: CameraArgument?) throws {
        settings = try KioskSettingsArgument.load(config)
        map = try KioskSettingsArgument.map(override: override, settings: settings)
        geometry = CameraGeometry(map: map, viewport: ScreenSize(width: Double(size.width), height: Double(size.height)))
        do {
            fonts = try settings.labelFonts()
        } catch {
            throw FontFailure.exit(error, config: config, settings: settings)
        }
        zoom = settings.zoomRange(geometry: geometry)
        self.size = size
        self.asked = asked
    }
}
