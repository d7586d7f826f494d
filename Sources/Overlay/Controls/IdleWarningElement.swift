import Physics
import Raster

/// The countdown before the idle return (WCAG 2.2.1: warn, and let the reader extend): a bar along the top of the
/// screen that shrinks to nothing as the return comes, with the seconds left. Any touch moves the deadline (the
/// loop tells the element the new one), which hides the bar.
public final class IdleWarningElement: OverlayElement {
    /// When the idle return will start, as the camera says; nil: none is coming (at home, or being touched).
    public var deadlineMicroseconds: Int64?
    public let warningMicroseconds: Int64
    public var palette: ControlPalette { didSet { if palette != oldValue { changed = true } } }

    private let fonts: FontStack?
    private let screen: IntRect
    private let barHeight: Float
    /// Seconds left and the bar's width in pixels at the last `advance`; nil: hidden.
    public private(set) var shown: (seconds: Int, width: Int)? { didSet { if shown?.seconds != oldValue?.seconds || shown?.width != oldValue?.width { changed = true } } }
    private var now: Int64 = 0
    private var changed = false

    /// `barHeight` in output pixels (the loop converts from millimetres).
    public init(warningMicroseconds: Int64, screen: IntRect, barHeight: Float, palette: ControlPalette = .standard, fonts: FontStack?) {
        self.warningMicroseconds = warningMicroseconds
        self.screen = screen
        self.barHeight = barHeight
        self.palette = palette
        self.fonts = fonts
    }

    public var frame: ScreenRect? { bar.map(ScreenRect.init) }

    /// The bar drawn, its height in the rasterizer's units.
    private var bar: Rect? {
        guard shown != nil else { return nil }
        return Rect(x: Float(screen.x0), y: Float(screen.y0), width: Float(screen.width), height: barHeight)
    }

    public func advance(to timeMicroseconds: Int64, map: MapProjection) {
        now = timeMicroseconds
        guard let deadline = deadlineMicroseconds, timeMicroseconds >= deadline - warningMicroseconds, timeMicroseconds < deadline else {
            shown = nil
            return
        }
        let left = deadline - timeMicroseconds
        let fraction = Double(left) / Double(warningMicroseconds)
        shown = (Int((Double(left) / 1_000_000).rounded(.up)), Int((fraction * Double(screen.width)).rounded()))
    }

    public var needsRedraw: Bool { changed }

    /// The bar appears at the deadline less the warning, then shrinks every frame until the return.
    public var nextChangeMicroseconds: Int64? {
        guard let deadline = deadlineMicroseconds else { return nil }
        if shown == nil { return now < deadline - warningMicroseconds ? deadline - warningMicroseconds : nil }
        // The bar loses a pixel every warning/width: wake then, not sooner (a simulated clock would spin).
        return min(now + max(warningMicroseconds / Int64(max(screen.width, 1)), 1000), deadline)
    }

    /// It takes no touch: the touch goes to whatever is under the bar and, like every touch, extends the time.
    public func touchDown(at point: ScreenPoint, timeMicroseconds: Int64) -> Bool { false }

    public func draw(on canvas: Canvas) {
        guard let shown, let frame = bar else { return }
        canvas.fillRect(frame, color: palette.warningTrack)
        canvas.fillRect(Rect(x: frame.minX, y: frame.maxY - barHeight * 0.3, width: Float(shown.width), height: barHeight * 0.3),
                        color: palette.warningBar)
        guard let fonts else { return }
        let size = barHeight * 0.5
        let text = "\(shown.seconds) s"
        let metrics = fonts.metrics(sizePixels: size)
        let width = fonts.measure(text, sizePixels: size)
        canvas.draw(fonts.shape(text, sizePixels: size), at: Point(frame.minX + (frame.width - width) / 2, frame.minY + metrics.ascent + barHeight * 0.08),
                    color: palette.warningText)
    }

    public func didPresent() { changed = false }
}
