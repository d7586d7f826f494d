import Raster

/// Accessible mode's look of the map: labels 1.5× with a cap height of at least 5 mm, lines 1.5×, and a
/// high-contrast palette (label text at least 7:1 against the background and its halo, WCAG 1.4.6).
public enum AccessibleMapStyle {
    public static let labelScale = 1.5
    public static let lineScale = 1.5
    public static let minimumCapHeightMillimetres = 5.0
    /// Cap height over the font size of the sans fonts the kiosk uses (DejaVu Sans 0.73, Noto Sans 0.714): the
    /// smaller, so the 5 mm holds for both.
    public static let capHeightRatio = 0.71

    public static func make(from base: MapStyle, pixelsPerMillimetre: Double) -> MapStyle {
        var style = base
        style.labelScale = labelScale
        style.lineScale = lineScale
        // labelPixels = clamp(size · scale, min, max) · labelScale: raise the floor so the smallest label drawn
        // has a 5 mm cap height, and the ceiling with it.
        let minimumPixels = minimumCapHeightMillimetres * pixelsPerMillimetre / capHeightRatio / labelScale
        style.minimumLabelPixels = max(style.minimumLabelPixels, minimumPixels)
        style.maximumLabelPixels = max(style.maximumLabelPixels, style.minimumLabelPixels)
        style.background = Color(rgb: 0xFFFFFF)
        style.labelColor = Color(rgb: 0x000000)
        style.labelHalo = Color(rgb: 0xFFFFFF)
        style.interchangeRing = Color(rgb: 0x000000)
        style.connectorColor = Color(rgb: 0x595959)
        return style
    }

    /// Every pair of label text and what is behind it, for the contrast check.
    public static func textPairs(of style: MapStyle) -> [(name: String, text: Color, background: Color)] {
        [("label on background", style.labelColor, style.background)]
            + (style.labelHalo.map { [("label on its halo", style.labelColor, $0)] } ?? [])
    }
}
