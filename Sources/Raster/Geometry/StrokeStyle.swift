/// How two segments of a stroked polyline meet.
public enum LineJoin: Hashable, Sendable {
    case round
    case bevel
    /// A sharp corner, cut to a bevel when the miter would be longer than `limit` half-widths (cairo's rule).
    case miter(limit: Float)
}

/// How a stroked polyline ends.
public enum LineCap: Hashable, Sendable {
    case round
    case butt
    case square
}

public struct StrokeStyle: Hashable, Sendable {
    public var width: Float
    public var join: LineJoin
    public var cap: LineCap

    public init(width: Float, join: LineJoin = .round, cap: LineCap = .round) {
        self.width = width
        self.join = join
        self.cap = cap
    }
}
