/// The drawing verbs of a path; each consumes a fixed number of points.
public enum PathVerb: UInt8, Sendable {
    case move   // 1 point
    case line   // 1 point
    case quad   // 2 points: control, end
    case cubic  // 3 points: control, control, end
    case close  // 0 points
}

/// An immutable outline of one or more contours, filled with the non-zero winding rule.
/// Build one with `PathBuilder`. Every contour is implicitly closed when filled.
public struct Path: Sendable {
    public let verbs: [PathVerb]
    public let points: [Point]
    /// Bounds of all points, control points included (so a conservative bound of the curve).
    public let bounds: Rect

    init(verbs: [PathVerb], points: [Point]) {
        self.verbs = verbs
        self.points = points
        if let first = points.first {
            var minX = first.x, minY = first.y, maxX = first.x, maxY = first.y
            for p in points {
                minX = min(minX, p.x); maxX = max(maxX, p.x)
                minY = min(minY, p.y); maxY = max(maxY, p.y)
            }
            bounds = Rect(minX: minX, minY: minY, maxX: maxX, maxY: maxY)
        } else {
            bounds = Rect(minX: 0, minY: 0, maxX: 0, maxY: 0)
        }
    }

    public var isEmpty: Bool { points.isEmpty }
}
