import Raster

/// How a scheme is drawn: sizes in scheme units (they grow with zoom) with pixel floors and ceilings (so lines
/// stay visible and labels legible when zoomed out). pMetro's own defaults set the scale: lines 9 units wide,
/// stations 16 across, labels fitting 15-unit boxes.
public struct MapStyle: Sendable {
    public var background = Color(rgb: 0xFFFFFF)
    public var lineWidth: Double = 9
    public var minimumLineWidthPixels: Double = 2
    public var stationRadius: Double = 7
    public var minimumStationRadiusPixels: Double = 2.5
    public var connectorWidth: Double = 14
    public var connectorColor = Color(rgb: 0x9A9A9A)
    public var interchangeFill = Color(rgb: 0xFFFFFF)
    public var interchangeRing = Color(rgb: 0x202020)
    public var labelColor = Color(rgb: 0x1A1A1A)
    public var youAreHereColor = Color(rgb: 0xE0102A)
    public var youAreHereRadius: Double = 16
    public var minimumYouAreHereRadiusPixels: Double = 10
    /// Labels are never drawn smaller than this.
    public var minimumLabelPixels: Double = 10
    /// The smallest cap height a label may have, in pixels: `[text] min_cap_height_mm` on the panel (3 mm at
    /// 96 dpi by default), so a standing reader half a metre to a metre away can read every name.
    public var minimumCapHeightPixels: Double = 3 * 96 / 25.4
    /// Cap height as a fraction of the type size (DejaVu Sans 0.73, Noto Sans 0.71).
    public static let capHeightRatio = 0.71
    /// The second language's line of a bilingual label, as a fraction of the main name's size.
    public var secondLanguageScale: Double = 0.8
    /// The light outline drawn under label text so it reads over lines and the background; nil: none.
    public var labelHalo: Color? = Color(rgb: 0xFFFFFF)
    /// Room kept free around each label so neighbours do not touch.
    public var labelMarginPixels: Double = 2
    /// How far a name may sit from its station's mark, in the label's cap heights, before it needs a leader line.
    public var labelGapCapHeights: Double = 1.5
    /// Each line's number or short name in a box of its colour beyond its termini (`[map] line_badges`).
    public var lineBadges = false
    /// Room kept between a label and any line stroke or station mark.
    public var labelLineClearancePixels: Double = 1.5
    /// Accessible mode's hooks: labels and lines drawn this many times their usual size (1: as configured).
    public var labelScale: Double = 1
    public var lineScale: Double = 1
    /// Accessible mode: ordinary stations drawn as a white dot in a dark ring wider than the line, so thickened lines
    /// never swallow them (an ordinary dot is in the line's colour and narrower than a line ×1.5).
    public var stationMarksOverLines = false

    public init() {}

    func lineWidthPixels(scale: Double) -> Float { Float(max(lineWidth * scale, minimumLineWidthPixels) * lineScale) }
    /// A line piece with its own width (pMetro), under the same floor and accessible scale.
    func pieceWidthPixels(_ width: Double, scale: Double) -> Float { Float(max(width * scale, minimumLineWidthPixels) * lineScale) }
    func stationRadiusPixels(scale: Double) -> Float { Float(max(stationRadius * scale, minimumStationRadiusPixels)) }
    func connectorWidthPixels(scale: Double) -> Float { Float(max(connectorWidth * scale, minimumLineWidthPixels * 2)) }
    func youAreHereRadiusPixels(scale: Double) -> Float { Float(max(youAreHereRadius * scale, minimumYouAreHereRadiusPixels)) }
    /// Labels keep one size at every zoom, so a name never moves against its station while zooming; the map
    /// around them grows instead. Accessible mode multiplies it by `labelScale`.
    /// The gap between a station's mark and its name beyond which the name is joined to the mark by a leader.
    func labelGapPixels() -> Float { Float(labelGapCapHeights * Self.capHeightRatio) * labelPixels() }
    public func labelPixels() -> Float { Float(max(minimumLabelPixels, minimumCapHeightPixels / Self.capHeightRatio) * labelScale) }
}
