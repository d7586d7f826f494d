import Physics
import Raster

/// The live service's status across the top of the screen: the alerts active now (their headlines, in the shown
/// language) or "live information unavailable" when the feeds are stale. It keeps its band for itself
/// (`occupiedRegion`): the camera fits routes and zooms below it. Hidden when there is nothing to say.
public final class ServiceStatusStripElement: OverlayElement {
    private let screen: IntRect
    private let fonts: FontStack?
    private let scalePixels: Float
    /// What the strip says, one entry per alert (or the unavailability notice); empty: hidden.
    public private(set) var lines: [String] = []
    /// Whether the strip warns (alerts: dark red) or only informs (stale feeds: dark grey).
    public private(set) var isWarning = false
    private var presented: (lines: [String], warning: Bool)?
    public static let warningColor = Color(rgb: 0x9E1B1B)
    public static let noticeColor = Color(rgb: 0x3C3C3C)

    public init(screen: IntRect, fonts: FontStack?) {
        self.screen = screen
        self.fonts = fonts
        scalePixels = max(1, Float(min(screen.width, screen.height)) / 800)
    }

    /// Shows `lines` (nothing: hidden); `warning`: alerts rather than a notice about the feeds.
    public func show(_ lines: [String], warning: Bool) {
        self.lines = lines
        isWarning = warning
    }

    /// The band's height: one line of text with its padding.
    public var bandHeight: Double { Double((34 * scalePixels).rounded(.up)) }

    /// The band at the top of the screen while there is something to say.
    public var band: ScreenRect? {
        lines.isEmpty ? nil : ScreenRect(x: Double(screen.x0), y: Double(screen.y0), width: Double(screen.width), height: bandHeight)
    }

    public var frame: ScreenRect? { band }
    public var occupiedRegion: ScreenRect? { band }

    public func advance(to timeMicroseconds: Int64, map: MapProjection) {}

    /// When the strip is next worded again by the clock (the next second of the live service); nil: not by itself.
    public var refreshMicroseconds: Int64?
    public var nextChangeMicroseconds: Int64? { refreshMicroseconds }

    public var needsRedraw: Bool { presented.map { $0.lines != lines || $0.warning != isWarning } ?? !lines.isEmpty }

    /// A touch on the strip is not the map's (the map under it is not where a traveller aims).
    public func touchDown(at point: ScreenPoint, timeMicroseconds: Int64) -> Bool { contains(point) }

    public func draw(on canvas: Canvas) {
        guard let band else { return }
        let s = scalePixels
        canvas.fillRect(Rect(x: Float(band.minX), y: Float(band.minY), width: Float(band.width), height: Float(band.height)),
                        color: isWarning ? Self.warningColor : Self.noticeColor)
        guard let fonts else { return }
        let size = 16 * s, padding = 12 * s
        let metrics = fonts.metrics(sizePixels: size)
        let baseline = Float(band.minY) + (Float(band.height) + metrics.ascent - metrics.descent) / 2
        // As many alerts as fit, then how many more: the cards carry the full text.
        let available = Float(band.width) - 2 * padding
        var text = ""
        for (index, line) in lines.enumerated() {
            let candidate = text.isEmpty ? line : text + "  ·  " + line
            if fonts.measure(candidate, sizePixels: size) > available {
                if text.isEmpty { text = line }
                let more = lines.count - index - (text == line ? 1 : 0)
                if more > 0 { text += "  ·  +\(more)" }
                break
            }
            text = candidate
        }
        // A headline longer than the band is cut at a word with "…" (the card has it in full).
        text = fonts.cut(text, toWidth: available, sizePixels: size)
        canvas.draw(fonts.shape(text, sizePixels: size), at: Point(Float(band.minX) + padding, baseline), color: .white)
    }

    public func didPresent() {
        presented = (lines, isWarning)
    }
}
