/// Converts `region` of an XRGB8888 buffer into RGB565 pixels at the same coordinates of `destination`, whose rows
/// are `destinationStrideBytes` apart. One pass, truncating each channel (what 16-bit scanout panels expect).
/// `region` is clipped to the source; `destination` must hold at least `region.y1` rows of that stride.
public func convertToRGB565(from source: PixelBuffer, region: IntRect,
                            into destination: UnsafeMutableRawPointer, destinationStrideBytes: Int) {
    let r = region.intersection(source.bounds)
    guard !r.isEmpty else { return }
    let count = r.width
    for y in r.y0..<r.y1 {
        let src = source.row(y) + r.x0
        let dst = (destination + y * destinationStrideBytes).assumingMemoryBound(to: UInt16.self) + r.x0
        var i = 0
        while i < count {
            let p = src[i]
            let rgb565 = (p >> 8) & 0xF800 | (p >> 5) & 0x07E0 | (p >> 3) & 0x001F
            dst[i] = UInt16(truncatingIfNeeded: rgb565)
            i &+= 1
        }
    }
}

/// The RGB565 value of one XRGB8888 pixel, for tests and single pixels.
@inline(__always)
public func rgb565(fromXRGB p: UInt32) -> UInt16 {
    UInt16(truncatingIfNeeded: (p >> 8) & 0xF800 | (p >> 5) & 0x07E0 | (p >> 3) & 0x001F)
}
