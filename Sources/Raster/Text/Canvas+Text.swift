extension Canvas {
    /// Draws shaped text with its baseline origin at `origin`. Glyphs snap to quarter pixels horizontally and to
    /// whole pixels vertically (the glyph cache's phases).
    public func draw(_ shaped: ShapedText, at origin: Point, font: Font, color: Color) {
        forEachGlyph(shaped, at: origin, font: font) { mask, x, y in blit(mask, x: x, y: y, color: color) }
    }

    /// Each glyph mask of `shaped` that can reach the clip and where its top-left goes, rendering glyphs the
    /// cache lacks: the only part of drawing text that touches the font (banded drawing calls it on one thread).
    func forEachGlyph(_ shaped: ShapedText, at origin: Point, font: Font, _ body: (AlphaMask, Int, Int) -> Void) {
        guard origin.x.isFinite, origin.y.isFinite, abs(origin.y) < 1e7 else { return }
        guard !shaped.bounds(at: origin).enclosingPixels.intersection(clip).isEmpty else { return }
        let size = Font.size26Dot6(shaped.sizePixels)
        let phases = Float(GlyphCache.phases)
        let table = font.glyphCache.table(size26Dot6: size)
        // Half-up rounding (not half away from zero) so text moved by whole pixels lands on the same glyph phases,
        // either side of zero: a panned frame's shifted labels then match a full redraw exactly.
        let baseline = Int((origin.y + 0.5).rounded(.down))
        for glyph in shaped.glyphs {
            let x = origin.x + glyph.x
            guard x.isFinite, abs(x) < 1e7 else { continue }
            let steps = Int((x * phases + 0.5).rounded(.down))
            let whole = steps >> GlyphCache.phaseShift
            let phase = steps & (GlyphCache.phases - 1)
            guard let rendered = font.glyphCache.glyph(glyph.glyphID, phase: phase, in: table) else { continue }
            let y = baseline + Int((glyph.y + 0.5).rounded(.down))
            body(rendered.mask, whole + rendered.left, y - rendered.top)
        }
    }

    /// Shapes and draws `text`; the returned shaping tells the caller which characters, if any, the font lacks
    /// (those are not drawn) and how wide the text is.
    @discardableResult
    public func drawText(_ text: String, at origin: Point, font: Font, sizePixels: Float, color: Color) -> ShapedText {
        let shaped = font.shape(text, sizePixels: sizePixels)
        draw(shaped, at: origin, font: font, color: color)
        return shaped
    }
}
