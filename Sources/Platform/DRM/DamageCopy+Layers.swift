import KioskCore
import Raster

/// The scanout copy of a frame with opaque layers over it (`LayeredFrame`): each piece of the damage is copied
/// from the picture that shows there, the base or a layer's own, with the same turn and conversion, so the bytes
/// are those of the base with the layers drawn into it copied whole.
extension DamageCopy {
    /// - Returns: the scanout rectangle that was written (the damage clipped to the frame, turned).
    @discardableResult
    public static func copy(_ frame: LayeredFrame, damage: IntRect, to destination: UnsafeMutableRawPointer,
                            pitchBytes: Int, format: ScanoutPixelFormat, rotation: OutputRotation,
                            pool: RenderPool = .shared) -> IntRect {
        let base = frame.base
        let rect = damage.intersection(base.bounds)
        if rect.isEmpty { return rect }
        let (fromBase, fromLayers) = frame.sources(within: rect)
        let upright = ShadowFrame(pixels: UnsafePointer(base.pixels), width: base.width, height: base.height,
                                  stridePixels: base.stridePixels)
        for piece in fromBase {
            copy(from: upright, damage: piece, to: destination, pitchBytes: pitchBytes, format: format,
                 rotation: rotation, pool: pool)
        }
        for (layer, pieces) in fromLayers {
            let placed = placedFrame(layer, width: base.width, height: base.height)
            for piece in pieces {
                copy(from: placed, damage: piece, to: destination, pitchBytes: pitchBytes, format: format,
                     rotation: rotation, pool: pool)
            }
        }
        return rotation.scanoutRect(rect, uprightWidth: base.width, uprightHeight: base.height)
    }

    /// The layer's picture seen as a frame of the screen's size whose pixel (x, y) within `layer.rect` is the
    /// picture's pixel there: the copy kernels address the source and the scanout by the same upright coordinates.
    /// Only pixels of `layer.rect` may be read through it, so its origin is computed as an address (it may lie
    /// before the picture's first pixel) and never dereferenced outside the rect.
    static func placedFrame(_ layer: ScanoutLayer, width: Int, height: Int) -> ShadowFrame {
        let stride = layer.picture.stridePixels
        let shift = (layer.pictureY - layer.rect.y0) * stride + (layer.pictureX - layer.rect.x0)
        let origin = UnsafePointer<UInt32>(bitPattern: Int(bitPattern: layer.picture.pixels) &+ shift &* 4)!
        return ShadowFrame(pixels: origin, width: width, height: height, stridePixels: stride)
    }
}
