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
        for i in 0..<count {
            dst[i] = rgb565(fromXRGB: src[i])
        }
    }
}

/// The nearest RGB565 value of one XRGB8888 pixel: each channel rounded, not truncated, so mid-greys stay centred
/// (truncation darkens every level by half a step). The X byte is ignored.
@inline(__always)
public func rgb565(fromXRGB p: UInt32) -> UInt16 {
    let r = (p >> 16) & 0xFF, g = (p >> 8) & 0xFF, b = p & 0xFF
    // round(v·31/255) and round(v·63/255) as multiply-add-shift, exact for every 8-bit v (checked exhaustively
    // by the tests): the conversion pass runs this per pixel and a division costs several times more.
    let r5 = (r &* 249 &+ 1014) >> 11, g6 = (g &* 253 &+ 505) >> 10, b5 = (b &* 249 &+ 1014) >> 11
    return UInt16(truncatingIfNeeded: r5 << 11 | g6 << 5 | b5)
}
