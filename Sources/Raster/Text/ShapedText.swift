/// One positioned glyph of shaped text, relative to the text origin on the baseline (y down), in pixels.
public struct ShapedGlyph: Hashable, Sendable {
    public let glyphID: UInt32
    public let x: Float
    public let y: Float
    /// HarfBuzz's cluster: the UTF-8 offset in the text of the first character this glyph draws.
    public let cluster: UInt32
}

/// The result of shaping a string at one size: glyphs with HarfBuzz's positions (GPOS kerning applied), the total
/// advance, and the characters the font has no glyph for. Missing glyphs are left out of `glyphs`, so drawing
/// never shows a .notdef box; a caller that must show every character checks `missingCharacters`.
public struct ShapedText: Sendable {
    public let text: String
    public let sizePixels: Float
    public let glyphs: [ShapedGlyph]
    public let advance: Float
    public let missingCharacters: [Unicode.Scalar]
    /// The font's ascent and descent at this size (positive), for placing and boxing labels.
    public let metrics: FontMetrics

    public var allGlyphsFound: Bool { missingCharacters.isEmpty }

    /// A box that surely holds the ink when drawn at `origin`: advance by ascent + descent, widened by a quarter em
    /// on every side for overhanging glyphs and marks. For culling and label overlap tests.
    public func bounds(at origin: Point) -> Rect {
        let margin = sizePixels * 0.25 + 1
        return Rect(minX: origin.x - margin, minY: origin.y - metrics.ascent - margin,
                    maxX: origin.x + advance + margin, maxY: origin.y + metrics.descent + margin)
    }
}

/// Vertical metrics of a font at one size, in pixels: ascent above the baseline, descent below it (positive).
public struct FontMetrics: Hashable, Sendable {
    public let ascent: Float
    public let descent: Float
    public let lineGap: Float
}
