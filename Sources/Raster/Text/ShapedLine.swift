/// One run of a shaped line: text one font shaped, placed `x` pixels from the line's origin.
public struct ShapedRun: Sendable {
    public let font: Font
    public let shaped: ShapedText
    public let x: Float
}

/// A line of text as shown: its runs left to right in display order (bidi-reordered), each shaped by the font of
/// the stack that covers it, and the characters no font of the stack covers (left out, never drawn as boxes).
public struct ShapedLine: Sendable {
    public let text: String
    public let sizePixels: Float
    public let runs: [ShapedRun]
    public let advance: Float
    public let missingCharacters: [Unicode.Scalar]
    /// The first font's ascent and descent at this size, so a line's box does not jump with the scripts in it.
    public let metrics: FontMetrics

    public init(text: String, sizePixels: Float, runs: [ShapedRun], metrics: FontMetrics) {
        self.text = text
        self.sizePixels = sizePixels
        self.runs = runs
        self.metrics = metrics
        advance = runs.last.map { $0.x + $0.shaped.advance } ?? 0
        missingCharacters = runs.flatMap(\.shaped.missingCharacters)
    }

    /// A line of one run in one font.
    public init(_ shaped: ShapedText, font: Font) {
        self.init(text: shaped.text, sizePixels: shaped.sizePixels, runs: [ShapedRun(font: font, shaped: shaped, x: 0)],
                  metrics: shaped.metrics)
    }

    public var allGlyphsFound: Bool { missingCharacters.isEmpty }

    /// How far a label's halo reaches beyond its glyphs at `sizePixels`.
    public static func haloRadius(sizePixels: Float) -> Float { GlyphCache.haloRadius(sizePixels: sizePixels) }

    /// A box that surely holds the ink (and a halo) when drawn at `origin`; see `ShapedText.bounds(at:)`.
    public func bounds(at origin: Point) -> Rect {
        let margin = sizePixels * 0.25 + 1 + GlyphCache.haloRadius(sizePixels: sizePixels)
        return Rect(minX: origin.x - margin, minY: origin.y - metrics.ascent - margin,
                    maxX: origin.x + advance + margin, maxY: origin.y + metrics.descent + margin)
    }
}
