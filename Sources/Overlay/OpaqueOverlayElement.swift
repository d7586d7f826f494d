import Raster
import TouchInput

/// An element that covers a rectangle of the screen with pixels all its own (the journey card): where nothing is
/// drawn over it, the compositor hands it to the scanout as a layer (`ScanoutLayer`) instead of drawing it into
/// the map's buffer. Its picture is drawn into a buffer of its own only when `opaquePictureKey` changes; a slide
/// only moves where that picture is shown.
public protocol OpaqueOverlayElement: OverlayElement {
    /// The screen pixels it covers opaquely at the last `advance` (within its frame's pixels); nil: none.
    var opaquePixels: IntRect? { get }
    /// The size of the picture its opaque pixels come from: at least `opaquePixels`'s.
    var opaquePictureSize: OutputSize { get }
    /// What the picture shows, apart from where it is: equal keys draw the same picture.
    var opaquePictureKey: AnyHashable { get }
    /// Draws the picture: what `draw(on:)` puts at `opaquePixels`, with that rectangle's top-left at the picture's
    /// (0, 0), so for every pixel of `opaquePixels` the two agree bit for bit.
    func drawOpaquePicture(into picture: PixelBuffer)
}
