import Raster
import Testing

@Test func horizontalStrokeCoversLengthTimesWidthPlusRoundCaps() {
    let canvas = makeCanvas()
    canvas.stroke(polyline: [Point(20.5, 40.3), Point(100.5, 40.3)], style: StrokeStyle(width: 8), color: .white)
    let expected = 80.0 * 8 + Double.pi * 16
    #expect(relativeError(totalCoverage(canvas.buffer), expected) < 0.005)
    // Across the stroke, a column adds up to the width.
    var column = 0.0
    for y in 30..<52 { column += coverage(canvas.buffer, 60, y) }
    #expect(abs(column - 8) < 0.02)
}

@Test func buttCapsEndTheStrokeAtItsEndpoints() {
    let canvas = makeCanvas()
    canvas.stroke(polyline: [Point(20, 40), Point(100, 40)], style: StrokeStyle(width: 6, cap: .butt), color: .white)
    #expect(relativeError(totalCoverage(canvas.buffer), 80.0 * 6) < 0.005)
    #expect(canvas.buffer.pixel(x: 19, y: 40) == 0)
    #expect(canvas.buffer.pixel(x: 20, y: 40) == 0xFFFFFF)
}

@Test func squareCapsExtendByHalfTheWidth() {
    let canvas = makeCanvas()
    canvas.stroke(polyline: [Point(20, 40), Point(100, 40)], style: StrokeStyle(width: 6, cap: .square),
                  color: .white)
    #expect(relativeError(totalCoverage(canvas.buffer), 86.0 * 6) < 0.005)
}

@Test func roundJoinedCornerHasNoGapsOrHoles() {
    let canvas = makeCanvas()
    // A right-angle turn: two arms plus a quarter disc at the outer corner, overlapping square counted once.
    canvas.stroke(polyline: [Point(20, 30), Point(90, 30), Point(90, 110)],
                  style: StrokeStyle(width: 10, join: .round, cap: .butt), color: .white)
    let expected = 70.0 * 10 + 80.0 * 10 - 25 + Double.pi * 25 / 4
    #expect(relativeError(totalCoverage(canvas.buffer), expected) < 0.005)
    for (x, y) in [(86, 33), (90, 30), (92, 28), (88, 34)] {
        #expect(canvas.buffer.pixel(x: x, y: y) == 0xFFFFFF, "pixel \(x),\(y)")
    }
}

@Test func sharpZigzagStrokeFillsEverySegment() {
    let canvas = makeCanvas()
    let points = [Point(10, 100), Point(30, 20), Point(50, 100), Point(70, 20), Point(90, 100), Point(95, 60)]
    canvas.stroke(polyline: points, style: StrokeStyle(width: 7), color: .white)
    // Every segment's midpoint is fully covered: inner joins must not cut holes.
    for i in 0..<(points.count - 1) {
        let m = Point((points[i].x + points[i + 1].x) / 2, (points[i].y + points[i + 1].y) / 2)
        #expect(canvas.buffer.pixel(x: Int(m.x), y: Int(m.y)) == 0xFFFFFF, "segment \(i)")
    }
    // The vertices themselves are covered too.
    for p in points { #expect(canvas.buffer.pixel(x: Int(p.x), y: Int(p.y)) == 0xFFFFFF) }
}

@Test func miterJoinMakesASharpCorner() {
    let canvas = makeCanvas()
    canvas.stroke(polyline: [Point(20, 30), Point(90, 30), Point(90, 110)],
                  style: StrokeStyle(width: 10, join: .miter(limit: 4), cap: .butt), color: .white)
    #expect(canvas.buffer.pixel(x: 94, y: 25) == 0xFFFFFF)
    #expect(relativeError(totalCoverage(canvas.buffer), 70.0 * 10 + 80 * 10) < 0.005)
}

@Test func strokerPathIsAFillablePath() {
    let path = Stroker.path(polyline: [Point(10, 10), Point(50, 10)], style: StrokeStyle(width: 4, cap: .butt))
    let canvas = makeCanvas()
    canvas.fill(path, color: .white)
    #expect(relativeError(totalCoverage(canvas.buffer), 160) < 0.005)
}
