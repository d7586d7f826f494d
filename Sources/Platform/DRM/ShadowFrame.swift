/// The caller's frame in RAM: XRGB8888 pixels the renderer drew, upright (before any rotation).
/// Rendering goes here rather than into the dumb buffer because dumb buffers are often uncached memory
/// where read-modify-write is slow (DRM_CAP_DUMB_PREFER_SHADOW).
public struct ShadowFrame {
    public var pixels: UnsafePointer<UInt32>
    public var width: Int
    public var height: Int
    public var stridePixels: Int

    public init(pixels: UnsafePointer<UInt32>, width: Int, height: Int, stridePixels: Int) {
        self.pixels = pixels
        self.width = width
        self.height = height
        self.stridePixels = stridePixels
    }
}
