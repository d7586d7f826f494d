/// Converts `region` of an XRGB8888 buffer into RGB565 pixels at the same coordinates of `destination`, whose rows
/// are `destinationStrideBytes` apart. One pass, each channel rounded to its nearest level.
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
            dst[i] = rgb565(fromXRGB: src[i])
            i &+= 1
        }
    }
}

/// The nearest RGB565 value of one XRGB8888 pixel: each channel rounded, not truncated, so mid-greys stay centred
/// (truncation darkens every level by half a step). The X byte is ignored.
@inline(__always)
public func rgb565(fromXRGB p: UInt32) -> UInt16 {
    let r = (p >> 16) & 0xFF, g = (p >> 8) & 0xFF, b = p & 0xFF
    let r5 = (r &* 31 &+ 127) / 255, g6 = (g &* 63 &+ 127) / 255, b5 = (b &* 31 &+ 127) / 255
    return UInt16(truncatingIfNeeded: r5 << 11 | g6 << 5 | b5)
}
