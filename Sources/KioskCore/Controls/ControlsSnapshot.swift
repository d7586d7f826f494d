import MetroMap
import Overlay
import Physics
import Raster

extension KioskControls {
    /// The controls as a kiosk at rest shows them over `map` (a frame of the map at `camera`): nothing pressed, no
    /// warning, the inset if zoomed in. `metro-kiosk snapshot` draws them so that a screendump of a running kiosk can
    /// be compared with a snapshot pixel for pixel. Returns `map` itself when there are no controls.
    public static func composeAtRest(over map: PixelBuffer, config: KioskConfig, metroMap: MetroMap, fonts: FontStack?,
                                     camera: Camera) -> PixelBuffer {
        guard let controls = KioskControls(config: config, map: metroMap, fonts: fonts, width: map.width, height: map.height)
        else { return map }
        let geometry = CameraGeometry(map: metroMap, viewport: Size(width: Double(map.width), height: Double(map.height)))
        let layer = OverlayLayer()
        controls.elements.forEach(layer.add)
        layer.advance(to: 0, map: MapProjection { geometry.screenPoint(ofScheme: $0, camera: camera) })
        // Over a copy: the layer may draw small elements onto the buffer it is given, and `map` stays the caller's.
        let copy = PixelBuffer(width: map.width, height: map.height)
        for y in 0..<map.height { copy.row(y).update(from: map.row(y), count: map.width) }
        return layer.compose(over: copy, mapDamage: map.bounds).frame
    }
}
