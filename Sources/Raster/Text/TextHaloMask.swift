/// Grows a glyph's coverage into its halo: each pixel takes the largest coverage within `radius`, weighted down
/// over the last pixel of distance so the halo's edge is anti-aliased rather than a hard disc.
enum TextHaloMask {
    static func grow(_ glyph: RenderedGlyph, radius: Float) -> RenderedGlyph {
        let reach = Int(radius.rounded(.up))
        let source = glyph.mask
        let width = source.width + 2 * reach, height = source.height + 2 * reach
        guard source.width > 0, source.height > 0 else { return glyph }
        // Offsets within reach and their weights (1 inside the radius, falling to 0 half a pixel beyond it).
        var offsets: [(dx: Int, dy: Int, weight: Int)] = []
        for dy in -reach...reach {
            for dx in -reach...reach {
                let distance = Float(dx * dx + dy * dy).squareRoot()
                let weight = max(0, min(1, radius + 0.5 - distance))
                if weight > 0 { offsets.append((dx, dy, Int(weight * 256))) }
            }
        }
        var out = [UInt8](repeating: 0, count: width * height)
        source.alphas.withUnsafeBufferPointer { src in
            for sy in 0..<source.height {
                for sx in 0..<source.width {
                    let coverage = Int(src[sy * source.width + sx])
                    guard coverage > 0 else { continue }
                    for offset in offsets {
                        let index = (sy + reach + offset.dy) * width + sx + reach + offset.dx
                        let value = UInt8((coverage * offset.weight) >> 8)
                        if value > out[index] { out[index] = value }
                    }
                }
            }
        }
        return RenderedGlyph(mask: AlphaMask(width: width, height: height, alphas: out),
                             left: glyph.left - reach, top: glyph.top + reach)
    }
}
