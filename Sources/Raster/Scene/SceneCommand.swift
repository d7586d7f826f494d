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

/// Text to shape and draw. The font is a reference: fonts carry their glyph caches.
public struct TextCommand {
    public var text: String
    public var origin: Point
    public var sizePixels: Float
    public var color: Color
    public var font: Font

    public init(text: String, origin: Point, sizePixels: Float, color: Color, font: Font) {
        self.text = text
        self.origin = origin
        self.sizePixels = sizePixels
        self.color = color
        self.font = font
    }
}
