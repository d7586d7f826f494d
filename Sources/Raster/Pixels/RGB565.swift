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
        convertRowToRGB565(src, dst, count: count)
    }
}

/// The nearest RGB565 value of one XRGB8888 pixel: each channel rounded, not truncated, so mid-greys stay centred
/// (truncation darkens every level by half a step). The X byte is ignored.
@inlinable @inline(__always)
public func rgb565(fromXRGB p: UInt32) -> UInt16 {
    let r = (p >> 16) & 0xFF, g = (p >> 8) & 0xFF, b = p & 0xFF
    // round(v·31/255) and round(v·63/255) as multiply-add-shift, exact for every 8-bit v (checked exhaustively
    // by the tests): the conversion pass runs this per pixel and a division costs several times more.
    let r5 = (r &* 249 &+ 1014) >> 11, g6 = (g &* 253 &+ 505) >> 10, b5 = (b &* 249 &+ 1014) >> 11
    return UInt16(truncatingIfNeeded: r5 << 11 | g6 << 5 | b5)
}

/// Converts `count` XRGB8888 pixels to RGB565 (`rgb565(fromXRGB:)` for each), eight at a time in 16-bit vector
/// lanes: the rounding multiply-add-shift never leaves 16 bits (255 × 253 + 505 < 65536).
@inline(__always)
public func convertRowToRGB565(_ source: UnsafePointer<UInt32>, _ target: UnsafeMutablePointer<UInt16>, count: Int) {
    var i = 0
    while i + 8 <= count {
        // Eight pixels as 16-bit halves: even lanes are green·256 + blue, odd lanes X·256 + red.
        let pixels = UnsafeRawPointer(source + i).loadUnaligned(as: SIMD8<UInt32>.self)
        UnsafeMutableRawPointer(target + i).storeBytes(of: rgb565(fromXRGB: pixels), as: SIMD8<UInt16>.self)
        i += 8
    }
    while i < count {
        target[i] = rgb565(fromXRGB: source[i])
        i += 1
    }
}

/// Eight pixels' `rgb565(fromXRGB:)` in 16-bit vector lanes; inlinable so a copy that gathers pixels (a turned
/// scanout) converts them in registers.
@inlinable @inline(__always)
public func rgb565(fromXRGB p: SIMD8<UInt32>) -> SIMD8<UInt16> {
    let halves = unsafeBitCast(p, to: SIMD16<UInt16>.self)
    let low = halves.evenHalf, high = halves.oddHalf
    let b = low & 0xFF, g = low &>> 8, r = high & 0xFF
    let r5 = (r &* 249 &+ 1014) &>> 11, g6 = (g &* 253 &+ 505) &>> 10, b5 = (b &* 249 &+ 1014) &>> 11
    return r5 &<< 11 | g6 &<< 5 | b5
}
