/// Blends `color` through `mask` placed with its top-left at (`x`, `y`), inside `clip`.
func blitMask(_ mask: AlphaMask, x: Int, y: Int, color: Color, clip: IntRect, into buffer: PixelBuffer) {
    let target = IntRect(x: x, y: y, width: mask.width, height: mask.height).intersection(clip)
    guard !target.isEmpty, color.alpha > 0 else { return }
    let value = color.xrgb
    let redBlue = value & 0xFF00FF, green = value & 0x00FF00
    let colorAlpha = UInt32(color.alpha)
    let opaque = color.alpha == 255
    mask.alphas.withUnsafeBufferPointer { alphas in
        guard let base = alphas.baseAddress else { return }
        let count = target.width
        for row in target.y0..<target.y1 {
            let src = base + (row - y) * mask.width + (target.x0 - x)
            let dst = buffer.row(row) + target.x0
            var i = 0
            if opaque {
                // Branch-free: glyph edges make "empty / partial / full" unpredictable, and blending with weight
                // 0 or 256 gives exactly the old or the new pixel anyway.
                while i < count {
                    dst[i] = blendSourceOver(dst[i], redBlue: redBlue, green: green, alpha256: alpha256(UInt32(src[i])))
                    i &+= 1
                }
            } else {
                while i < count {
                    let a = (UInt32(src[i]) &* colorAlpha &+ 127) / 255
                    dst[i] = blendSourceOver(dst[i], redBlue: redBlue, green: green, alpha256: alpha256(a))
                    i &+= 1
                }
            }
        }
    }
}
