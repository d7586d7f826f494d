/// How to walk an arc of a given radius in equal angular steps so that every chord stays within `tolerance`
/// of the true arc: the step is 2·acos(1 − tolerance / radius).
///
/// `radiusScale` moves the polygon's vertices outward by √(step / sin step) so that a full polygon has exactly the
/// area of the circle (πr²) instead of the smaller inscribed area; the outline then straddles the true circle.
struct ArcStepping {
    let count: Int
    let cosStep: Float
    let sinStep: Float
    let radiusScale: Float

    init(radius: Float, sweepRadians sweep: Float, tolerance: Float) {
        let ratio = radius > tolerance ? 1 - tolerance / radius : -1
        let maxStep = 2 * Float.acosApprox(ratio)
        let n = (abs(sweep) / maxStep).rounded(.up)
        count = Int(max(1, min(n, 1024)))
        let step = sweep / Float(count)
        cosStep = Float.cosine(step)
        sinStep = Float.sine(step)
        radiusScale = abs(step) > 1e-4 ? (abs(step) / abs(sinStep)).squareRoot() : 1
    }
}

/// Emits a full circle as a closed polygon. `clockwise` on screen (y down) winds positive.
func addCircle<Sink: LineSink>(center: Point, radius: Float, clockwise: Bool, tolerance: Float,
                               into sink: inout Sink) {
    guard radius > 0 else { return }
    let arc = ArcStepping(radius: radius, sweepRadians: clockwise ? 2 * .pi : -2 * .pi, tolerance: tolerance)
    let r = radius * arc.radiusScale
    var dx = r, dy: Float = 0
    var px = center.x + dx, py = center.y
    let firstX = px, firstY = py
    for _ in 1..<arc.count {
        let ndx = dx * arc.cosStep - dy * arc.sinStep
        dy = dx * arc.sinStep + dy * arc.cosStep
        dx = ndx
        let nx = center.x + dx, ny = center.y + dy
        sink.addLine(px, py, nx, ny)
        px = nx
        py = ny
    }
    sink.addLine(px, py, firstX, firstY)
}

