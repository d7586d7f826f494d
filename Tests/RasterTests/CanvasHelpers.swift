import Raster

/// A black buffer of the given size with a canvas on it.
func makeCanvas(width: Int = 128, height: Int = 128) -> Canvas {
    Canvas(buffer: PixelBuffer(width: width, height: height))
}

/// The green channel of a pixel as coverage 0...1 (shapes in these tests are drawn white on black).
func coverage(_ buffer: PixelBuffer, _ x: Int, _ y: Int) -> Double {
    Double((buffer.pixel(x: x, y: y) ?? 0) >> 8 & 0xFF) / 255
}

/// Total coverage of the buffer in pixels: the rasterizer's idea of the drawn area.
func totalCoverage(_ buffer: PixelBuffer) -> Double {
    var sum = 0.0
    for y in 0..<buffer.height {
        for x in 0..<buffer.width { sum += coverage(buffer, x, y) }
    }
    return sum
}

/// Shoelace area of a simple polygon.
func polygonArea(_ points: [Point]) -> Double {
    var twice = 0.0
    for i in points.indices {
        let a = points[i], b = points[(i + 1) % points.count]
        twice += Double(a.x) * Double(b.y) - Double(b.x) * Double(a.y)
    }
    return abs(twice) / 2
}

func polygonPath(_ points: [Point]) -> Path {
    var builder = PathBuilder()
    builder.addPolygon(points)
    return builder.build()
}

func relativeError(_ value: Double, _ expected: Double) -> Double {
    abs(value - expected) / expected
}
