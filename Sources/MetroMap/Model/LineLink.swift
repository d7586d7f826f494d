/// What a line knows about the stretch between two consecutive stations: how it bends and how long it takes.
public struct LineLink: Hashable, Sendable {
    public var from: String
    public var to: String
    /// Points the line passes through between `from` and `to`, in that direction.
    public var bendPoints: [SchemePoint]
    /// The bend points are control points of a smooth curve rather than corners of a polyline.
    public var isSpline: Bool
    /// Scheduled running time; nil where the source does not say.
    public var travelSeconds: Double?

    public init(from: String, to: String, bendPoints: [SchemePoint] = [], isSpline: Bool = false,
                travelSeconds: Double? = nil) {
        self.from = from
        self.to = to
        self.bendPoints = bendPoints
        self.isSpline = isSpline
        self.travelSeconds = travelSeconds
    }

    /// Whether this link joins `a` and `b`, in either direction.
    public func joins(_ a: String, _ b: String) -> Bool {
        (from == a && to == b) || (from == b && to == a)
    }
}
