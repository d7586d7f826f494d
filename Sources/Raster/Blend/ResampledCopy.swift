extension Canvas {
    /// Fills the clip with `source` resampled bilinearly: destination point p (pixel centres at +0.5) shows
    /// `source` at p × `scale` + `offset`. This is how a pinch shows the last full-quality frame scaled about the
    /// fingers (scale = 1 / zoom). Samples more than half a pixel outside the source show `outside`; the border
    /// pixels extend that half pixel. `source` must not be this canvas's buffer.
    public func drawResampled(from source: PixelBuffer, scale: Float, offset: Point, outside: Color) {
        let area = clip
        guard !area.isEmpty, source !== buffer, source.width > 0, source.height > 0,
              scale.isFinite, scale > 0, offset.x.isFinite, offset.y.isFinite,
              abs(offset.x) < 1e7, abs(offset.y) < 1e7, scale < 1e4 else { return }
        let background = outside.xrgb
        let sw = source.width, sh = source.height
        let width = area.width

        // The horizontal mapping is the same for every row: source column (offset by one, so that column -1 and
        // column sw can be padding copies of the border) and weight of the right-hand sample, per destination x.
        let columns = UnsafeMutablePointer<Int32>.allocate(capacity: width)
        let weights = UnsafeMutablePointer<UInt64>.allocate(capacity: width)
        // One vertically interpolated source row, channels spread to 16 bits each, with a padding column each side.
        let spread = UnsafeMutablePointer<UInt64>.allocate(capacity: sw + 2)
        defer {
            columns.deallocate()
            weights.deallocate()
            spread.deallocate()
        }
        var firstInside = width, lastInside = -1
        for i in 0..<width {
            let sx = (Float(area.x0 + i) + 0.5) * scale + offset.x - 0.5
            if sx > -1 && sx < Float(sw) {
                let floor = sx.rounded(.down)
                columns[i] = Int32(floor) + 1
                // The weight repeated in four 16-bit lanes, one per channel.
                weights[i] = UInt64((sx - floor) * 256) &* 0x0001_0001_0001_0001
                firstInside = min(firstInside, i)
                lastInside = i
            } else {
                columns[i] = -1
            }
        }

        for y in area.y0..<area.y1 {
            let dst = buffer.row(y) + area.x0
            let sy = (Float(y) + 0.5) * scale + offset.y - 0.5
            guard sy > -1 && sy < Float(sh), firstInside <= lastInside else {
                dst.update(repeating: background, count: width)
                continue
            }
            let syFloor = sy.rounded(.down)
            let y0 = Int(syFloor)
            let fy = UInt64((sy - syFloor) * 256)
            let rowA = source.row(max(0, y0)), rowB = source.row(min(sh - 1, y0 + 1))
            // Only the source columns this row samples.
            let c0 = Int(columns[firstInside]) - 1, c1 = Int(columns[lastInside])
            let from = max(0, c0), to = min(sw - 1, c1)
            var c = from
            // Four pixels at a time: 16 bytes widened to 16-bit lanes are exactly four spread pixels (the X byte
            // lands in the top lane, which packing drops).
            let t = SIMD16<UInt16>(repeating: UInt16(fy)), it = SIMD16<UInt16>(repeating: UInt16(256 - fy))
            let out = UnsafeMutableRawPointer(spread + 1)
            while c + 4 <= to + 1 {
                let a = widen(UnsafeRawPointer(rowA + c).loadUnaligned(as: SIMD16<UInt8>.self))
                let b = widen(UnsafeRawPointer(rowB + c).loadUnaligned(as: SIMD16<UInt8>.self))
                let mixed = (a &* it &+ b &* t) &>> 8
                out.storeBytes(of: mixed, toByteOffset: c * 8, as: SIMD16<UInt16>.self)
                c += 4
            }
            while c <= to {
                spread[c + 1] = lerpSpread(spreadPixel(rowA[c]), spreadPixel(rowB[c]), fy)
                c += 1
            }
            spread[0] = spread[1]
            spread[sw + 1] = spread[sw]
            if firstInside > 0 { dst.update(repeating: background, count: firstInside) }
            var i = firstInside
            // Two destination pixels at a time while both sample inside: their four spread samples and weights
            // fill 16-bit lanes of two vectors.
            while i + 3 <= lastInside {
                let c0 = Int(columns[i]), c1 = Int(columns[i + 1]), c2 = Int(columns[i + 2]), c3 = Int(columns[i + 3])
                if c0 < 0 || c3 < 0 { break }  // columns rise with x, so the middle two are inside too
                let left = unsafeBitCast(SIMD4<UInt64>(spread[c0], spread[c1], spread[c2], spread[c3]),
                                         to: SIMD16<UInt16>.self)
                let right = unsafeBitCast(SIMD4<UInt64>(spread[c0 + 1], spread[c1 + 1], spread[c2 + 1], spread[c3 + 1]),
                                          to: SIMD16<UInt16>.self)
                let w = UnsafeRawPointer(weights + i).loadUnaligned(as: SIMD16<UInt16>.self)
                let mixed = (left &* (256 &- w) &+ right &* w) &>> 8
                let bytes = SIMD16<UInt8>(truncatingIfNeeded: mixed)
                let pixels = unsafeBitCast(bytes, to: SIMD4<UInt32>.self) & 0x00FF_FFFF
                UnsafeMutableRawPointer(dst + i).storeBytes(of: pixels, as: SIMD4<UInt32>.self)
                i += 4
            }
            while i <= lastInside {
                let column = Int(columns[i])
                if column < 0 {
                    dst[i] = background
                } else {
                    dst[i] = packSpread(lerpSpread(spread[column], spread[column + 1], weights[i] & 0x1FF))
                }
                i += 1
            }
            if lastInside + 1 < width { (dst + lastInside + 1).update(repeating: background, count: width - lastInside - 1) }
        }
    }
}

/// 0x00RRGGBB → 0x00RR_00GG_00BB in 16-bit lanes, so one 64-bit multiply weights all three channels:
/// a lane holds at most 255 × 256 after weighting, which fits.
@inline(__always)
private func spreadPixel(_ p: UInt32) -> UInt64 {
    let v = UInt64(p)
    return (v & 0xFF) | (v & 0xFF00) << 8 | (v & 0xFF_0000) << 16
}

@inline(__always)
private func packSpread(_ v: UInt64) -> UInt32 {
    UInt32(truncatingIfNeeded: (v & 0xFF) | (v >> 8) & 0xFF00 | (v >> 16) & 0xFF_0000)
}

/// a + (b − a) · t / 256 in every lane (t in 0...256).
@inline(__always)
private func lerpSpread(_ a: UInt64, _ b: UInt64, _ t: UInt64) -> UInt64 {
    ((a &* (256 &- t) &+ b &* t) >> 8) & 0x00FF_00FF_00FF
}

/// Zero-extends bytes to 16-bit lanes. Written lane by lane because the generic
/// `init(truncatingIfNeeded:)` is not inlined here; LLVM turns this loop into unpack instructions.
@inline(__always)
private func widen(_ v: SIMD16<UInt8>) -> SIMD16<UInt16> {
    var r = SIMD16<UInt16>()
    for k in 0..<16 { r[k] = UInt16(v[k]) }
    return r
}
