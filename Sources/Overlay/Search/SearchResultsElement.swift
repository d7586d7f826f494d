import Physics
import Raster
import TouchInput

/// The search sheet's results: one row per place, best first, scrolling with the map's physics (it follows the
/// finger, rubber-bands past the ends, and a fling glides with the deceleration rate and bounces, through the card's
/// `CardContentScroll`); a tap on a row chooses it: a station, which the loop takes to raise its card, or (browsing
/// by line) a line to list, or the way back to the lines. Each station row shows the lines serving it as small
/// roundels in their colours, as a line diagram marks its interchanges; a line row starts with its colour swatch.
/// With nothing to list the list says why (`emptyText`).
public final class SearchResultsElement: OverlayElement {
    public struct Row: Equatable, Sendable {
        /// What a tap on the row does.
        public enum Target: Equatable, Sendable {
            /// Opens the station's card, with the journey from here.
            case station(String)
            /// Lists the line's stations in order.
            case line(String)
            /// Back from a line's stations to the list of lines.
            case lines
        }

        public var target: Target
        public var name: String
        /// The colours of the lines serving a station (drawn as roundels after its name), or of the line itself
        /// (a swatch before its name).
        public var lineColors: [Color]

        public init(stationID: String, name: String, lineColors: [Color] = []) {
            self.init(target: .station(stationID), name: name, lineColors: lineColors)
        }

        public init(target: Target, name: String, lineColors: [Color] = []) {
            self.target = target
            self.name = name
            self.lineColors = lineColors
        }

        /// The station the row opens; nil for a line row.
        public var stationID: String? {
            if case .station(let id) = target { id } else { nil }
        }
    }

    /// How far (px) a finger may move and still tap a row, as on the card.
    public static let tapSlopPixels = 10.0
    /// The velocity a lift hands the list is limited to this (px/s), as the map's flings are.
    public static let maximumVelocity = FeelDefaults.maximumFlingVelocity

    public private(set) var rows: [Row] = []
    public private(set) var rect: ScreenRect?
    public private(set) var rowHeight = 1.0
    public var palette: ControlPalette { didSet { if palette != oldValue { changed = true } } }
    /// Whether names are aligned to the rows' right edge (a right-to-left keyboard's sheet, read from the right).
    public var isRightToLeft = false { didSet { if isRightToLeft != oldValue { changed = true } } }
    /// Said in the list's place while it has no rows (nothing matches what was typed); nil: the list stays blank.
    public var emptyText: String? { didSet { if emptyText != oldValue { changed = true } } }
    /// The row the keypad's focus is on (audio mode; nil: none): drawn highlighted inside the focus ring's two tones
    /// (`FocusRingElement`'s yellow round black), so a sighted helper beside a blind traveller follows it, and
    /// scrolled into view whenever it changes.
    public var focusedIndex: Int? {
        didSet {
            guard focusedIndex != oldValue else { return }
            changed = true
            revealFocus()
        }
    }
    /// How far the list is scrolled at the last `advance` (0: its first row at the top).
    public var offset: Double { scroll.offset }

    private let fonts: FontStack?
    private let rate: DecelerationRate
    private var scroll: CardContentScroll
    /// The finger scrolling the list, resampled at `presentation − touchLatencyMicroseconds` while it drags, and the
    /// tracker its lift flings with: the card's and the inset's.
    private var finger = DraggedFinger(axes: .vertical)
    /// How far behind each frame's presentation time the finger scrolling the list is shown: the map's latency, set
    /// by the loop, so the list follows the same resampled finger as the map, the card and the inset. 0 shows the
    /// newest report at once.
    public var touchLatencyMicroseconds: Int64 {
        get { finger.latencyMicroseconds }
        set { finger.latencyMicroseconds = newValue }
    }
    /// The velocity (px/s, the finger's) the last lift of a scrolling finger handed the list.
    public private(set) var releasedVelocity: Velocity?
    /// The finger on the list: where it came down, whether it has moved past the tap slop, and whether it caught the
    /// list moving (a glide, a bounce, or a lift not yet handed over), when lifting without a drag only stops it.
    private var press: (start: ScreenPoint, dragging: Bool, caught: Bool)?
    private var chosen: Row.Target?
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
        finger.cancelHandOver()
        changed = true
        // The same list filled again (the language switched) keeps the keypad on its row; a shorter one drops it.
        if let focusedIndex, !rows.indices.contains(focusedIndex) { self.focusedIndex = nil }
        revealFocus()
    }

    /// Scrolls the focused row wholly into view.
    private func revealFocus() {
        guard let focusedIndex, rows.indices.contains(focusedIndex) else { return }
        scroll.reveal(top: Double(focusedIndex) * rowHeight, bottom: Double(focusedIndex + 1) * rowHeight)
    }

    /// Hides the list (the sheet closed, the idle return).
    public func hide() {
        focusedIndex = nil
        rows = []
        rect = nil
        press = nil
        finger.cancelHandOver()
        chosen = nil
        changed = true
    }

    /// What the row last tapped does, once.
    public func takeChosen() -> Row.Target? {
        defer { chosen = nil }
        return chosen
    }

    public var frame: ScreenRect? { rect }
    public var occupiedRegion: ScreenRect? { rect }
    public var needsRedraw: Bool { changed || drawnOffset != scroll.offset }
    public var nextChangeMicroseconds: Int64? {
        finger.nextFrameMicroseconds(following: press?.dragging == true) ?? scroll.endMicroseconds
    }

    public func advance(to timeMicroseconds: Int64, map: MapProjection) {
        followFinger(at: timeMicroseconds)
        scroll.sample(at: timeMicroseconds)
    }

    /// Scrolls the list to the finger as the frame presented at `time` shows it, and hands a lift over to the glide
    /// once the screen has reached it.
    private func followFinger(at time: Int64) {
        switch finger.shown(at: time, following: press?.dragging == true) {
        case let .finger(point)?:
            scroll.drag(finger: point.y)
        case let .released(point, velocity, presentation)?:
            scroll.drag(finger: point.y)
            scroll.release(fingerVelocity: velocity.y, at: presentation)
        case nil:
            break
        }
    }

    public func touchDown(at point: ScreenPoint, timeMicroseconds: Int64) -> Bool {
        guard let rect, rect.contains(point) else { return false }
        // Read before `begin` and the grab, which end the hand-over and the glide.
        let caught = scroll.isAnimating || finger.isHandingOver
        finger.begin(at: point, timeMicroseconds: timeMicroseconds)
        // A finger on a gliding list catches it where the screen shows it (its last frame's offset): the touch's
        // time is earlier than that frame, and sampling the glide there stepped the list back.
        scroll.grab(finger: point.y)
        press = (point, false, caught)
        return true
    }

    public func touchMoved(to point: ScreenPoint, timeMicroseconds: Int64) {
        guard var press else { return }
        finger.move(to: point, timeMicroseconds: timeMicroseconds)
        if !press.dragging, abs(point.y - press.start.y) > Self.tapSlopPixels || abs(point.x - press.start.x) > Self.tapSlopPixels {
            press.dragging = true
            self.press = press
        }
        // With a latency the frames show the resampled finger (`advance`); without, the newest report.
        if press.dragging, !finger.isResampled { scroll.drag(finger: point.y) }
    }

    public func touchUp(at point: ScreenPoint, timeMicroseconds: Int64) {
        guard let press, let rect else { return }
        self.press = nil
        if press.dragging {
            // As the map: the glide starts no faster than the screen shows the finger's path moving where it ends,
            // at the time the screen shows the path's end, from there; without a latency, at once, where it is.
            let lift = finger.lift(atMicroseconds: timeMicroseconds, handingOver: true)
            releasedVelocity = lift.velocity
            if !finger.isHandingOver { scroll.release(fingerVelocity: lift.velocity.y, at: timeMicroseconds) }
            return
        }
        scroll.release(fingerVelocity: 0, at: timeMicroseconds)
        // As on a phone, the first touch on a moving list only stops it: the row under the finger was passing by,
        // not aimed at.
        guard !press.caught else { return }
        let index = Int(((press.start.y - rect.minY + scroll.offset) / rowHeight).rounded(.down))
        if rows.indices.contains(index) {
            chosen = rows[index].target
        }
    }

    public func touchCancelled(timeMicroseconds: Int64) {
        guard press != nil else { return }
        press = nil
        finger.cancelHandOver()
        scroll.release(fingerVelocity: 0, at: timeMicroseconds)
    }

    public func draw(on canvas: Canvas) {
        guard let rect else { return }
        canvas.fillRect(Rect(rect), color: palette.fill)
        let size = rowHeight * 0.4
        if rows.isEmpty, let emptyText, let fonts {
            let metrics = fonts.metrics(sizePixels: Float(size))
            let shaped = fonts.shape(emptyText, sizePixels: Float(size))
            let baseline = Float(rect.minY + rowHeight / 2) + (metrics.ascent - metrics.descent) / 2
            let x = isRightToLeft ? Float(rect.maxX - rowHeight * 0.3) - shaped.advance : Float(rect.minX + rowHeight * 0.3)
            canvas.draw(shaped, at: Point(x, baseline), color: palette.glyph)
            return
        }
        let first = max(0, Int((scroll.offset / rowHeight).rounded(.down)))
        let last = min(rows.count - 1, Int(((scroll.offset + rect.height) / rowHeight).rounded(.down)))
        guard first <= last else { return }
        for index in first...last {
            let top = rect.minY + Double(index) * rowHeight - scroll.offset
            // A hairline between rows.
            canvas.fillRect(Rect(minX: Float(rect.minX), minY: Float(top + rowHeight - 1), maxX: Float(rect.maxX),
                                 maxY: Float(top + rowHeight)), color: palette.border)
            if index == focusedIndex { drawFocus(top: top, in: rect, on: canvas) }
            draw(rows[index], top: top, in: rect, size: size, on: canvas)
        }
    }

    /// The focused row's ground and ring: the pressed fill (as the keyboard's focused key) inside a yellow band
    /// lined in black, the map's focus ring's colours, the yellow a sixteenth of the row thick (at least 2 px), all
    /// inside the row, so the ring is never cut by the list's edge when the row is revealed.
    private func drawFocus(top: Double, in rect: ScreenRect, on canvas: Canvas) {
        let row = Rect(minX: Float(rect.minX), minY: Float(top), maxX: Float(rect.maxX), maxY: Float(top + rowHeight))
        // Whole pixels, so the ring's edges stay sharp on a row that rests on a pixel boundary.
        let band = max(2, (Float(rowHeight) / 16).rounded())
        func frame(_ inset: Float, _ thickness: Float, _ color: Color) {
            let outer = Rect(minX: row.minX + inset, minY: row.minY + inset, maxX: row.maxX - inset, maxY: row.maxY - inset)
            canvas.fillRect(Rect(minX: outer.minX, minY: outer.minY, maxX: outer.maxX, maxY: outer.minY + thickness), color: color)
            canvas.fillRect(Rect(minX: outer.minX, minY: outer.maxY - thickness, maxX: outer.maxX, maxY: outer.maxY), color: color)
            canvas.fillRect(Rect(minX: outer.minX, minY: outer.minY, maxX: outer.minX + thickness, maxY: outer.maxY), color: color)
            canvas.fillRect(Rect(minX: outer.maxX - thickness, minY: outer.minY, maxX: outer.maxX, maxY: outer.maxY), color: color)
        }
        canvas.fillRect(row, color: palette.pressedFill)
        frame(0, band, FocusRingElement.outer)
        frame(band, max(1, (band / 2).rounded()), FocusRingElement.inner)
    }

    /// One row, laid from its reading edge (the left, or the right for a right-to-left sheet): for a line, a back
    /// arrow when the row leads back to the lines, the line's swatch, its name; for a station, its name, then a
    /// roundel per line serving it.
    private func draw(_ row: Row, top: Double, in rect: ScreenRect, size: Double, on canvas: Canvas) {
        let centreY = Float(top + rowHeight / 2)
        let inset = rowHeight * 0.3
        // Positions are measured from the reading edge and mirrored for a right-to-left sheet.
        func x(_ fromEdge: Double, width: Double = 0) -> Float {
            Float(isRightToLeft ? rect.maxX - fromEdge - width : rect.minX + fromEdge)
        }
        var along = inset
        if row.target == .lines {
            let arm = rowHeight * 0.16
            let tip = x(along), back = x(along + arm * 1.4)
            var arrow = PathBuilder()
            arrow.addPolygon([Point(tip, centreY), Point(back, centreY - Float(arm)), Point(back, centreY + Float(arm))])
            canvas.fill(arrow.build(), color: palette.glyph)
            along += arm * 1.4 + inset * 0.6
        }
        if row.stationID == nil, let color = row.lineColors.first {
            let radius = rowHeight * 0.2
            canvas.fillCircle(center: Point(x(along + radius), centreY), radius: Float(radius), color: color)
            along += radius * 2 + inset * 0.6
        }
        guard let fonts else { return }
        let metrics = fonts.metrics(sizePixels: Float(size))
        let shaped = fonts.shape(row.name, sizePixels: Float(size))
        canvas.draw(shaped, at: Point(x(along, width: Double(shaped.advance)), centreY + (metrics.ascent - metrics.descent) / 2),
                    color: palette.glyph)
        guard row.stationID != nil else { return }
        along += Double(shaped.advance) + inset * 0.6
        // Roundels a little apart, each ringed in the list's ground colour so a pale line colour still shows.
        let radius = rowHeight * 0.11, pitch = radius * 2.5
        for color in row.lineColors where along + radius * 2 <= rect.width - inset * 0.5 {
            let centre = Point(x(along + radius), centreY)
            canvas.fillCircle(center: centre, radius: Float(radius), color: palette.border)
            canvas.fillCircle(center: centre, radius: Float(radius) - 1, color: color)
            along += pitch
        }
    }

    public func didPresent() {
        changed = false
        drawnOffset = scroll.offset
    }
}
