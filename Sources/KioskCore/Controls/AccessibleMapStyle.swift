import Cartography
import Raster

/// Accessible mode's look of the map: labels 1.5× with a cap height of at least 5 mm, lines 1.5×, station marks
/// drawn over the lines, line colours from `AccessiblePalette` (applied to the drawing), and a high-contrast palette (label text at least 7:1 against the background and its halo, WCAG 1.4.6).
public enum AccessibleMapStyle {
    public static let labelScale = 1.5
    public static let lineScale = 1.5
    public static let minimumCapHeightMillimetres = 5.0
    /// The journey card's text (and its rows) in accessible mode, as the map's labels.
    public static let cardTextScale = 1.5

    public static func make(from base: MapStyle, pixelsPerMillimetre: Double) -> MapStyle {
        var style = base
        style.labelScale = labelScale
        style.lineScale = lineScale
        // Labels are drawn at max(minimum size, cap height / ratio) · labelScale: raise the cap height floor so the
        // label drawn has a 5 mm cap height after the scale.
        style.minimumCapHeightPixels = max(style.minimumCapHeightPixels, minimumCapHeightMillimetres * pixelsPerMillimetre / labelScale)
        style.background = Color(rgb: 0xFFFFFF)
        style.labelColor = Color(rgb: 0x000000)
        style.labelHalo = Color(rgb: 0xFFFFFF)
        style.interchangeRing = Color(rgb: 0x000000)
        style.connectorColor = Color(rgb: 0x595959)
        style.stationMarksOverLines = true
        return style
    }

    /// Every pair of label text and what is behind it, for the contrast check.
    public static func textPairs(of style: MapStyle) -> [(name: String, text: Color, background: Color)] {
        [("label on background", style.labelColor, style.background)]
            + (style.labelHalo.map { [("label on its halo", style.labelColor, $0)] } ?? [])
    }
}
