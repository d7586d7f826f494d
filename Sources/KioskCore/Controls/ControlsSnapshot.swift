import MetroMap
import Overlay
import Physics
import Raster

extension KioskControls {
    /// The controls as a kiosk at rest shows them over `map` (a frame of the map at `camera`): nothing pressed, no
    /// warning, the inset if zoomed in, and the legend of `[map] legend`. `metro-kiosk snapshot` draws them so that a
    /// screendump of a running kiosk can be compared with a snapshot pixel for pixel. Returns `map` itself when there
    /// is nothing to draw.
    public static func composeAtRest(over map: PixelBuffer, config: KioskConfig, metroMap: MetroMap, fonts: FontStack?,
                                     camera: Camera) -> PixelBuffer {
        let resting = atRest(config: config, metroMap: metroMap, fonts: fonts, width: map.width, height: map.height, camera: camera)
        guard !resting.layer.allElements.isEmpty else { return map }
        // Over a copy: the layer may draw small elements onto the buffer it is given, and `map` stays the caller's.
        let copy = PixelBuffer(width: map.width, height: map.height)
        for y in 0..<map.height { copy.row(y).update(from: map.row(y), count: map.width) }
        return resting.layer.compose(over: copy, mapDamage: map.bounds).frame
    }

    /// Where the elements a snapshot draws at rest sit, which the map's names keep clear of as on the kiosk
    /// (`MapSceneBuilder.overlayRegions`): set them on the builder before drawing the map.
    public static func labelRegionsAtRest(config: KioskConfig, metroMap: MetroMap, fonts: FontStack?, width: Int, height: Int,
                                          camera: Camera) -> [Rect] {
        atRest(config: config, metroMap: metroMap, fonts: fonts, width: width, height: height, camera: camera).regions.map(Rect.init)
    }

    /// The layer of elements at rest over the map at `camera`, and the regions they keep (the column, the inset while
    /// shown, the legend), as the loop hands them to the labels.
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
        let geometry = CameraGeometry(map: metroMap, viewport: Size(width: Double(width), height: Double(height)))
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
