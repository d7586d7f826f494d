/// Turns a path into straight segments within `tolerance` pixels of the true curve, closing every contour.
/// Curves are split uniformly; the count comes from the bound on the second derivative
/// (chord error of a parameter step h is at most |B''|·h²/8).
func flatten<Sink: LineSink>(_ path: Path, tolerance: Float, into sink: inout Sink) {
    var start = Point(0, 0)
    var current = Point(0, 0)
    var open = false
    var pointIndex = 0
    let points = path.points
    for verb in path.verbs {
        switch verb {
        case .move:
            if open, current != start { sink.addLine(current.x, current.y, start.x, start.y) }
            start = points[pointIndex]
            current = start
            pointIndex += 1
            open = true
        case .line:
            let p = points[pointIndex]
            sink.addLine(current.x, current.y, p.x, p.y)
            current = p
            pointIndex += 1
        case .quad:
            let c = points[pointIndex], p = points[pointIndex + 1]
            flattenQuad(current, c, p, tolerance: tolerance, into: &sink)
            current = p
            pointIndex += 2
        case .cubic:
            let c1 = points[pointIndex], c2 = points[pointIndex + 1], p = points[pointIndex + 2]
            flattenCubic(current, c1, c2, p, tolerance: tolerance, into: &sink)
            current = p
            pointIndex += 3
        case .close:
            if open, current != start { sink.addLine(current.x, current.y, start.x, start.y) }
            current = start
            open = false
        }
    }
    if open, current != start { sink.addLine(current.x, current.y, start.x, start.y) }
}

private func segmentCount(secondDerivativeBound m: Float, tolerance: Float) -> Int {
    let n = (m / (8 * tolerance)).squareRoot().rounded(.up)
    return Int(max(1, min(n, 500)))
}

private func flattenQuad<Sink: LineSink>(_ p0: Point, _ p1: Point, _ p2: Point, tolerance: Float,
                                         into sink: inout Sink) {
    let dd = (p0 - p1 * 2 + p2).length * 2
    let n = segmentCount(secondDerivativeBound: dd, tolerance: tolerance)
    var prev = p0
    for i in 1...n {
        let t = Float(i) / Float(n), u = 1 - t
        let p = i == n ? p2 : Point(u * u * p0.x + 2 * u * t * p1.x + t * t * p2.x,
                                    u * u * p0.y + 2 * u * t * p1.y + t * t * p2.y)
        sink.addLine(prev.x, prev.y, p.x, p.y)
        prev = p
    }
}

private func flattenCubic<Sink: LineSink>(_ p0: Point, _ p1: Point, _ p2: Point, _ p3: Point, tolerance: Float,
                                          into sink: inout Sink) {
    let dd = max((p0 - p1 * 2 + p2).length, (p1 - p2 * 2 + p3).length) * 6
    let n = segmentCount(secondDerivativeBound: dd, tolerance: tolerance)
    var prev = p0
    for i in 1...n {
        let t = Float(i) / Float(n), u = 1 - t
        let a = u * u * u, b = 3 * u * u * t, c = 3 * u * t * t, d = t * t * t
        let p = i == n ? p3 : Point(a * p0.x + b * p1.x + c * p2.x + d * p3.x,
                                    a * p0.y + b * p1.y + c * p2.y + d * p3.y)
        sink.addLine(prev.x, prev.y, p.x, p.y)
        prev = p
    }
}
