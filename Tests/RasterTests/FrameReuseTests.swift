import Raster
import Testing

private func pattern(_ x: Int, _ y: Int) -> UInt32 { UInt32(x * 3) << 16 | UInt32(y * 5) << 8 | UInt32((x * y) & 0xFF) }

private func patterned(width: Int, height: Int) -> PixelBuffer {
    let buffer = PixelBuffer(width: width, height: height)
    for y in 0..<height { for x in 0..<width { buffer.setPixel(x: x, y: y, pattern(x, y)) } }
    return buffer
}

@Test func shiftingMovesPixelsAndReportsExactlyTheExposedArea() {
    for (dx, dy) in [(5, 3), (-7, 2), (4, -6), (-3, -3), (0, 9), (-11, 0)] {
        let buffer = patterned(width: 40, height: 30)
        let exposed = buffer.shiftContents(dx: dx, dy: dy)
        var exposedCount = 0
        for y in 0..<30 {
            for x in 0..<40 {
                let inStrips = exposed.filter { $0.contains(x: x, y: y) }.count
                #expect(inStrips <= 1, "strips overlap at \(x),\(y)")
                let sx = x - dx, sy = y - dy
                if sx >= 0, sx < 40, sy >= 0, sy < 30 {
                    #expect(inStrips == 0)
                    #expect(buffer.pixel(x: x, y: y) == pattern(sx, sy), "shift \(dx),\(dy) at \(x),\(y)")
                } else {
                    exposedCount += 1
                    #expect(inStrips == 1, "shift \(dx),\(dy): \(x),\(y) not reported")
                }
            }
        }
        #expect(exposed.reduce(0) { $0 + $1.width * $1.height } == exposedCount)
    }
}

@Test func shiftingWithinARectLeavesTheRestAlone() {
    let buffer = patterned(width: 40, height: 30)
    let area = IntRect(x: 5, y: 4, width: 20, height: 15)
    buffer.shiftContents(dx: 3, dy: -2, within: area)
    #expect(buffer.pixel(x: 2, y: 2) == pattern(2, 2))
    #expect(buffer.pixel(x: 30, y: 10) == pattern(30, 10))
    #expect(buffer.pixel(x: 10, y: 10) == pattern(7, 12))
}

@Test func panByShiftAndStripRedrawMatchesAFullRedraw() throws {
    let font = try Font.loadDefault()
    func draw(_ canvas: Canvas, offset: Point) {
        canvas.clear(.white)
        canvas.stroke(polyline: [Point(10, 90), Point(60, 30), Point(120, 70)].map { $0 + offset },
                      style: StrokeStyle(width: 7), color: Color(rgb: 0xEF161E))
        canvas.fillCircle(center: Point(60.3, 30.6) + offset, radius: 5, color: .white)
        canvas.strokeCircle(center: Point(60.3, 30.6) + offset, radius: 5, width: 2, color: Color(rgb: 0x0078BE))
        canvas.drawText("Охотный Ряд", at: Point(30, 110) + offset, font: font, sizePixels: 12, color: .black)
    }
    let panned = makeCanvas()
    draw(panned, offset: Point(0, 0))
    let strips = panned.buffer.shiftContents(dx: 9, dy: -4)
    for strip in strips {
        panned.clip = strip
        draw(panned, offset: Point(9, -4))
    }
    panned.clip = panned.buffer.bounds
    let full = makeCanvas()
    draw(full, offset: Point(9, -4))
    var worst = 0
    for y in 0..<128 {
        for x in 0..<128 {
            let a = panned.buffer.pixel(x: x, y: y)!, b = full.buffer.pixel(x: x, y: y)!
            for shift in [0, 8, 16] as [UInt32] { worst = max(worst, abs(Int(a >> shift & 0xFF) - Int(b >> shift & 0xFF))) }
        }
    }
    #expect(worst <= 2)
}

@Test func resamplingAtScaleOneWithWholeOffsetCopies() {
    let source = patterned(width: 40, height: 30)
    let canvas = makeCanvas(width: 40, height: 30)
    canvas.drawResampled(from: source, scale: 1, offset: Point(3, -2), outside: Color(rgb: 0x010203))
    #expect(canvas.buffer.pixel(x: 10, y: 10) == pattern(13, 8))
    #expect(canvas.buffer.pixel(x: 39, y: 5) == 0x010203)
    #expect(canvas.buffer.pixel(x: 5, y: 0) == 0x010203)
}

@Test func resamplingMagnifiesWithLinearInterpolation() {
    // Left half black, right half white; magnified 4× about the split, the ramp spans a few pixels and is monotone.
    let source = PixelBuffer(width: 20, height: 10)
    source.fill(IntRect(x: 10, y: 0, width: 10, height: 10), with: 0xFFFFFF)
    let canvas = makeCanvas(width: 40, height: 10)
    canvas.drawResampled(from: source, scale: 0.25, offset: Point(5, 3), outside: .black)
    var previous = -1
    for x in 0..<40 {
        let level = Int(canvas.buffer.pixel(x: x, y: 5)! & 0xFF)
        #expect(level >= previous)
        previous = level
    }
    #expect(canvas.buffer.pixel(x: 0, y: 5) == 0)
    #expect(canvas.buffer.pixel(x: 39, y: 5) == 0xFFFFFF)
    // The source split at x = 10 maps to destination x = 20: the pixel centred there is half way.
    let mid = Int(canvas.buffer.pixel(x: 20, y: 5)! & 0xFF)
    #expect(mid > 64 && mid < 192, "level \(mid)")
}

/// Bilinear sampling written plainly, to check the vectorised resampler against.
private func referenceSample(_ source: PixelBuffer, _ sx: Double, _ sy: Double, channel shift: UInt32) -> Double {
    let x0 = Int(sx.rounded(.down)), y0 = Int(sy.rounded(.down))
    let fx = sx - Double(x0), fy = sy - Double(y0)
    func at(_ x: Int, _ y: Int) -> Double {
        let p = source.pixel(x: min(max(x, 0), source.width - 1), y: min(max(y, 0), source.height - 1))!
        return Double(p >> shift & 0xFF)
    }
    let top = at(x0, y0) * (1 - fx) + at(x0 + 1, y0) * fx
    let bottom = at(x0, y0 + 1) * (1 - fx) + at(x0 + 1, y0 + 1) * fx
    return top * (1 - fy) + bottom * fy
}

@Test func resamplingMatchesPlainBilinearInterpolation() {
    let source = patterned(width: 61, height: 37)
    for (scale, offset) in [(Float(1 / 1.15), Point(4.3, 2.7)), (Float(1.7), Point(-3.2, -1.1)), (Float(0.5), Point(0, 0))] {
        let canvas = makeCanvas(width: 57, height: 33)
        canvas.drawResampled(from: source, scale: scale, offset: offset, outside: Color(rgb: 0x123456))
        var worst = 0.0
        for y in 0..<33 {
            for x in 0..<57 {
                let sx = (Double(x) + 0.5) * Double(scale) + Double(offset.x) - 0.5
                let sy = (Double(y) + 0.5) * Double(scale) + Double(offset.y) - 0.5
                let p = canvas.buffer.pixel(x: x, y: y)!
                guard sx > -1, sx < 61, sy > -1, sy < 37 else {
                    #expect(p == 0x123456, "outside at \(x),\(y)")
                    continue
                }
                #expect(p >> 24 == 0)
                for shift in [0, 8, 16] as [UInt32] {
                    worst = max(worst, abs(Double(p >> shift & 0xFF) - referenceSample(source, sx, sy, channel: shift)))
                }
            }
        }
        // Samples sit on a 1/128-pixel grid (7-bit weights, as pixman's bilinear filter): each axis moves a sample by
        // less than 1/128 pixel, worth up to 2 levels across the pattern's sharpest steps, plus a level of rounding.
        #expect(worst <= 3.5, "scale \(scale): worst difference \(worst) levels")
    }
}
