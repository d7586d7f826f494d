extension Canvas {
    /// Fills the clip with `source` resampled bilinearly: destination point p (pixel centres at +0.5) shows
    /// `source` at p × `scale` + `offset`. This is how a pinch shows the last full-quality frame scaled about the
    /// fingers (scale = 1 / zoom). Samples outside the source show `outside`. `source` must not be this
    /// canvas's buffer.
    public func drawResampled(from source: PixelBuffer, scale: Float, offset: Point, outside: Color) {
        let area = clip
        guard !area.isEmpty, source !== buffer, scale.isFinite, scale > 0, offset.x.isFinite, offset.y.isFinite
        else { return }
        let background = outside.xrgb
        let sw = source.width, sh = source.height
        // 16.16 fixed point through the row; the last valid top-left sample is (w - 2, h - 2) for a 2×2 kernel,
        // edges clamp so the border pixel extends half a pixel.
        let step = Int64((scale * 65536).rounded())
        for y in area.y0..<area.y1 {
            let dst = buffer.row(y)
            let sy = (Float(y) + 0.5) * scale + offset.y - 0.5
            if !(sy > -1 && sy < Float(sh)) {
                (dst + area.x0).update(repeating: background, count: area.width)
                continue
            }
            let syFloor = sy.rounded(.down)
            let y0 = Int(syFloor)
            let fy = UInt32((sy - syFloor) * 256)
            let rowA = source.row(max(0, y0)), rowB = source.row(min(sh - 1, y0 + 1))
            let sx0 = (Float(area.x0) + 0.5) * scale + offset.x - 0.5
            guard abs(sx0) < 1e9, abs(Float(area.width) * scale) < 1e9 else { continue }
            var sx = Int64((sx0 * 65536).rounded())
            let limit = Int64(sw) << 16
            for x in area.x0..<area.x1 {
                if sx <= -65536 || sx >= limit {
                    dst[x] = background
                } else {
                    let x0 = Int(sx >> 16)  // arithmetic shift: floor, also for -1
                    let fx = UInt32((sx & 0xFFFF) >> 8)
                    let xa = max(0, x0), xb = min(sw - 1, x0 + 1)
                    let top = lerpPixel(rowA[xa], rowA[xb], fx)
                    let bottom = lerpPixel(rowB[xa], rowB[xb], fx)
                    dst[x] = lerpPixel(top, bottom, fy)
                }
                sx &+= step
            }
        }
    }
}

/// a + (b - a) · t / 256 per channel, red and blue together.
@inline(__always)
private func lerpPixel(_ a: UInt32, _ b: UInt32, _ t: UInt32) -> UInt32 {
    let it = 256 &- t
    let rb = ((a & 0xFF00FF) &* it &+ (b & 0xFF00FF) &* t) >> 8 & 0xFF00FF
    let g = ((a & 0x00FF00) &* it &+ (b & 0x00FF00) &* t) >> 8 & 0x00FF00
    return rb | g
}
