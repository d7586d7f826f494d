#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Raster

/// The colours of the controls. Two palettes: the everyday one (text at least 4.5:1 against what is behind it,
/// WCAG 1.4.3) and the accessible mode's high-contrast one (at least 7:1, WCAG 1.4.6).
public struct ControlPalette: Equatable, Sendable {
    public var fill: Color
    public var pressedFill: Color
    /// A toggle that is on (accessible mode) shows inverted.
    public var activeFill: Color
    public var glyph: Color
    public var activeGlyph: Color
    public var border: Color
    /// The idle warning's bar and its caption.
    public var warningBar: Color
    public var warningTrack: Color
    public var warningText: Color
    /// The inset's map background, its lines, and the visible area's outline.
    public var insetBackground: Color
    public var insetOutline: Color

    public static let standard = ControlPalette(
        fill: Color(rgb: 0xF4F4F4), pressedFill: Color(rgb: 0xC8D6E5), activeFill: Color(rgb: 0x1F3A5F),
        glyph: Color(rgb: 0x1F3A5F), activeGlyph: Color(rgb: 0xFFFFFF), border: Color(rgb: 0x5A6B7D),
        warningBar: Color(rgb: 0xB3261E), warningTrack: Color(rgb: 0xFFFFFF), warningText: Color(rgb: 0x1A1A1A),
        insetBackground: Color(rgb: 0xFAFAFA), insetOutline: Color(rgb: 0xD0021B))

    public static let highContrast = ControlPalette(
        fill: Color(rgb: 0xFFFFFF), pressedFill: Color(rgb: 0xFFE14D), activeFill: Color(rgb: 0x000000),
        glyph: Color(rgb: 0x000000), activeGlyph: Color(rgb: 0xFFFFFF), border: Color(rgb: 0x000000),
        warningBar: Color(rgb: 0x000000), warningTrack: Color(rgb: 0xFFFFFF), warningText: Color(rgb: 0x000000),
        insetBackground: Color(rgb: 0xFFFFFF), insetOutline: Color(rgb: 0x000000))

    /// Every pair of a text (or glyph) colour and the colour behind it, named, for the contrast check.
    public var textPairs: [(name: String, text: Color, background: Color)] {
        [("glyph on button", glyph, fill), ("glyph on pressed button", glyph, pressedFill),
         ("glyph on active button", activeGlyph, activeFill), ("warning caption", warningText, warningTrack)]
    }
}

/// WCAG 2.x contrast: relative luminance of sRGB colours, (L1 + 0.05) / (L2 + 0.05).
public enum ContrastRatio {
    public static func luminance(_ color: Color) -> Double {
        func channel(_ value: UInt8) -> Double {
            let c = Double(value) / 255
            return c <= 0.04045 ? c / 12.92 : pow((c + 0.055) / 1.055, 2.4)
        }
        return 0.2126 * channel(color.red) + 0.7152 * channel(color.green) + 0.0722 * channel(color.blue)
    }

    public static func between(_ a: Color, _ b: Color) -> Double {
        let la = luminance(a), lb = luminance(b)
        return (max(la, lb) + 0.05) / (min(la, lb) + 0.05)
    }

}
