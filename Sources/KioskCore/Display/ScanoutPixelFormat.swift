/// Pixel layouts the dumb buffers can hold. The shadow frame is always XRGB8888; RGB565 halves the bytes the copy
/// writes on small panels that scan out 16 bits. One type from the config's `[display] format` down to the buffers.
public enum ScanoutPixelFormat: String, Equatable, Sendable, CaseIterable {
    case xrgb8888
    case rgb565

    public var bitsPerPixel: UInt32 { self == .xrgb8888 ? 32 : 16 }
    public var bytesPerPixel: Int { Int(bitsPerPixel / 8) }
}
