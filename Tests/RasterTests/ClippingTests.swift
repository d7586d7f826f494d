import Raster
import Testing

private let sentinel: UInt32 = 0x00AB_CDEF

/// A buffer whose memory has guard rows above and below and guard columns to the right (stride > width), so a
/// write outside the buffer lands in memory the test can inspect.
private final class GuardedBuffer {
    let width = 40, height = 30, stride = 48
    let memory: UnsafeMutablePointer<UInt32>
    let buffer: PixelBuffer

    init() {
        memory = .allocate(capacity: stride * (height + 2))
        memory.initialize(repeating: sentinel, count: stride * (height + 2))
        buffer = PixelBuffer(wrapping: memory + stride, width: width, height: height, strideBytes: stride * 4)
    }

    deinit { memory.deallocate() }

    var guardsUntouched: Bool {
        for i in 0..<stride where memory[i] != sentinel || memory[stride * (height + 1) + i] != sentinel { return false }
        for y in 0..<height {
            for x in width..<stride where buffer.pixels[y * stride + x] != sentinel { return false }
        }
        return true
    }
}

@Test func shapesAcrossEveryBufferEdgeStayInsideTheBuffer() {
    let guarded = GuardedBuffer()
    let canvas = Canvas(buffer: guarded.buffer)
    let (w, h) = (Float(guarded.width), Float(guarded.height))
    canvas.fill(polygonPath([Point(-1e6, -1e6), Point(1e6, 5), Point(3, 1e6)]), color: Color(rgb: 0x808080))
    let centres = [Point(0, h / 2), Point(w, h / 2), Point(w / 2, 0), Point(w / 2, h),
                   Point(0, 0), Point(w, 0), Point(0, h), Point(w, h)]
    for c in centres {
        canvas.fillCircle(center: c, radius: 7.3, color: .white)
        canvas.strokeCircle(center: c, radius: 9, width: 3, color: .white)
        canvas.fillRect(Rect(x: c.x - 5.5, y: c.y - 5.5, width: 11, height: 11), color: .white)
    }
    canvas.stroke(polyline: [Point(-20, -10), Point(60, 45), Point(-5, 40)], style: StrokeStyle(width: 5),
                  color: .white)
    #expect(guarded.guardsUntouched)
    // Shapes centred on an edge are drawn up to it.
    #expect(guarded.buffer.pixel(x: 0, y: 15) == 0xFFFFFF)
    #expect(guarded.buffer.pixel(x: 39, y: 15) == 0xFFFFFF)
    #expect(guarded.buffer.pixel(x: 20, y: 0) == 0xFFFFFF)
    #expect(guarded.buffer.pixel(x: 20, y: 29) == 0xFFFFFF)
}

@Test func pixelsOutsideTheClipAreUntouched() {
    let canvas = makeCanvas(width: 40, height: 30)
    canvas.buffer.fill(canvas.buffer.bounds, with: sentinel)
    let clip = IntRect(x0: 7, y0: 5, x1: 31, y1: 22)
    canvas.clip = clip
    canvas.fillCircle(center: Point(7, 5), radius: 6, color: .white)
    canvas.fillCircle(center: Point(31, 22), radius: 6, color: .white)
    canvas.fillRect(Rect(x: 25.5, y: 0, width: 20, height: 8.5), color: .white)
    canvas.stroke(polyline: [Point(0, 15), Point(40, 14)], style: StrokeStyle(width: 4), color: .white)
    canvas.blit(AlphaMask(width: 6, height: 6, alphas: [UInt8](repeating: 255, count: 36)), x: 4, y: 18,
                color: .white)
    let font = try? Font.loadDefault()
    if let font { canvas.drawText("Охотный Ряд", at: Point(-10, 24), font: font, sizePixels: 14, color: .white) }
    for y in 0..<30 {
        for x in 0..<40 where !clip.contains(x: x, y: y) {
            #expect(canvas.buffer.pixel(x: x, y: y) == sentinel, "pixel \(x),\(y)")
        }
    }
    // Inside the clip, right at its edges, the shapes were drawn.
    #expect(canvas.buffer.pixel(x: 7, y: 5) == 0xFFFFFF)
    #expect(canvas.buffer.pixel(x: 30, y: 21) == 0xFFFFFF)
    #expect(canvas.buffer.pixel(x: 7, y: 15) == 0xFFFFFF)
    #expect(canvas.buffer.pixel(x: 30, y: 14) == 0xFFFFFF)
}

@Test func clipIsKeptInsideTheBuffer() {
    let canvas = makeCanvas(width: 20, height: 10)
    canvas.clip = IntRect(x0: -5, y0: -5, x1: 100, y1: 100)
    #expect(canvas.clip == IntRect(x0: 0, y0: 0, x1: 20, y1: 10))
}

@Test func nonFiniteAndHugeCoordinatesDrawNothingAndDoNotTrap() throws {
    let canvas = makeCanvas(width: 16, height: 16)
    let bad: [Float] = [.nan, .infinity, -.infinity, 1e30, -1e30]
    for v in bad {
        canvas.fill(polygonPath([Point(v, 2), Point(10, v), Point(3, 12)]), color: .white)
        canvas.fill(polygonPath([Point(1, 1), Point(15, 1e-30), Point(v, 1e-29)]), color: .white)
        canvas.stroke(polyline: [Point(2, 2), Point(v, 8), Point(12, 12)], style: StrokeStyle(width: 3), color: .white)
        canvas.stroke(polyline: [Point(2, 2), Point(9, 9)], style: StrokeStyle(width: v), color: .white)
        canvas.fillCircle(center: Point(v, 8), radius: 4, color: .white)
        canvas.fillCircle(center: Point(8, 8), radius: v, color: .white)
        canvas.strokeCircle(center: Point(8, v), radius: 4, width: 2, color: .white)
        canvas.fillRect(Rect(minX: v, minY: 1, maxX: 5, maxY: 6), color: .white)
    }
    let font = try Font.loadDefault()
    for v in bad { canvas.drawText("Ab", at: Point(v, v), font: font, sizePixels: 12, color: .white) }

    // Non-finite geometry draws nothing at all (huge finite coordinates may legitimately cover pixels).
    let untouched = makeCanvas(width: 16, height: 16)
    for v: Float in [.nan, .infinity, -.infinity] {
        untouched.fill(polygonPath([Point(v, 2), Point(10, v), Point(3, 12)]), color: .white)
        untouched.stroke(polyline: [Point(2, 2), Point(9, 9)], style: StrokeStyle(width: v), color: .white)
        untouched.fillCircle(center: Point(v, 8), radius: 4, color: .white)
        untouched.fillCircle(center: Point(8, 8), radius: v, color: .white)
        untouched.strokeCircle(center: Point(8, v), radius: 4, width: 2, color: .white)
        untouched.fillRect(Rect(minX: v, minY: 1, maxX: 5, maxY: 6), color: .white)
        untouched.drawText("Ab", at: Point(v, v), font: font, sizePixels: 12, color: .white)
    }
    for y in 0..<16 { for x in 0..<16 { #expect(untouched.buffer.pixel(x: x, y: y) == 0, "pixel \(x),\(y)") } }
}
