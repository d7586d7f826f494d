/// One drawing operation of a `Scene`, in pixel coordinates of the target buffer.
public enum SceneCommand {
    /// A path filled with the non-zero winding rule.
    case fillPath(Path, Color)
    /// An open polyline stroked with `StrokeStyle`.
    case strokePolyline([Point], StrokeStyle, Color)
    /// A filled disc.
    case circle(center: Point, radius: Float, color: Color)
    /// A stroked circle: the annulus between `radius - width/2` and `radius + width/2`.
    case ring(center: Point, radius: Float, width: Float, color: Color)
    /// An axis-aligned filled rectangle.
    case rect(Rect, Color)
    /// A line of text with its baseline origin at `origin`.
    case text(TextCommand)
}

/// Shaped text to draw, with its baseline origin at `origin`. Shaping happens when the command is made (label
/// placement needs the width anyway), so drawing a scene again re-uses it. Fonts are references: they carry their
/// glyph caches. With a `halo` colour the text is drawn over a light outline of itself (labels over lines).
public struct TextCommand {
    public var line: ShapedLine
    public var origin: Point
    public var color: Color
    public var halo: Color?

    public init(line: ShapedLine, origin: Point, color: Color, halo: Color? = nil) {
        self.line = line
        self.origin = origin
        self.color = color
        self.halo = halo
    }

    public init(shaped: ShapedText, origin: Point, color: Color, font: Font) {
        self.init(line: ShapedLine(shaped, font: font), origin: origin, color: color)
    }

    /// Shapes `text` with `font` at `sizePixels`.
    public init(text: String, origin: Point, sizePixels: Float, color: Color, font: Font) {
        self.init(shaped: font.shape(text, sizePixels: sizePixels), origin: origin, color: color, font: font)
    }
}
