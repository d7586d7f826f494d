/// Pixel layouts the dumb buffers can hold. The shadow frame is always XRGB8888; RGB565 halves the bytes the copy
/// writes on small panels that scan out 16 bits.
public enum ScanoutPixelFormat: String, Sendable, CaseIterable {
    case xrgb8888
    case rgb565

    public var bitsPerPixel: UInt32 { self == .xrgb8888 ? 32 : 16 }
    /// The `depth` argument of drmModeAddFB.
    public var depth: UInt32 { self == .xrgb8888 ? 24 : 16 }
    public var bytesPerPixel: Int { Int(bitsPerPixel / 8) }

    /// Nearest RGB565 value: each channel rounded, not truncated, so mid-greys stay centred.
    @inline(__always)
    public static func rgb565(fromXRGB8888 pixel: UInt32) -> UInt16 {
        let r = (pixel >> 16) & 0xFF, g = (pixel >> 8) & 0xFF, b = pixel & 0xFF
        let r5 = (r * 31 + 127) / 255, g6 = (g * 63 + 127) / 255, b5 = (b * 31 + 127) / 255
        return UInt16(truncatingIfNeeded: (r5 << 11) | (g6 << 5) | b5)
    }
}
