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
/// placement needs the width anyway), so drawing a scene again re-uses it. The font is a reference: fonts carry
/// their glyph caches.
public struct TextCommand {
    public var shaped: ShapedText
    public var origin: Point
    public var color: Color
    public var font: Font

    public init(shaped: ShapedText, origin: Point, color: Color, font: Font) {
        self.shaped = shaped
        self.origin = origin
        self.color = color
        self.font = font
    }

    /// Shapes `text` with `font` at `sizePixels`.
    public init(text: String, origin: Point, sizePixels: Float, color: Color, font: Font) {
        self.init(shaped: font.shape(text, sizePixels: sizePixels), origin: origin, color: color, font: font)
    }
}
