import Physics
import Raster

/// A key to the lines a traveller can read from where they stand (`[map] legend`): each line's badge (its number
/// or short name in its colour, as at its termini on the map) and its name, in a box fixed in a corner of the
/// screen. Many schemes' own legends are 6–8 px text or nameless colour bars; this one is set at the labels' cap
/// height, so it reads wherever a station's name does. Each entry is also its line's control: a tap on it asks to
/// list the line's stations in the search sheet (issue 33's browsing by line, from where the lines are shown).
public final class LineLegendElement: OverlayElement {
    public struct Entry: Equatable, Sendable {
        public var badge: String
        public var name: String
        public var color: Color
        /// The line the entry is for: a tap on the entry asks to browse its stations (`OverlayRequest.browseLine`);
        /// nil: the entry is only read.
        public var lineID: String?

        public init(badge: String, name: String, color: Color, lineID: String? = nil) {
            self.badge = badge
            self.name = name
            self.color = color
            self.lineID = lineID
        }
    }

    public enum Corner: String, CaseIterable, Sendable {
        case topLeft = "top-left", topRight = "top-right", bottomLeft = "bottom-left", bottomRight = "bottom-right"

        public var isLeft: Bool { self == .topLeft || self == .bottomLeft }
        public var isTop: Bool { self == .topLeft || self == .topRight }
    }

    /// One entry's place: the badge's box and the name's baseline origin, in output pixels.
    public struct Row: Equatable, Sendable {
        public var entry: Entry
        public var badge: Rect
        public var nameOrigin: Point
        /// The entry's whole cell (badge and name, the row's height): what a finger lands on to choose it.
        public var cell: Rect
    }

    public let entries: [Entry]
    /// The rows where the configured corner puts them; drawn shifted to the corner the layout chose.
    public private(set) var rows: [Row] = []
    /// The box in the configured corner, below no band.
    private let box: Rect?
    /// The corner `[map] legend` asks for: the layout's first choice, taken again as soon as it is free.
    public let configuredCorner: Corner
    /// Where the layout put the legend: the configured corner, or another one while the card or the control column
    /// covers it (the overview inset then keeps out of the legend, not the other way round).
    public private(set) var corner: Corner
    /// No corner was free (a card raised over the whole screen): the legend is not drawn and takes no touch.
    public private(set) var isFolded = false
    private let screenRect: IntRect
    private let margin: Float
    /// The depth of a band across the top that the legend keeps below while it shows (the live-service strip):
    /// a legend in a top corner moves down by it; one in a bottom corner stays.
    public var topInset: Float = 0 {
        didSet { if topInset != oldValue, corner.isTop { changed = true } }
    }
    private let fonts: FontStack
    private let size: Float
    private var changed = true
    /// Whether a tap on an entry browses its line; false on a kiosk with no search sheet, where the legend is only
    /// read and every touch on it goes on to the map.
    public var browsesLines = true
    /// The entry a finger came down on, while it is down.
    private var down: Row?
    private var pending: [OverlayRequest] = []

    /// `capHeightPixels`: the labels' cap height, which the legend's text matches; `screen`: the output's pixels.
    public init(entries: [Entry], corner: Corner, screen: IntRect, capHeightPixels: Float, fonts: FontStack) {
        self.entries = entries
        self.fonts = fonts
        configuredCorner = corner
        self.corner = corner
        screenRect = screen
        // Cap height over the usual 0.71 cap-to-em ratio of the sans faces used for labels.
        let size = max(capHeightPixels / 0.71, 1)
        self.size = size
        let metrics = fonts.metrics(sizePixels: size)
        let rowHeight = size * 1.6, badgeHeight = size * 1.3, pad = size * 0.6
        let badgeWidths = entries.map { max(badgeHeight, fonts.measure($0.badge, sizePixels: size) + badgeHeight * 0.5) }
        let badgeColumn = badgeWidths.max() ?? badgeHeight
        let nameColumn = entries.map { fonts.measure($0.name, sizePixels: size) }.max() ?? 0
        let columnWidth = badgeColumn + pad + nameColumn
        // As many rows as fit in 60 % of the screen's height; more lines wrap into further columns.
        let fitting = max(Int((Float(screen.height) * 0.6 - 2 * pad) / rowHeight), 1)
        let columns = max((entries.count + fitting - 1) / fitting, 1)
        let perColumn = (entries.count + columns - 1) / max(columns, 1)
        let width = Float(columns) * columnWidth + Float(columns - 1) * pad * 2 + 2 * pad
        let height = Float(perColumn) * rowHeight + 2 * pad
        let margin = size
        self.margin = margin
        guard !entries.isEmpty, width <= Float(screen.width), height <= Float(screen.height) else {
            box = nil
            return
        }
        let x = corner.isLeft ? Float(screen.x0) + margin : Float(screen.x1) - margin - width
        let y = corner.isTop ? Float(screen.y0) + margin : Float(screen.y1) - margin - height
        box = Rect(x: x.rounded(), y: y.rounded(), width: width.rounded(.up), height: height.rounded(.up))
        rows = entries.enumerated().map { index, entry in
            let column = index / perColumn, row = index % perColumn
            let cellX = x + pad + Float(column) * (columnWidth + pad * 2), cellY = y + pad + Float(row) * rowHeight
            let badgeY = cellY + (rowHeight - badgeHeight) / 2
            let badge = Rect(x: cellX + (badgeColumn - badgeWidths[index]) / 2, y: badgeY, width: badgeWidths[index], height: badgeHeight)
            let baseline = cellY + rowHeight / 2 + (metrics.ascent - metrics.descent) / 2
            return Row(entry: entry, badge: badge, nameOrigin: Point(cellX + badgeColumn + pad, baseline),
                       cell: Rect(x: cellX, y: cellY, width: columnWidth, height: rowHeight))
        }
    }

    /// The box in `corner`, below the top band when there is one (nil: the legend does not fit the screen).
    public func rect(in corner: Corner) -> ScreenRect? {
        guard let box else { return nil }
        let x = corner.isLeft ? Float(screenRect.x0) + margin : Float(screenRect.x1) - margin - box.width
        let y = corner.isTop ? Float(screenRect.y0) + margin + topInset : Float(screenRect.y1) - margin - box.height
        return ScreenRect(Rect(x: x.rounded(), y: y.rounded(), width: box.width, height: box.height))
    }

    /// The corners in the order the legend takes them: the configured one, the other one on the same edge (a legend
    /// read at the top stays at the top), the one above or below it, the opposite one.
    private var cornerOrder: [Corner] {
        [configuredCorner] + Corner.allCases.filter { $0 != configuredCorner }.sorted {
            ($0.isTop != configuredCorner.isTop ? 1 : 0, $0.isLeft != configuredCorner.isLeft ? 1 : 0)
                < ($1.isTop != configuredCorner.isTop ? 1 : 0, $1.isLeft != configuredCorner.isLeft ? 1 : 0)
        }
    }

    /// Where the layout pass would put the legend with `occupied` taken (the card where it rests, the control column
    /// laid out around it): the first free corner in `cornerOrder`; nil when every corner meets one (folded).
    public func region(clearOf occupied: [ScreenRect]) -> ScreenRect? {
        cornerOrder.lazy.compactMap { self.rect(in: $0) }.first { rect in !occupied.contains { OverlayLayout.overlaps($0, rect) } }
    }

    /// The layout pass: the legend takes the first corner clear of `occupied`, or folds away while none is.
    public func layOut(clearOf occupied: [ScreenRect]) {
        let free = cornerOrder.first { corner in
            rect(in: corner).map { rect in !occupied.contains { OverlayLayout.overlaps($0, rect) } } ?? false
        }
        let folded = free == nil
        if folded != isFolded || (free.map { $0 != corner } ?? false) { changed = true }
        isFolded = folded
        if let free { corner = free }
    }

    /// Where the box is shown now: in the corner the layout chose, below the top band; nil while folded.
    var shownBox: Rect? { isFolded ? nil : rect(in: corner).map(Rect.init) }
    /// How far the shown box lies from where the rows were laid out (the configured corner, no band).
    private var shift: Point {
        guard let box, let shown = shownBox else { return Point(0, 0) }
        return Point(shown.minX - box.minX, shown.minY - box.minY)
    }

    public var frame: ScreenRect? { shownBox.map(ScreenRect.init) }
    public var occupiedRegion: ScreenRect? { frame }
    public var needsRedraw: Bool { changed }
    public func advance(to timeMicroseconds: Int64, map: MapProjection) {}
    /// An entry is the line's control: a tap on it lists the line's stations (lifted on the same entry, as a button
    /// is). A touch between entries or on the box's margin goes on to the map, as does one on an entry without a line.
    public func touchDown(at point: ScreenPoint, timeMicroseconds: Int64) -> Bool {
        down = row(at: point)
        return down != nil
    }

    public func touchUp(at point: ScreenPoint, timeMicroseconds: Int64) {
        defer { down = nil }
        guard let down, let id = down.entry.lineID, row(at: point) == down else { return }
        pending.append(.browseLine(id: id))
    }

    public func touchCancelled(timeMicroseconds: Int64) { down = nil }

    public func takeRequests() -> [OverlayRequest] {
        defer { pending = [] }
        return pending
    }

    /// The entry with a line whose cell holds `point`, where the box is shown now.
    private func row(at point: ScreenPoint) -> Row? {
        guard browsesLines, shownBox != nil else { return nil }
        let x = Float(point.x) - shift.x, y = Float(point.y) - shift.y
        return rows.first { $0.entry.lineID != nil && $0.cell.minX <= x && x < $0.cell.maxX && $0.cell.minY <= y && y < $0.cell.maxY }
    }

    public func draw(on canvas: Canvas) {
        guard let box = shownBox else { return }
        let dx = shift.x, dy = shift.y
        canvas.fillRect(box, color: Color(rgb: 0x808080))
        canvas.fillRect(Rect(minX: box.minX + 1, minY: box.minY + 1, maxX: box.maxX - 1, maxY: box.maxY - 1), color: Color(rgb: 0xFFFFFF))
        for row in rows {
            let b = Rect(x: row.badge.minX + dx, y: row.badge.minY + dy, width: row.badge.width, height: row.badge.height), h = b.height
            if b.width <= h + 0.01 {
                canvas.fillCircle(center: Point((b.minX + b.maxX) / 2, (b.minY + b.maxY) / 2), radius: h / 2, color: row.entry.color)
            } else {
                canvas.stroke(polyline: [Point(b.minX + h / 2, (b.minY + b.maxY) / 2), Point(b.maxX - h / 2, (b.minY + b.maxY) / 2)],
                              style: StrokeStyle(width: h, join: .round, cap: .round), color: row.entry.color)
            }
            let c = row.entry.color
            let luma = 0.299 * Double(c.red) + 0.587 * Double(c.green) + 0.114 * Double(c.blue)
            let textWidth = fonts.measure(row.entry.badge, sizePixels: size)
            // Centred by its ink, as on the map's badges, not by the line box (which sets capitals low).
            let badgeText = fonts.shape(row.entry.badge, sizePixels: size)
            canvas.draw(badgeText, at: Point((b.minX + b.maxX) / 2 - textWidth / 2, badgeText.baseline(centringInkAt: (b.minY + b.maxY) / 2)),
                        color: luma > 150 ? Color(rgb: 0x000000) : Color(rgb: 0xFFFFFF))
            canvas.draw(fonts.shape(row.entry.name, sizePixels: size), at: Point(row.nameOrigin.x + dx, row.nameOrigin.y + dy),
                        color: Color(rgb: 0x1A1A1A))
        }
    }

    public func didPresent() { changed = false }
}
