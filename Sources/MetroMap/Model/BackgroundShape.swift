/// One element of a scheme's background layer, drawn under the lines in map order: water, parks, frames,
/// titles and legends (pMetro keeps these in a `.vec` file beside the scheme).
public struct BackgroundShape: Hashable, Sendable {
    public enum Kind: String, CaseIterable, Hashable, Sendable {
        /// A closed outline, filled and/or outlined.
        case polygon
        /// An open run of straight segments.
        case polyline
        /// An open curve passing smoothly through its points.
        case spline
        /// The ellipse inscribed in the box of its two points (opposite corners).
        case ellipse
        /// One line of text; `points[0]` is the top-left corner of its box.
        case text
    }

    public var kind: Kind
    public var points: [SchemePoint]
    /// Fill of a polygon or ellipse; nil leaves the inside clear.
    public var fill: RGBColor?
    /// Outline or line colour; for text, the text colour. nil draws no outline.
    public var stroke: RGBColor?
    /// Stroke width in scheme units.
    public var width: Double
    /// Text of a `.text` shape; empty otherwise.
    public var text: String
    /// Text height (em size) in scheme units.
    public var size: Double

    public init(kind: Kind, points: [SchemePoint], fill: RGBColor? = nil, stroke: RGBColor? = nil, width: Double = 1,
                text: String = "", size: Double = 0) {
        self.kind = kind
        self.points = points
        self.fill = fill
        self.stroke = stroke
        self.width = width
        self.text = text
        self.size = size
    }

    /// The box of its points (for text, the start of the text only; its extent depends on the font).
    public var pointBounds: SchemeRect? {
        guard let first = points.first else { return nil }
        var box = SchemeRect(x: first.x, y: first.y, width: 0, height: 0)
        for point in points.dropFirst() { box = box.union(SchemeRect(x: point.x, y: point.y, width: 0, height: 0)) }
        return box
    }
}
