extension ShapedLine {
    /// How far the line's ink reaches above the baseline (`above`) and below it (`below`, negative when it stops
    /// above the baseline), in whole pixels as the glyphs are rendered (rows under half coverage left out: a faint
    /// anti-aliased edge row moved the text half a pixel from where the eye puts its edge); nil for a line
    /// with no ink. A short text centred in a box by this sits in its middle to the eye: centring the line box
    /// (ascent and descent) sets capitals and figures low, by half the descent less the gap above the capitals.
    public var verticalInk: (above: Float, below: Float)? {
        var top = Int.max, bottom = Int.min
        for run in runs {
            let table = run.font.glyphTable(size26Dot6: Font.size26Dot6(run.shaped.sizePixels), tone: nil)
            for glyph in run.shaped.glyphs {
                guard let rendered = run.font.glyph(glyph.glyphID, phase: 0, in: table, halo: false) else { continue }
                let mask = rendered.mask
                let rows = (0..<mask.height).filter { row in
                    mask.alphas[(row * mask.width)..<((row + 1) * mask.width)].contains { $0 >= 128 }
                }
                guard let first = rows.first, let last = rows.last else { continue }
                // The mask's top row sits `top` rows above the glyph's baseline, as `Canvas.draw` places it.
                let y = Int((glyph.y + 0.5).rounded(.down)) - rendered.top
                top = min(top, y + first)
                bottom = max(bottom, y + last + 1)
            }
        }
        guard top < bottom else { return nil }
        return (above: Float(-top), below: Float(bottom))
    }
}

extension ShapedLine {
    /// The baseline that sets the ink's middle at `y` (a badge's or a button's centre); without ink, the line box's.
    public func baseline(centringInkAt y: Float) -> Float {
        guard let ink = verticalInk else { return y + (metrics.ascent - metrics.descent) / 2 }
        // On a whole pixel (the canvas snaps baselines), a tie rounded up the screen: ink half a pixel high reads as
        // centred, half a pixel low as sinking (the canvas would round it down).
        let exact = y + (ink.above - ink.below) / 2
        return (exact + 0.5).rounded(.up) - 1
    }
}
