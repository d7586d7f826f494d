import Raster
import Testing

/// The resampler places samples on a 1/128-pixel grid (its weights are 7-bit) and then must do the arithmetic
/// right: against plain bilinear interpolation at those same positions, every channel within one level. Noise is
/// the hardest source for this (neighbours differ by up to 255 levels), and the sizes give the vector loops
/// leftover columns and clamped borders on every side.
@Test(arguments: [(Float(1 / 1.15), Point(4.3, 2.7)), (Float(1 / 1.6), Point(-2.4, 9.1)), (Float(0.5), Point(0.25, 0.75)),
                  (Float(1 / 1.02), Point(0.6, -0.3)), (Float(1), Point(1.5, 0.5)), (Float(1.7), Point(-3.2, -1.1))])
func resamplingMatchesBilinearAtItsSamplePositions(scale: Float, offset: Point) {
    let (sw, sh) = (93, 58)
    let source = PixelBuffer(width: sw, height: sh)
    var seed: UInt64 = 0x9E37_79B9_7F4A_7C15
    for y in 0..<sh {
        for x in 0..<sw {
            seed = seed &* 6364136223846793005 &+ 1442695040888963407
            source.setPixel(x: x, y: y, UInt32(truncatingIfNeeded: seed >> 33) & 0xFF_FFFF)
        }
    }
    let (width, height) = (101, 63)
    let canvas = Canvas(buffer: PixelBuffer(width: width, height: height))
    canvas.drawResampled(from: source, scale: scale, offset: offset, outside: Color(rgb: 0x123456))
    func level(_ x: Int, _ y: Int, _ shift: UInt32) -> Double {
        Double(source.pixel(x: min(max(x, 0), sw - 1), y: min(max(y, 0), sh - 1))! >> shift & 0xFF)
    }
    var worst = 0.0
    for y in 0..<height {
        for x in 0..<width {
            // The resampler's own sample position (Float, as it computes it), on its 1/128-pixel grid.
            let sx = (Float(x) + 0.5) * scale + offset.x - 0.5, sy = (Float(y) + 0.5) * scale + offset.y - 0.5
            let p = canvas.buffer.pixel(x: x, y: y)!
            guard sx > -1, sx < Float(sw), sy > -1, sy < Float(sh) else {
                #expect(p == 0x123456, "outside at \(x),\(y)")
                continue
            }
            let x0 = Int(sx.rounded(.down)), y0 = Int(sy.rounded(.down))
            let fx = Double(UInt16((sx - Float(x0)) * 128)) / 128, fy = Double(UInt16((sy - Float(y0)) * 128)) / 128
            #expect(p >> 24 == 0)
            for shift in [0, 8, 16] as [UInt32] {
                let top = level(x0, y0, shift) * (1 - fx) + level(x0 + 1, y0, shift) * fx
                let bottom = level(x0, y0 + 1, shift) * (1 - fx) + level(x0 + 1, y0 + 1, shift) * fx
                worst = max(worst, abs(Double(p >> shift & 0xFF) - (top * (1 - fy) + bottom * fy)))
            }
        }
    }
    #expect(worst <= 1, "scale \(scale): worst difference \(worst) levels")
}
