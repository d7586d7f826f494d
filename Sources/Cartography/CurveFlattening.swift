import Foundation
import Raster

/// Smooth curves through knots, flattened to a pixel tolerance: each span between knots `p1`–`p2` is the
/// Catmull-Rom segment with neighbours `p0` and `p3` (tangent at a knot = half the chord between its
/// neighbours, so consecutive spans share their tangent), drawn as the equivalent cubic Bézier
/// (`b1 = p1 + (p2 − p0)/6`, `b2 = p2 − (p3 − p1)/6`). A chord of a cubic over a parameter step `h` strays at most
/// `h²/8 · max|B″|` from it, and `max|B″| ≤ 6 · max(|b0 − 2b1 + b2|, |b1 − 2b2 + b3|)`, so `n = ⌈√(6m / 8tol)⌉`
/// chords keep every point within `tol` pixels.
enum CurveFlattening {
    /// Default tolerance: a quarter pixel is below what anti-aliasing shows.
    static let tolerancePixels: Float = 0.25

    /// Points of the curve through `knots` (in pixels), first knot included; `lead`/`trail` are the knots beyond
    /// either end (nil repeats the end knot, a free end).
    static func flatten(_ knots: [Point], lead: Point?, trail: Point?, tolerance: Float = tolerancePixels) -> [Point] {
        guard knots.count >= 2 else { return knots }
        var out: [Point] = [knots[0]]
        out.reserveCapacity(knots.count * 4)
        for index in 0..<(knots.count - 1) {
            let p1 = knots[index], p2 = knots[index + 1]
            let p0 = index > 0 ? knots[index - 1] : (lead ?? p1)
            let p3 = index + 2 < knots.count ? knots[index + 2] : (trail ?? p2)
            let b1 = Point(p1.x + (p2.x - p0.x) / 6, p1.y + (p2.y - p0.y) / 6)
            let b2 = Point(p2.x - (p3.x - p1.x) / 6, p2.y - (p3.y - p1.y) / 6)
            let d1 = Point(p1.x - 2 * b1.x + b2.x, p1.y - 2 * b1.y + b2.y)
            let d2 = Point(b1.x - 2 * b2.x + p2.x, b1.y - 2 * b2.y + p2.y)
            let m = 6 * max((d1.x * d1.x + d1.y * d1.y).squareRoot(), (d2.x * d2.x + d2.y * d2.y).squareRoot())
            let steps = m.isFinite ? min(max(Int((m / (8 * tolerance)).squareRoot().rounded(.up)), 1), 256) : 1
            for step in 1...steps {
                let t = Float(step) / Float(steps), u = 1 - t
                let a = u * u * u, b = 3 * u * u * t, c = 3 * u * t * t, d = t * t * t
                out.append(Point(a * p1.x + b * b1.x + c * b2.x + d * p2.x, a * p1.y + b * b1.y + c * b2.y + d * p2.y))
            }
        }
        return out
    }

    /// The ellipse inscribed in `box`, as a closed polygon whose chords stay within `tolerance` of it.
    static func ellipse(in box: Rect, tolerance: Float = tolerancePixels) -> [Point] {
        let rx = (box.maxX - box.minX) / 2, ry = (box.maxY - box.minY) / 2
        let cx = box.minX + rx, cy = box.minY + ry
        let r = max(abs(rx), abs(ry))
        // A chord of angle θ on radius r strays r(1 − cos θ/2) ≈ rθ²/8.
        let steps = r > tolerance ? min(max(Int((2 * Float.pi / (8 * tolerance / r).squareRoot()).rounded(.up)), 8), 1024) : 8
        return (0..<steps).map { index in
            let angle = 2 * Float.pi * Float(index) / Float(steps)
            return Point(cx + rx * cosf(angle), cy + ry * sinf(angle))
        }
    }
}
