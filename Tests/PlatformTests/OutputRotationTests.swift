import KioskCore
import Raster
import Testing
import TouchInput
@testable import Platform

@Test(arguments: OutputRotation.allCases)
func touchOnAPixelMapsBackToThatPixelUpright(rotation: OutputRotation) {
    // The finger on the centre of the scanout pixel that shows upright pixel (x, y) must land on (x, y)'s centre.
    let w = 7, h = 4
    for y in 0..<h {
        for x in 0..<w {
            let s = rotation.scanoutPixel(x: x, y: y, uprightWidth: w, uprightHeight: h)
            let p = rotation.uprightPoint(scanoutX: Double(s.x) + 0.5, scanoutY: Double(s.y) + 0.5,
                                          uprightWidth: Double(w), uprightHeight: Double(h))
            #expect(p.x == Double(x) + 0.5 && p.y == Double(y) + 0.5)
        }
    }
}

@Test func rotationNinetyTurnsTouchDirectionsWithTheImage() {
    // 800×1280 upright on a 1280×800 scanout. Scanout x = h - y: a finger moving right on the glass moves up the
    // upright image, as the image's top edge is on the right.
    let a = OutputRotation.clockwise90.uprightPoint(scanoutX: 100, scanoutY: 300, uprightWidth: 800, uprightHeight: 1280)
    let b = OutputRotation.clockwise90.uprightPoint(scanoutX: 200, scanoutY: 300, uprightWidth: 800, uprightHeight: 1280)
    #expect(a.x == 300 && a.y == 1180)
    #expect(b.x == 300 && b.y == 1080)
}

@Test func degreesAreNormalised() {
    #expect(OutputRotation(degrees: -90) == .clockwise270)
    #expect(OutputRotation(degrees: 450) == .clockwise90)
    #expect(OutputRotation(degrees: 45) == nil)
}

@Test func uprightSizeSwapsForQuarterTurns() {
    #expect(OutputRotation.clockwise90.uprightSize(scanoutWidth: 1920, scanoutHeight: 1080) == OutputSize(width: 1080, height: 1920))
    #expect(OutputRotation.upsideDown180.uprightSize(scanoutWidth: 1920, scanoutHeight: 1080) == OutputSize(width: 1920, height: 1080))
}

@Test func damageUnionIsTheBoundingBoxAndEmptyAddsNothing() {
    let a = IntRect(x: 10, y: 10, width: 5, height: 5)
    let b = IntRect(x: 0, y: 12, width: 3, height: 10)
    #expect(a.union(b) == IntRect(x: 0, y: 10, width: 15, height: 12))
    #expect(a.union(IntRect(x: 100, y: 100, width: 0, height: 0)) == a)
}
