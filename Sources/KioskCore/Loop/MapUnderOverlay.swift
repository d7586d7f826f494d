import Cartography
import Overlay
import Raster

/// The map's renderer and the overlay sharing the map's buffer: the one way a frame's picture is made, by the loop
/// (and so by every snapshot, `KioskStill`) and by `metro-bench`'s overlay rows.
///
/// The overlay's small elements (the callout, the controls: `OverlayLayer.composeLayered`) are drawn straight onto
/// the map's buffer and stay there between frames, so the buffer is what the screen shows and over a still map only
/// what changed is redrawn. They must come off before the map is drawn into the buffer again (a pan scrolls the
/// buffer and would carry them along): every drawing of the map here takes them off first, so no caller has to
/// remember to. The work per frame is exactly the renderer's and the composition's, nothing copied besides.
public final class MapUnderOverlay {
    public private(set) var renderer: MapFrameRenderer
    public let overlay: OverlayLayer

    public init(renderer: MapFrameRenderer, overlay: OverlayLayer) {
        self.renderer = renderer
        self.overlay = overlay
    }

    /// The map's look changed (language, accessible colours): frames are drawn by `renderer` into its own buffer from
    /// now on (the composition notices the new buffer and starts it clean).
    func replace(renderer: MapFrameRenderer) {
        self.renderer = renderer
    }

    /// Draws the map at `view` into its buffer, as `MapFrameRenderer.render` does; the elements on the buffer come off
    /// first unless the buffer already shows `view` (then the map draws nothing and they stay).
    @discardableResult
    public func render(_ view: MapFrameRenderer.View, scaleSettled: Bool, atRest: Bool = false,
                       hidden: [IntRect] = []) -> MapFrameRenderer.Frame {
        if !renderer.isShowing(view, scaleSettled: scaleSettled, atRest: atRest, hidden: hidden) { overlay.restoreMap() }
        return renderer.render(view, scaleSettled: scaleSettled, atRest: atRest, hidden: hidden)
    }

    /// Draws the map where it was left undrawn under the scanout's layers (`render(..., hidden:)`), the elements on
    /// the buffer off first; nothing when none was left.
    func drawUndrawn() {
        guard renderer.hasUndrawnPixels else { return }
        overlay.restoreMap()
        renderer.drawUndrawn()
    }

    /// The frame to present: the map's buffer with the overlay over it (`OverlayLayer.composeLayered`); `mapDamage`
    /// is what `render` changed (or more).
    public func compose(mapDamage: IntRect?, layered: Bool) -> (frame: LayeredFrame, damage: IntRect?) {
        overlay.composeLayered(over: renderer.buffer, mapDamage: mapDamage, layered: layered)
    }
}
