/// Pixel layouts the dumb buffers can hold. The shadow frame is always XRGB8888; RGB565 halves the bytes the copy
/// writes on small panels that scan out 16 bits.
public enum ScanoutPixelFormat: String, Sendable, CaseIterable {
    case xrgb8888
    case rgb565

    public var bitsPerPixel: UInt32 { self == .xrgb8888 ? 32 : 16 }
    /// The `depth` argument of drmModeAddFB.
    public var depth: UInt32 { self == .xrgb8888 ? 24 : 16 }
    public var bytesPerPixel: Int { Int(bitsPerPixel / 8) }
}
