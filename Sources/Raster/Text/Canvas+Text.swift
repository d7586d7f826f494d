extension Canvas {
    /// Draws shaped text with its baseline origin at `origin`. Glyphs snap to quarter pixels horizontally and to
    /// whole pixels vertically (the glyph cache's phases).
    public func draw(_ shaped: ShapedText, at origin: Point, font: Font, color: Color) {
        drawGlyphs(shaped, at: origin, font: font, color: color, tone: nil, halo: false)
    }

    private func drawGlyphs(_ shaped: ShapedText, at origin: Point, font: Font, color: Color, tone: TextTone?, halo: Bool) {
        forEachGlyph(shaped, at: origin, font: font, tone: tone, halo: halo) { mask, x, y in
            blit(mask, x: x, y: y, color: color)
        }
    }

    /// Each glyph (or halo) mask of `shaped` that can reach the clip and where its top-left goes, rendering what the
    /// cache lacks: the only part of drawing text that touches the font (banded drawing calls it on every thread,
    /// each through a `GlyphMemo` of its own).
    private func forEachGlyph(_ shaped: ShapedText, at origin: Point, font: Font, tone: TextTone?, halo: Bool,
                              _ body: (AlphaMask, Int, Int) -> Void) {
        guard origin.x.isFinite, origin.y.isFinite, abs(origin.y) < 1e7 else { return }
        guard !shaped.bounds(at: origin).enclosingPixels.intersection(clip).isEmpty else { return }
        let size = Font.size26Dot6(shaped.sizePixels)
        let phases = Float(GlyphCache.phases)
        let table = font.glyphTable(size26Dot6: size, tone: tone)
        // Half-up rounding (not half away from zero) so text moved by whole pixels lands on the same glyph phases,
        // either side of zero: a panned frame's shifted labels then match a full redraw exactly.
        let baseline = Int((origin.y + 0.5).rounded(.down))
        for glyph in shaped.glyphs {
            let x = origin.x + glyph.x
            guard x.isFinite, abs(x) < 1e7 else { continue }
            let steps = Int((x * phases + 0.5).rounded(.down))
            let whole = steps >> GlyphCache.phaseShift
            let phase = steps & (GlyphCache.phases - 1)
            let cached: RenderedGlyph?
            if let glyphMemo {
                cached = glyphMemo.glyph(glyph.glyphID, phase: phase, in: table, halo: halo, font: font)
            } else {
                cached = font.glyph(glyph.glyphID, phase: phase, in: table, halo: halo)
            }
            guard let rendered = cached else { continue }
            let y = baseline + Int((glyph.y + 0.5).rounded(.down))
            body(rendered.mask, whole + rendered.left, y - rendered.top)
        }
    }

    /// Draws a shaped line (runs in several fonts) with its baseline origin at `origin`. With a halo, every glyph's
    /// halo is drawn first, then the text over it, its coverage corrected for blending in linear light over the halo.
    public func draw(_ line: ShapedLine, at origin: Point, color: Color, halo: Color? = nil) {
        guard origin.x.isFinite, origin.y.isFinite, abs(origin.y) < 1e7 else { return }
        guard !line.bounds(at: origin).enclosingPixels.intersection(clip).isEmpty else { return }
        guard let halo else {
            for run in line.runs { draw(run.shaped, at: Point(origin.x + run.x, origin.y), font: run.font, color: color) }
            return
        }
        let tone = TextTone(foreground: color, background: halo)
        for run in line.runs {
            drawGlyphs(run.shaped, at: Point(origin.x + run.x, origin.y), font: run.font, color: halo, tone: tone, halo: true)
        }
        for run in line.runs {
            drawGlyphs(run.shaped, at: Point(origin.x + run.x, origin.y), font: run.font, color: color, tone: tone, halo: false)
        }
    }

    /// The masks `draw(line, at:, color:, halo:)` blits, in its order, each with its colour and position.
    func forEachGlyph(_ line: ShapedLine, at origin: Point, color: Color, halo: Color?,
                      _ body: (AlphaMask, Int, Int, Color) -> Void) {
        guard origin.x.isFinite, origin.y.isFinite, abs(origin.y) < 1e7 else { return }
        guard !line.bounds(at: origin).enclosingPixels.intersection(clip).isEmpty else { return }
        guard let halo else {
            for run in line.runs {
                forEachGlyph(run.shaped, at: Point(origin.x + run.x, origin.y), font: run.font, tone: nil, halo: false) {
                    body($0, $1, $2, color)
                }
            }
            return
        }
        let tone = TextTone(foreground: color, background: halo)
        for run in line.runs {
            forEachGlyph(run.shaped, at: Point(origin.x + run.x, origin.y), font: run.font, tone: tone, halo: true) {
                body($0, $1, $2, halo)
            }
        }
        for run in line.runs {
            forEachGlyph(run.shaped, at: Point(origin.x + run.x, origin.y), font: run.font, tone: tone, halo: false) {
                body($0, $1, $2, color)
            }
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
