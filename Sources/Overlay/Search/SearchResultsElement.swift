import Physics
import Raster
import TouchInput

/// The search sheet's results: one row per place, best first, scrolling with the map's physics (it follows the
/// finger, rubber-bands past the ends, and a fling glides with the deceleration rate and bounces, through the card's
/// `CardContentScroll`); a tap on a row chooses that place's station, which the loop takes to raise its card.
public final class SearchResultsElement: OverlayElement {
    public struct Row: Equatable, Sendable {
        public var stationID: String
        public var name: String
        public init(stationID: String, name: String) {
            self.stationID = stationID
            self.name = name
        }
    }

    /// How far (px) a finger may move and still tap a row, as on the card.
    public static let tapSlopPixels = 10.0
    /// The velocity a lift hands the list is limited to this (px/s), as the map's flings are.
    public static let maximumVelocity = 8000.0

    public private(set) var rows: [Row] = []
    public private(set) var rect: ScreenRect?
    public private(set) var rowHeight = 1.0
    public var palette: ControlPalette { didSet { if palette != oldValue { changed = true } } }
    /// Whether names are aligned to the rows' right edge (a right-to-left keyboard's sheet, read from the right).
    public var isRightToLeft = false { didSet { if isRightToLeft != oldValue { changed = true } } }
    /// How far the list is scrolled at the last `advance` (0: its first row at the top).
    public var offset: Double { scroll.offset }

    private let fonts: FontStack?
    private let rate: DecelerationRate
    private var scroll: CardContentScroll
    private var tracker = VelocityTracker(strategy: .ios)
    private var press: (start: ScreenPoint, dragging: Bool)?
    private var chosen: String?
    private var drawnOffset: Double?
    private var changed = true

    public init(rate: DecelerationRate, palette: ControlPalette = .standard, fonts: FontStack?) {
        self.rate = rate
        self.palette = palette
        self.fonts = fonts
        scroll = CardContentScroll(contentHeight: 0, viewport: 1, rate: rate)
    }

    /// Shows `rows` in `rect`, `rowHeight` pixels each (at least a touch target), from the top of the list.
    public func show(_ rows: [Row], in rect: ScreenRect, rowHeight: Double) {
        self.rows = rows
        self.rect = rect
        self.rowHeight = max(rowHeight, 1)
        scroll = CardContentScroll(contentHeight: Double(rows.count) * self.rowHeight, viewport: rect.height, rate: rate)
        press = nil
        changed = true
    }

    /// Hides the list (the sheet closed, the idle return).
    public func hide() {
        rows = []
        rect = nil
        press = nil
        chosen = nil
        changed = true
    }

    /// The station of the row last tapped, once.
    public func takeChosenStation() -> String? {
        defer { chosen = nil }
        return chosen
    }

    public var frame: ScreenRect? { rect }
    public var occupiedRegion: ScreenRect? { rect }
    public var needsRedraw: Bool { changed || drawnOffset != scroll.offset }
    public var nextChangeMicroseconds: Int64? { scroll.endMicroseconds }

    public func advance(to timeMicroseconds: Int64, map: MapProjection) {
        scroll.sample(at: timeMicroseconds)
    }

    public func touchDown(at point: ScreenPoint, timeMicroseconds: Int64) -> Bool {
        guard let rect, rect.contains(point) else { return false }
        tracker.reset()
        tracker.addSample(x: point.x, y: point.y, timeMicroseconds: timeMicroseconds)
        // A finger on a gliding list catches it where it is.
        scroll.sample(at: timeMicroseconds)
        scroll.grab(finger: point.y)
        press = (point, false)
        return true
    }

    public func touchMoved(to point: ScreenPoint, timeMicroseconds: Int64) {
        guard var press else { return }
        tracker.addSample(x: point.x, y: point.y, timeMicroseconds: timeMicroseconds)
        if !press.dragging, abs(point.y - press.start.y) > Self.tapSlopPixels || abs(point.x - press.start.x) > Self.tapSlopPixels {
            press.dragging = true
            self.press = press
        }
        if press.dragging { scroll.drag(finger: point.y) }
    }

    public func touchUp(at point: ScreenPoint, timeMicroseconds: Int64) {
        guard let press, let rect else { return }
        self.press = nil
        if press.dragging {
            tracker.addSample(x: point.x, y: point.y, timeMicroseconds: timeMicroseconds)
            let velocity = min(max(tracker.releaseVelocity(liftMicroseconds: timeMicroseconds).y, -Self.maximumVelocity),
                               Self.maximumVelocity)
            scroll.release(fingerVelocity: velocity, at: timeMicroseconds)
            return
        }
        scroll.release(fingerVelocity: 0, at: timeMicroseconds)
        let index = Int(((press.start.y - rect.minY + scroll.offset) / rowHeight).rounded(.down))
        if rows.indices.contains(index) {
            chosen = rows[index].stationID
        }
    }

    public func touchCancelled(timeMicroseconds: Int64) {
        guard press != nil else { return }
        press = nil
        scroll.release(fingerVelocity: 0, at: timeMicroseconds)
    }

    public func draw(on canvas: Canvas) {
        guard let rect else { return }
        canvas.fillRect(Rect(rect), color: palette.fill)
        let first = max(0, Int((scroll.offset / rowHeight).rounded(.down)))
        let last = min(rows.count - 1, Int(((scroll.offset + rect.height) / rowHeight).rounded(.down)))
        guard first <= last else { return }
        let size = rowHeight * 0.4
        for index in first...last {
            let top = rect.minY + Double(index) * rowHeight - scroll.offset
            // A hairline between rows.
            canvas.fillRect(Rect(minX: Float(rect.minX), minY: Float(top + rowHeight - 1), maxX: Float(rect.maxX),
                                 maxY: Float(top + rowHeight)), color: palette.border)
            guard let fonts else { continue }
            let metrics = fonts.metrics(sizePixels: Float(size))
            let baseline = Float(top + rowHeight / 2) + (metrics.ascent - metrics.descent) / 2
            let shaped = fonts.shape(rows[index].name, sizePixels: Float(size))
            let x = isRightToLeft ? Float(rect.maxX - rowHeight * 0.3) - shaped.advance
                : Float(rect.minX + rowHeight * 0.3)
            canvas.draw(shaped, at: Point(x, baseline), color: palette.glyph)
        }
    }

    public func didPresent() {
        changed = false
        drawnOffset = scroll.offset
    }
}
