/// Turns a polyline into the outline of its stroke: one closed contour walking the left offset forward and the
/// right offset back, with joins and caps. Geometry only; the outline is then filled non-zero.
///
/// Inner joins go through the pivot vertex (Skia's HandleInnerJoin): the small loops this makes wind the same way
/// as the stroke body, so the non-zero fill covers them without a hole and no offset-curve clipping is needed.
public enum Stroker {
    /// The stroke outline of `polyline` as a fillable path.
    public static func path(polyline: [Point], style: StrokeStyle, tolerance: Float = 0.1) -> Path {
        var outline: [Point] = []
        var scratch: [Point] = []
        appendOutline(polyline: polyline, style: style, tolerance: tolerance, into: &outline, scratch: &scratch)
        var builder = PathBuilder()
        builder.addPolygon(outline)
        return builder.build()
    }

    /// Appends the closed outline's vertices to `outline` (cleared first). `scratch` is reused between calls to
    /// avoid allocating in the per-frame path.
    static func appendOutline(polyline: [Point], style: StrokeStyle, tolerance: Float,
                              into outline: inout [Point], scratch vertices: inout [Point]) {
        outline.removeAll(keepingCapacity: true)
        vertices.removeAll(keepingCapacity: true)
        let halfWidth = style.width / 2
        guard halfWidth > 0, halfWidth.isFinite else { return }
        for p in polyline where p.x.isFinite && p.y.isFinite {
            if let last = vertices.last, abs(last.x - p.x) < 1e-4, abs(last.y - p.y) < 1e-4 { continue }
            vertices.append(p)
        }
        guard let first = vertices.first else { return }
        if vertices.count == 1 {
            appendDot(at: first, halfWidth: halfWidth, cap: style.cap, tolerance: tolerance, into: &outline)
            return
        }
        appendSide(vertices, halfWidth: halfWidth, style: style, tolerance: tolerance, into: &outline)
        vertices.reverse()
        appendSide(vertices, halfWidth: halfWidth, style: style, tolerance: tolerance, into: &outline)
    }

    /// Left offset of `vertices` in order, then the cap at the last vertex, ending on the right offset there.
    private static func appendSide(_ vertices: [Point], halfWidth h: Float, style: StrokeStyle, tolerance: Float,
                                   into out: inout [Point]) {
        var d0 = direction(vertices[0], vertices[1])
        var n0 = Point(-d0.y * h, d0.x * h)
        out.append(vertices[0] + n0)
        if vertices.count > 2 {
            for i in 1..<(vertices.count - 1) {
                let pivot = vertices[i]
                let d1 = direction(pivot, vertices[i + 1])
                let n1 = Point(-d1.y * h, d1.x * h)
                out.append(pivot + n0)
                appendJoin(pivot: pivot, d0: d0, n0: n0, d1: d1, n1: n1, halfWidth: h, join: style.join,
                           tolerance: tolerance, into: &out)
                d0 = d1
                n0 = n1
            }
        }
        let end = vertices[vertices.count - 1]
        out.append(end + n0)
        switch style.cap {
        case .butt:
            break
        case .square:
            let ext = d0 * h
            out.append(end + n0 + ext)
            out.append(end - n0 + ext)
        case .round:
            appendArc(center: end, from: n0, sweep: -.pi, radius: h, tolerance: tolerance, into: &out)
        }
        out.append(end - n0)
    }

    private static func appendJoin(pivot: Point, d0: Point, n0: Point, d1: Point, n1: Point, halfWidth h: Float,
                                   join: LineJoin, tolerance: Float, into out: inout [Point]) {
        let cross = d0.x * d1.y - d0.y * d1.x
        let dot = d0.x * d1.x + d0.y * d1.y
        if abs(cross) < 1e-6 && dot > 0 { out.append(pivot + n1); return }  // straight on
        if cross > 0 {
            // This side is the inside of the turn.
            out.append(pivot)
            out.append(pivot + n1)
            return
        }
        switch join {
        case .bevel:
            break
        case .round:
            let sweep = abs(cross) < 1e-6 ? -Float.pi : Float.atan2(cross, dot)
            appendArc(center: pivot, from: n0, sweep: sweep, radius: h, tolerance: tolerance, into: &out)
        case .miter(let limit):
            let cosHalf = ((1 + dot) / 2).squareRoot()
            if cosHalf > 1e-4, 1 / cosHalf <= limit {
                let bisector = n0 + n1
                let len = bisector.length
                if len > 1e-6 { out.append(pivot + bisector * (h / (cosHalf * len))) }
            }
        }
        out.append(pivot + n1)
    }

    /// Intermediate points of an arc around `center` starting at offset `from` (endpoints excluded).
    private static func appendArc(center: Point, from start: Point, sweep: Float, radius: Float, tolerance: Float,
                                  into out: inout [Point]) {
        let arc = ArcStepping(radius: radius, sweepRadians: sweep, tolerance: tolerance)
        guard arc.count > 1 else { return }
        var dx = start.x, dy = start.y
        for _ in 1..<arc.count {
            let ndx = dx * arc.cosStep - dy * arc.sinStep
            dy = dx * arc.sinStep + dy * arc.cosStep
            dx = ndx
            out.append(Point(center.x + dx * arc.radiusScale, center.y + dy * arc.radiusScale))
        }
    }

    private static func appendDot(at p: Point, halfWidth h: Float, cap: LineCap, tolerance: Float,
                                  into out: inout [Point]) {
        switch cap {
        case .butt:
            return
        case .square:
            out.append(contentsOf: [Point(p.x - h, p.y - h), Point(p.x + h, p.y - h),
                                    Point(p.x + h, p.y + h), Point(p.x - h, p.y + h)])
        case .round:
            out.append(p + Point(h, 0))
            appendArc(center: p, from: Point(h, 0), sweep: 2 * .pi, radius: h, tolerance: tolerance, into: &out)
        }
    }

    private static func direction(_ a: Point, _ b: Point) -> Point {
        let d = b - a
        let len = d.length
        return len > 0 ? d * (1 / len) : Point(1, 0)
    }
}
