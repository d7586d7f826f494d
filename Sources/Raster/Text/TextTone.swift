#if canImport(Glibc)
import Glibc
#else
import Darwin
#endif

/// Text of one colour over its halo of another: the pair fixes what a glyph's edge pixels should look like when
/// coverage is blended in linear light, so the correction is folded into the cached masks (one table lookup per
/// glyph pixel at render time, none when drawing). Glyph pixels always land on the halo, which surrounds them.
public struct TextTone: Hashable, Sendable {
    public let foreground: Color
    public let background: Color

    public init(foreground: Color, background: Color) {
        self.foreground = foreground
        self.background = background
    }

    public static func == (a: TextTone, b: TextTone) -> Bool {
        a.foreground.xrgb == b.foreground.xrgb && a.background.xrgb == b.background.xrgb
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(foreground.xrgb)
        hasher.combine(background.xrgb)
    }

    /// For each coverage a, the a′ that makes the sRGB-space blend the canvas does (a′·fg + (1 − a′)·bg on encoded
    /// values) equal the blend in linear light (a·fg + (1 − a)·bg on linear luminance), re-encoded. Identity when
    /// the two colours are too close in lightness for it to matter.
    func coverageCurve() -> [UInt8] {
        let yf = TextTone.luminance(foreground), yb = TextTone.luminance(background)
        let ef = TextTone.encode(yf), eb = TextTone.encode(yb)
        guard abs(ef - eb) > 0.05 else { return (0...255).map { UInt8($0) } }
        return (0...255).map { value in
            let a = Double(value) / 255
            let wanted = TextTone.encode(a * yf + (1 - a) * yb)
            let corrected = (wanted - eb) / (ef - eb)
            return UInt8(max(0, min(255, (corrected * 255).rounded())))
        }
    }

    /// The curve, for tests that check it against the closed form.
    public var coverageCurveForTesting: [UInt8] { coverageCurve() }

    /// Stem darkening in 26.6 pixels for a size: about 0.4 px at 10 px falling to none at 36 px and above, the
    /// shape of FreeType's CFF darkening curve.
    static func stemDarkening26Dot6(size26Dot6: Int32) -> Int {
        let size = Double(size26Dot6) / 64
        let pixels = max(0, min(0.4, 0.4 * (36 - size) / 26))
        return Int((pixels * 64).rounded())
    }

    /// Relative luminance (Rec. 709 weights) in linear light.
    static func luminance(_ color: Color) -> Double {
        0.2126 * decode(Double(color.red) / 255) + 0.7152 * decode(Double(color.green) / 255)
            + 0.0722 * decode(Double(color.blue) / 255)
    }

    /// The sRGB transfer function and its inverse (IEC 61966-2-1).
    static func decode(_ e: Double) -> Double { e <= 0.04045 ? e / 12.92 : pow((e + 0.055) / 1.055, 2.4) }
    static func encode(_ l: Double) -> Double { l <= 0.0031308 ? l * 12.92 : 1.055 * pow(l, 1 / 2.4) - 0.055 }
}
