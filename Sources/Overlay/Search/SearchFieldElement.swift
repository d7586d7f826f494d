import Physics
import Raster

/// The search sheet's field: the text typed so far, in a band the sheet layout puts directly above the keyboard (so
/// the keys never cover it). Text wider than the band shows its end, the letters just typed, as a phone's field
/// scrolls to the caret. For a right-to-left keyboard the text grows leftwards from the band's right edge, as the
/// field of an Arabic or Hebrew phone does (the shaping puts the letters in order and joins them).
public final class SearchFieldElement: OverlayElement {
    /// The band; nil while the sheet is closed.
    public var rect: ScreenRect? { didSet { if rect != oldValue { changed = true } } }
    public var text = "" { didSet { if text != oldValue { changed = true } } }
    public var palette: ControlPalette { didSet { if palette != oldValue { changed = true } } }
    /// Whether the text is aligned to the band's right edge (the keyboard's script is read right to left).
    public var isRightToLeft = false { didSet { if isRightToLeft != oldValue { changed = true } } }

    private let fonts: FontStack?
    private var changed = true

    public init(palette: ControlPalette = .standard, fonts: FontStack?) {
        self.palette = palette
        self.fonts = fonts
    }

    public var frame: ScreenRect? { rect }
    public var occupiedRegion: ScreenRect? { rect }
    public var needsRedraw: Bool { changed }

    public func advance(to timeMicroseconds: Int64, map: MapProjection) {}

    /// A finger on the field is the sheet's, not the map's (it would otherwise pan the map under the sheet).
    public func touchDown(at point: ScreenPoint, timeMicroseconds: Int64) -> Bool { contains(point) }

    /// The end of `text` that fits `width` as `measure` measures it: whole characters dropped from the start.
    public static func shownEnd(of text: String, fitting width: Double, measure: (String) -> Double) -> Substring {
        var shown = Substring(text)
        while !shown.isEmpty, measure(String(shown)) > width { shown = shown.dropFirst() }
        return shown
    }

    public func draw(on canvas: Canvas) {
        guard let rect else { return }
        let band = Rect(rect), edge = max(2, Float(rect.height) / 24)
        canvas.fillRect(band, color: palette.border)
        canvas.fillRect(Rect(minX: band.minX + edge, minY: band.minY + edge, maxX: band.maxX - edge, maxY: band.maxY - edge),
                        color: palette.fill)
        guard let fonts, !text.isEmpty else { return }
        let size = Float(rect.height) * 0.5, inset = Double(size) * 0.5
        let shown = String(Self.shownEnd(of: text, fitting: rect.width - 2 * inset) { Double(fonts.measure($0, sizePixels: size)) })
        let metrics = fonts.metrics(sizePixels: size)
        let centreY = band.minY + band.height / 2
        let x = isRightToLeft ? band.maxX - Float(inset) - fonts.measure(shown, sizePixels: size) : band.minX + Float(inset)
        canvas.draw(fonts.shape(shown, sizePixels: size), at: Point(x, centreY + (metrics.ascent - metrics.descent) / 2),
                    color: palette.glyph)
    }

    public func didPresent() { changed = false }
}
