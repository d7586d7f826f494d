import Cartography
import MetroMap
import Overlay
import Physics
import Raster

extension KioskControls {
    /// Where the controls and the legend sit at rest, which the map's names keep clear of as on the kiosk
    /// (`MapSceneBuilder.overlayRegions`): `audit-map` sets them on its builder before planning the names. Frames
    /// are composed by the loop alone (`KioskStill`).
    public static func labelRegionsAtRest(config: KioskConfig, metroMap: MetroMap, fonts: FontStack?, width: Int, height: Int,
                                          camera: Camera) -> [Rect] {
        atRest(config: config, metroMap: metroMap, fonts: fonts, width: width, height: height, camera: camera).regions.map(Rect.init)
    }

    /// The elements at rest over the map at `camera`, and the regions they keep (the column, the inset while shown,
    /// the legend), as the loop hands them to the labels.
    private static func atRest(config: KioskConfig, metroMap: MetroMap, fonts: FontStack?, width: Int, height: Int,
                               camera: Camera) -> (layer: OverlayLayer, regions: [ScreenRect]) {
        let layer = OverlayLayer()
        var regions: [ScreenRect] = []
        let screen = IntRect(x: 0, y: 0, width: width, height: height)
        var legend: LineLegendElement?
        if let corner = config.map.legend, let fonts {
            let style = config.mapStyle(outputWidth: width, outputHeight: height)
            legend = LineLegendElement(entries: LineBadges.legendEntries(of: metroMap), corner: corner, screen: screen,
                                       capHeightPixels: style.labelPixels() * Float(MapStyle.capHeightRatio), fonts: fonts)
            legend.map(layer.add)
        }
        let geometry = CameraGeometry(map: metroMap, viewport: ScreenSize(width: Double(width), height: Double(height)))
        let controls = KioskControls(config: config, map: metroMap, fonts: fonts, width: width, height: height)
        controls?.legend = legend
        controls?.elements.forEach(layer.add)
        // The layout pass as the loop runs it with no card: the inset leaves the legend's corner.
        controls?.layOut(clearOf: nil)
        if controls == nil { legend?.layOut(clearOf: []) }
        layer.advance(to: 0, map: MapProjection { geometry.screenPoint(ofScheme: $0, camera: camera) })
        regions += controls?.labelRegions(clearOf: nil) ?? (legend?.frame.map { [$0] } ?? [])
        return (layer, regions)
    }
}
