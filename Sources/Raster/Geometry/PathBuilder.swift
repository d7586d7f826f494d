/// Accumulates contours into a `Path`. A drawing verb without a preceding `move` starts at the origin,
/// as in tiny-skia; a `move` after an open contour leaves that contour to be closed implicitly by the fill.
public struct PathBuilder {
    private var verbs: [PathVerb] = []
    private var points: [Point] = []
    private var contourStart = Point(0, 0)
    private var hasCurrentPoint = false

    public init() {}

    public mutating func move(to p: Point) {
        verbs.append(.move)
        points.append(p)
        contourStart = p
        hasCurrentPoint = true
    }

    public mutating func line(to p: Point) {
        ensureStarted()
        verbs.append(.line)
        points.append(p)
    }

    public mutating func quad(to p: Point, control c: Point) {
        ensureStarted()
        verbs.append(.quad)
        points.append(c)
        points.append(p)
    }

    public mutating func cubic(to p: Point, control1 c1: Point, control2 c2: Point) {
        ensureStarted()
        verbs.append(.cubic)
        points.append(c1)
        points.append(c2)
        points.append(p)
    }

    public mutating func close() {
        guard hasCurrentPoint else { return }
        verbs.append(.close)
        hasCurrentPoint = false
    }

    /// A closed polygon through `vertices`.
    public mutating func addPolygon(_ vertices: [Point]) {
        guard let first = vertices.first else { return }
        move(to: first)
        for p in vertices.dropFirst() { line(to: p) }
        close()
    }

    /// A full circle of four cubic Béziers (the usual kappa = 0.5523 approximation), counter-clockwise on screen
    /// when `clockwise` is false, so a reversed one can cut a hole.
    public mutating func addCircle(center: Point, radius: Float, clockwise: Bool = true) {
        let k: Float = 0.552_284_75 * radius
        let s: Float = clockwise ? 1 : -1
        let (cx, cy, r) = (center.x, center.y, radius)
        move(to: Point(cx + r, cy))
        cubic(to: Point(cx, cy + s * r), control1: Point(cx + r, cy + s * k), control2: Point(cx + k, cy + s * r))
        cubic(to: Point(cx - r, cy), control1: Point(cx - k, cy + s * r), control2: Point(cx - r, cy + s * k))
        cubic(to: Point(cx, cy - s * r), control1: Point(cx - r, cy - s * k), control2: Point(cx - k, cy - s * r))
        cubic(to: Point(cx + r, cy), control1: Point(cx + k, cy - s * r), control2: Point(cx + r, cy - s * k))
        close()
    }

    public mutating func addRect(_ rect: Rect) {
        addPolygon([Point(rect.minX, rect.minY), Point(rect.maxX, rect.minY),
                    Point(rect.maxX, rect.maxY), Point(rect.minX, rect.maxY)])
    }

    public func build() -> Path {
        Path(verbs: verbs, points: points)
    }

    private mutating func ensureStarted() {
        if !hasCurrentPoint { move(to: contourStart) }
    }
}
