import Raster
import Testing

@Test func filledPolygonCoverageEqualsItsArea() {
    let canvas = makeCanvas()
    let polygon = [Point(10.3, 5.7), Point(80.2, 12.1), Point(110.6, 70.9), Point(60.5, 120.2), Point(20.1, 50.4)]
    canvas.fill(polygonPath(polygon), color: .white)
    #expect(relativeError(totalCoverage(canvas.buffer), polygonArea(polygon)) < 0.005)
}

@Test func filledCircleCoverageEqualsPiRSquared() {
    for radius: Float in [3.3, 20.3, 55.0] {
        let canvas = makeCanvas()
        canvas.fillCircle(center: Point(60.2, 63.7), radius: radius, color: .white)
        let expected = Double.pi * Double(radius) * Double(radius)
        #expect(relativeError(totalCoverage(canvas.buffer), expected) < 0.005, "radius \(radius)")
    }
}

@Test func bezierCirclePathCoverageEqualsPiRSquared() {
    let canvas = makeCanvas()
    var builder = PathBuilder()
    builder.addCircle(center: Point(64, 64), radius: 40.5)
    canvas.fill(builder.build(), color: .white)
    #expect(relativeError(totalCoverage(canvas.buffer), Double.pi * 40.5 * 40.5) < 0.005)
}

@Test func coverageAcrossAnEdgeNeverDecreases() {
    let canvas = makeCanvas()
    // A slanted left edge and a vertical right edge far away: along any row, coverage only rises then stays.
    canvas.fill(polygonPath([Point(10.3, 0), Point(120, 0), Point(120, 128), Point(47.9, 128)]), color: .white)
    for y in [3, 40, 77, 127] {
        var previous = -1.0
        for x in 0..<100 {
            let c = coverage(canvas.buffer, x, y)
            #expect(c >= previous, "row \(y) pixel \(x)")
            previous = c
        }
        #expect(previous == 1)
    }
}

@Test func halfCoveredPixelIsHalfBright() {
    let canvas = makeCanvas(width: 32, height: 32)
    canvas.fill(polygonPath([Point(10.5, 4), Point(20, 4), Point(20, 20), Point(10.5, 20)]), color: .white)
    let level = Int(canvas.buffer.pixel(x: 10, y: 10)! & 0xFF)
    #expect(abs(level * 2 - 255) <= 2, "level \(level)")
    // A diagonal through the pixel's corners halves it too.
    let diagonal = makeCanvas(width: 32, height: 32)
    diagonal.fill(polygonPath([Point(4, 4), Point(20, 20), Point(4, 20)]), color: .white)
    let onDiagonal = Int(diagonal.buffer.pixel(x: 10, y: 10)! & 0xFF)
    #expect(abs(onDiagonal * 2 - 255) <= 2, "level \(onDiagonal)")
}

@Test func halfCoveredPixelOfFastRectangleIsHalfBright() {
    let canvas = makeCanvas(width: 32, height: 32)
    canvas.fillRect(Rect(minX: 10.5, minY: 4, maxX: 20, maxY: 20.5), color: .white)
    #expect(abs(Int(canvas.buffer.pixel(x: 10, y: 10)! & 0xFF) * 2 - 255) <= 2)
    #expect(abs(Int(canvas.buffer.pixel(x: 15, y: 20)! & 0xFF) * 2 - 255) <= 2)
    #expect(canvas.buffer.pixel(x: 15, y: 10) == 0xFFFFFF)
    #expect(relativeError(totalCoverage(canvas.buffer), 9.5 * 16.5) < 0.005)
}

@Test func overlappingContoursOfTheSameDirectionFillOnce() {
    let canvas = makeCanvas()
    var builder = PathBuilder()
    builder.addRect(Rect(minX: 10, minY: 10, maxX: 60, maxY: 60))
    builder.addRect(Rect(minX: 40, minY: 40, maxX: 90, maxY: 90))
    canvas.fill(builder.build(), color: Color.white.withAlpha(128))
    // Non-zero: the overlap has winding 2 but is painted once, so it is as bright as the rest.
    #expect(canvas.buffer.pixel(x: 50, y: 50) == canvas.buffer.pixel(x: 20, y: 20))
    #expect(canvas.buffer.pixel(x: 20, y: 20) != 0)
}

@Test func reversedInnerContourCutsAHole() {
    let canvas = makeCanvas()
    var builder = PathBuilder()
    builder.addCircle(center: Point(64, 64), radius: 50, clockwise: true)
    builder.addCircle(center: Point(64, 64), radius: 20, clockwise: false)
    canvas.fill(builder.build(), color: .white)
    #expect(canvas.buffer.pixel(x: 64, y: 64) == 0)
    #expect(canvas.buffer.pixel(x: 64, y: 30) == 0xFFFFFF)
    #expect(relativeError(totalCoverage(canvas.buffer), Double.pi * (2500 - 400)) < 0.005)

    let sameDirection = makeCanvas()
    var both = PathBuilder()
    both.addCircle(center: Point(64, 64), radius: 50, clockwise: true)
    both.addCircle(center: Point(64, 64), radius: 20, clockwise: true)
    sameDirection.fill(both.build(), color: .white)
    #expect(sameDirection.buffer.pixel(x: 64, y: 64) == 0xFFFFFF)
}

@Test func ringHasItsAnnulusArea() {
    let canvas = makeCanvas()
    canvas.strokeCircle(center: Point(64.3, 60.1), radius: 30, width: 6, color: .white)
    #expect(canvas.buffer.pixel(x: 64, y: 60) == 0)
    #expect(relativeError(totalCoverage(canvas.buffer), Double.pi * (33 * 33 - 27 * 27)) < 0.005)
}

@Test func sourceOverBlendsTranslucentColours() {
    let canvas = makeCanvas(width: 8, height: 8)
    canvas.clear(Color(rgb: 0x0000FF))
    canvas.fillRect(Rect(x: 0, y: 0, width: 8, height: 8), color: Color(rgb: 0xFF0000, alpha: 128))
    let p = canvas.buffer.pixel(x: 3, y: 3)!
    #expect(abs(Int(p >> 16 & 0xFF) - 128) <= 1)
    #expect(p >> 8 & 0xFF == 0)
    #expect(abs(Int(p & 0xFF) - 127) <= 1)
}

@Test func stampedMarkersMatchRasterizedOnesAtQuarterPixelCentres() {
    for (center, radius) in [(Point(20.25, 30.5), Float(5.5)), (Point(70.75, 64), Float(9)), (Point(13, 14.25), Float(4))] {
        let stamped = makeCanvas(), exact = makeCanvas()
        exact.usesStampCache = false
        for canvas in [stamped, exact] {
            canvas.fillCircle(center: center, radius: radius, color: .white)
            canvas.strokeCircle(center: center + Point(30, 30), radius: radius, width: 2.5, color: .white)
        }
        var differing = 0
        for y in 0..<128 {
            for x in 0..<128 where stamped.buffer.pixel(x: x, y: y) != exact.buffer.pixel(x: x, y: y) { differing += 1 }
        }
        #expect(differing == 0, "centre \(center)")
        #expect(relativeError(totalCoverage(exact.buffer), Double.pi * Double(radius * radius)
                                + Double.pi * 2 * Double(radius) * 2.5) < 0.005)
    }
}

@Test func exactCirclesWithoutStampsCoverPiRSquared() {
    let canvas = makeCanvas()
    canvas.usesStampCache = false
    canvas.fillCircle(center: Point(60.2, 63.7), radius: 7.3, color: .white)
    #expect(relativeError(totalCoverage(canvas.buffer), Double.pi * 7.3 * 7.3) < 0.005)
}
