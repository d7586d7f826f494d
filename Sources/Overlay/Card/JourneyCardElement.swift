import MetroMap
import Physics
import Raster
import TouchInput

/// The journey card as an overlay element: a sheet rising from the bottom edge (a bottom sheet on a portrait panel,
/// a column at the left on a landscape one, so the map stays visible beside it) that a tap on a station raises to
/// `peek`, that follows the finger and snaps by projection to the nearest anchor (`CardSheetMotion`), and that asks
/// the map to fit the route into the part of the screen it leaves uncovered.
///
/// The card's picture is drawn once per content (`JourneyCardPicture`); each frame only copies its visible rows.
public final class JourneyCardElement: OpaqueOverlayElement {
    public let settings: CardSettings
    private let fonts: FontStack?
    private let screen: IntRect
    private let scalePixels: Float
    /// Landscape panels get a side sheet; portrait ones a bottom sheet across the whole width.
    public let isSideSheet: Bool
    /// The sheet's left edge and width, in output pixels.
    public let sheetX: Int
    public let sheetWidth: Int
    public private(set) var motion: CardSheetMotion
    public private(set) var content: JourneyCardContent?
    private var picture: JourneyCardPicture?
    private var bar: PixelBuffer?
    /// Counts the pictures drawn: what the opaque picture's key names them by (a new picture may reuse a freed
    /// one's address, so not by identity).
    private var pictureRevision = 0
    /// The step list scrolling inside the card at `full`, and the header collapsing with it.
    public private(set) var scroll: CardContentScroll?
    public private(set) var header: CollapsingHeader?
    /// The extent and state at the last `advance`.
    public private(set) var extent = 0.0
    public private(set) var state: CardState = .hidden
    private var presented: (extent: Double, content: JourneyCardContent?, scrollOffset: Double?)?
    /// What a finger on the card does once it has moved past the slop.
    enum PressRole { case undecided, sheet, list }
    /// The finger on the card: where it came down, what it drives, whether it may scroll the list, and the anchor
    /// the card rested at when it came down (nil: it was moving, and the finger caught it).
    private var press: (start: ScreenPoint, role: PressRole, onList: Bool, restingAnchor: CardAnchor?)?
    private var requests: [OverlayRequest] = []
    /// The finger on the card has moved past the slop driving the sheet.
    private var isDraggingSheet = false
    private var lastTouchMicroseconds: Int64 = 0
    /// How far behind each frame's presentation time the finger on the card is shown: the map's latency, set by the
    /// loop, so the card and its list follow the same resampled finger as the map. 0 shows the newest report at once.
    public var touchLatencyMicroseconds: Int64 {
        get { finger.latencyMicroseconds }
        set { finger.latencyMicroseconds = newValue }
    }
    /// The finger on the card, resampled at `presentation − touchLatencyMicroseconds` while it drags, and the one
    /// tracker its lift flings with.
    private var finger = DraggedFinger(axes: .vertical)
    /// The velocity (px/s, the finger's) the last lift handed the sheet or the list.
    public private(set) var releasedVelocity: Velocity?
    /// What the last lift let go of (the sheet or the list): what its hand-over, once on screen, releases.
    private var liftedRole: PressRole = .sheet
    /// How far (px) a finger on the card may move and still be a tap.
    public static let tapSlopPixels = 10.0
    /// The velocity a lift hands the card is limited to this (px/s), as the map's flings are.
    public static let maximumVelocity = FeelDefaults.maximumFlingVelocity

    /// Accessible mode's text size: the card's text (and the rows that hold it) this many times the usual size.
    /// Changing it redraws a shown card at once.
    public var textScale: Float = 1 {
        didSet {
            guard textScale != oldValue, let content else { return }
            picture = nil
            makePictures(for: content)
            presented = nil
        }
    }

    /// The colour the map draws each of the scheme's line colours in (accessible mode recolours the lines; a colour
    /// not in it is drawn as it is): the card shows its lines in the map's colours. Changing it redraws a shown card
    /// at once.
    public var lineColors: [Color: Color] = [:] {
        didSet {
            guard lineColors != oldValue, let content else { return }
            picture = nil
            makePictures(for: content)
            presented = nil
        }
    }

    /// The content as the card draws it: its lines in the map's colours (`lineColors`).
    public var drawnContent: JourneyCardContent? { content.map(drawn) }

    private func drawn(_ content: JourneyCardContent) -> JourneyCardContent {
        content.recoloured { lineColors[$0] ?? $0 }
    }

    /// The height of the card's drawn content (header and steps) in output pixels; nil before a station is shown.
    public var contentHeight: Int? { picture?.contentHeight }
    /// Where the share code is in the card's content (0: the card's top edge, unscrolled); nil without one.
    public var shareCodeRect: IntRect? { picture?.shareCodeRect }

    /// Where the card rises on `screen`: its left edge and width. A side sheet on a landscape screen (a little in
    /// from the left, about a third of the width), the whole width on a portrait one.
    private static func column(screen: IntRect) -> (x: Int, width: Int) {
        guard screen.width > screen.height else { return (screen.x0, screen.width) }
        let scalePixels = max(1, Float(min(screen.width, screen.height)) / 800)
        return (screen.x0 + Int(12 * scalePixels), min(screen.width / 2, max(360, Int(Float(screen.width) * 0.36))))
    }

    /// The card's column on `screen`, the whole height: what the departures board docks in.
    public static func columnRect(screen: IntRect) -> ScreenRect {
        let (x, width) = column(screen: screen)
        return ScreenRect(x: Double(x), y: Double(screen.y0), width: Double(width), height: Double(screen.height))
    }

    public init(settings: CardSettings, fonts: FontStack?, screen: IntRect) {
        self.settings = settings
        self.fonts = fonts
        self.screen = screen
        scalePixels = max(1, Float(min(screen.width, screen.height)) / 800)
        isSideSheet = screen.width > screen.height
        (sheetX, sheetWidth) = Self.column(screen: screen)
        motion = CardSheetMotion(length: Double(screen.height), settings: settings)
    }

    /// The station whose card is shown (or springing away), if any.
    public var stationID: String? { motion.isShown ? content?.station.stationID : nil }
    /// The route the card describes, "you are here" first; empty without one.
    public var routeStationIDs: [String] { motion.isShown ? content?.routeStationIDs ?? [] : [] }
    public var anchor: CardAnchor? { motion.anchor }

    /// Shows `content` (a tapped station): the card springs in to `peek` when it was hidden, and asks the map to fit
    /// the route into the uncovered part of the screen.
    public func show(_ content: JourneyCardContent, at timeMicroseconds: Int64) {
        draw(content, keepingScroll: false)
        lastTouchMicroseconds = timeMicroseconds
        motion.present(at: timeMicroseconds)
        if content.routeStationIDs.count > 1 {
            requests.append(.fitRoute(stationIDs: content.routeStationIDs, insets: insets(for: .peek)))
        }
    }

    /// Replaces what the shown card says (its departures ticked down, a live notice came) where it is, without
    /// moving it, fitting the map again or counting as a touch: only the card's picture is drawn again, and only
    /// when the words changed.
    public func update(_ content: JourneyCardContent) {
        guard motion.isShown else { return }
        draw(content, keepingScroll: true)
    }

    /// The side of a module of the card's share code, whole pixels: `QRCode.modulePixels` at the panel's density
    /// (set by the kiosk, which knows the panel).
    public var qrModulePixels = 2

    /// When the shown card's words next change by the clock (the next second of its departure list); nil: not by
    /// themselves. Set by whoever words the card; the loop wakes for it like an animation step.
    public var refreshMicroseconds: Int64?

    /// The card's pictures for `content`, drawn once (again only when the content differs).
    private func draw(_ content: JourneyCardContent, keepingScroll: Bool) {
        if content != self.content || picture == nil {
            let previous = picture.map { ($0.headerHeight, $0.contentHeight) }
            self.content = content
            makePictures(for: content, keepingScrollFrom: keepingScroll ? previous : nil)
        }
    }

    /// `previous`: the heights of the picture being replaced when its scroll is to be kept.
    private func makePictures(for content: JourneyCardContent, keepingScrollFrom previous: (Int, Int)? = nil) {
        let textPixels = scalePixels * textScale
        let picture = JourneyCardPicture(content: drawn(content), width: sheetWidth, minimumHeight: screen.height, fonts: fonts,
                                         scalePixels: textPixels, qrModulePixels: qrModulePixels,
                                         shareCodeMinimumTop: Int(motion.extent(of: .peek).rounded(.up)))
        self.picture = picture
        pictureRevision += 1
        let bar = JourneyCardPicture.bar(title: content.station.name, width: sheetWidth, fonts: fonts, scalePixels: textPixels)
        self.bar = bar
        // A refresh that words the same rows anew (minutes ticking down) keeps the header and the list's scroll
        // where the traveller left them; new heights start them again.
        if let previous, previous == (picture.headerHeight, picture.contentHeight), header != nil, scroll != nil { return }
        let header = CollapsingHeader(expandedHeight: Double(picture.headerHeight), collapsedHeight: Double(bar.height))
        self.header = header
        let list = Double(picture.contentHeight - picture.headerHeight)
        // The scroll runs through the header's collapse (which consumes it) and then the list: the expanded
        // header is part of what scrolls, as in a nested scroll on iOS.
        scroll = CardContentScroll(contentHeight: list + header.expandedHeight, viewport: motion.extent(of: .full),
                                   rate: settings.rate)
    }

    /// The card springs to `anchor` from where it is shown (a shown card only).
    public func open(to anchor: CardAnchor, at timeMicroseconds: Int64) {
        lastTouchMicroseconds = timeMicroseconds
        finger.cancelHandOver()
        motion.move(to: anchor, at: timeMicroseconds)
        if anchor != .full { resetScroll() }
    }

    /// The card springs away (a tap on the map, the idle return).
    public func dismiss(at timeMicroseconds: Int64) {
        press = nil
        finger.cancelHandOver()
        motion.dismiss(at: timeMicroseconds)
    }

    /// The part of the screen the card covers resting at `anchor`, which the map keeps its subject out of.
    public func insets(for anchor: CardAnchor) -> EdgeInsets {
        if isSideSheet { return EdgeInsets(left: Double(sheetX - screen.x0 + sheetWidth)) }
        return EdgeInsets(bottom: motion.extent(of: anchor))
    }

    /// The screen the card covers resting at `anchor`: what the layout moves the controls out of and the camera
    /// fits around.
    public func region(at anchor: CardAnchor) -> ScreenRect {
        let extent = motion.extent(of: anchor)
        return ScreenRect(x: Double(sheetX), y: Double(screen.y1) - extent, width: Double(sheetWidth), height: extent)
    }

    /// At rest or heading to an anchor: that anchor's region; on its way out or hidden: none.
    public var occupiedRegion: ScreenRect? {
        guard motion.isShown, let anchor = motion.anchor else { return nil }
        return region(at: anchor)
    }

    public var frame: ScreenRect? {
        guard extent >= 0.5 else { return nil }
        return ScreenRect(x: Double(sheetX), y: Double(screen.y1) - extent, width: Double(sheetWidth), height: extent)
    }

    public func advance(to timeMicroseconds: Int64, map: MapProjection) {
        if let timeout = settings.idleTimeoutMicroseconds, press == nil, motion.anchor != nil,
           timeMicroseconds >= lastTouchMicroseconds + timeout {
            motion.dismiss(at: lastTouchMicroseconds + timeout)
        }
        followFinger(at: timeMicroseconds)
        (extent, state) = motion.sample(at: timeMicroseconds)
        scroll?.sample(at: timeMicroseconds)
    }

    /// The header's height at the list's current offset (the expanded header when nothing scrolls).
    public var headerHeight: Double {
        guard let header, let scroll else { return 0 }
        return header.height(forContentOffset: scroll.offset, maximumOffset: scroll.maximumOffset)
    }

    /// How far the list itself is scrolled under the header: the scroll less what the header's collapse consumed.
    /// While the header collapses the list does not scroll within the card, so its rows move with the header's
    /// lower edge, one to one with the finger; the list scrolling on as well moved them twice as fast.
    public var listOffset: Double {
        guard let header, let scroll else { return 0 }
        return scroll.offset - (header.expandedHeight - headerHeight)
    }

    /// Where row `row` of the step list (0: its first row) is on screen now.
    public func screenY(ofListRow row: Double) -> Double {
        Double(screen.y1) - extent + headerHeight + row - listOffset
    }

    public var needsRedraw: Bool {
        guard let presented else { return extent >= 0.5 }
        return presented.extent != extent || presented.content != content || presented.scrollOffset != scroll?.offset
    }

    public var nextChangeMicroseconds: Int64? {
        // The resampled finger still has motion to show (the path runs a latency behind the reports), or a lift's
        // hand-off is still to come.
        if let next = finger.nextFrameMicroseconds(following: press != nil) { return next }
        if let end = motion.endMicroseconds { return end }
        if let end = scroll?.endMicroseconds { return end }
        let refresh = motion.isShown ? refreshMicroseconds : nil
        if let timeout = settings.idleTimeoutMicroseconds, motion.isShown {
            return min(lastTouchMicroseconds + timeout, refresh ?? .max)
        }
        return refresh
    }

    public func touchDown(at point: ScreenPoint, timeMicroseconds: Int64) -> Bool {
        lastTouchMicroseconds = timeMicroseconds
        guard contains(point) else { return false }
        // A finger landing on a lift still handing over catches the card where the screen shows it (`begin`).
        finger.begin(at: point, timeMicroseconds: timeMicroseconds)
        // At full, a finger below the header may scroll the list: which it drives is decided once it moves.
        let top = Double(screen.y1) - extent
        let onList = state == .resting && motion.anchor == .full && (scroll?.canScroll ?? false)
            && point.y > top + headerHeight
        // Read before the grab: a grabbed sheet has no anchor until it is let go.
        let restingAnchor = state == .resting ? motion.anchor : nil
        press = (point, onList ? .undecided : .sheet, onList, restingAnchor)
        if onList { scroll?.grab(finger: point.y) } else { motion.grab(finger: point.y) }
        return true
    }

    public func touchMoved(to point: ScreenPoint, timeMicroseconds: Int64) {
        guard var press else { return }
        lastTouchMicroseconds = timeMicroseconds
        finger.move(to: point, timeMicroseconds: timeMicroseconds)
        let moved = abs(point.y - press.start.y) > Self.tapSlopPixels || abs(point.x - press.start.x) > Self.tapSlopPixels
        if !isDraggingSheet, press.role != .list {
            guard moved else { return }
            // Down with the list at its top pulls the card down; anything else scrolls the list.
            if press.role == .undecided, !(point.y > press.start.y && (scroll?.offset ?? 0) <= 0) {
                press.role = .list
            } else {
                press.role = .sheet
                if press.onList { motion.grab(finger: press.start.y) }
            }
            isDraggingSheet = press.role == .sheet
            self.press = press
        }
        // With a latency the frames show the resampled finger (`advance`); without, the newest report.
        if !finger.isResampled { drive(press.role, finger: point.y) }
    }

    private func drive(_ role: PressRole, finger y: Double) {
        switch role {
        case .sheet: motion.drag(finger: y)
        case .list: scroll?.drag(finger: y)
        case .undecided: break
        }
    }

    /// Moves the dragged sheet or list to the finger as the frame presented at `time` shows it, and hands a lift
    /// over to its animation once the screen has reached it.
    private func followFinger(at time: Int64) {
        let role = press?.role ?? liftedRole
        switch finger.shown(at: time, following: press.map { $0.role == .list || isDraggingSheet } ?? false) {
        case let .finger(point)?:
            drive(role, finger: point.y)
        case let .released(point, velocity, presentation)?:
            drive(role, finger: point.y)
            release(role, velocity: velocity.y, at: presentation)
        case nil:
            break
        }
    }

    private func release(_ role: PressRole, velocity: Double, at time: Int64) {
        releasedVelocity = Velocity(x: 0, y: velocity)
        if role == .list { scroll?.release(fingerVelocity: velocity, at: time) } else { motion.release(fingerVelocity: velocity, at: time) }
    }

    public func touchUp(at point: ScreenPoint, timeMicroseconds: Int64) {
        guard let press else { return }
        self.press = nil
        lastTouchMicroseconds = timeMicroseconds
        // As the map: the spring starts no faster than the screen shows the finger's path moving where it ends (an
        // eased or rested lift does not kick), at the time the screen shows the path's end, from there.
        let dragging = press.role == .list || isDraggingSheet
        let lift = finger.lift(atMicroseconds: timeMicroseconds, handingOver: dragging)
        let velocity = lift.velocity.y
        defer { isDraggingSheet = false }
        if finger.isHandingOver {
            liftedRole = press.role == .list ? .list : .sheet
        } else if press.role == .list {
            release(.list, velocity: velocity, at: timeMicroseconds)
        } else if press.onList, press.role == .undecided {
            // A tap on the list stops it where it is.
            scroll?.release(fingerVelocity: 0, at: timeMicroseconds)
        } else if isDraggingSheet {
            release(.sheet, velocity: velocity, at: timeMicroseconds)
        } else if let resting = press.restingAnchor {
            // A tap on a resting card opens it one step further (back to peek from full).
            let next: CardAnchor = switch resting {
            case .peek: .half
            case .half: .full
            case .full: .peek
            }
            motion.release(fingerVelocity: 0, at: timeMicroseconds)
            motion.move(to: next, at: timeMicroseconds)
            if next != .full { resetScroll() }
        } else {
            // A still catch of a moving card: let go where it was caught, it settles on the nearest anchor.
            motion.release(fingerVelocity: 0, at: timeMicroseconds)
        }
    }

    public func touchCancelled(timeMicroseconds: Int64) {
        guard let press else { return }
        self.press = nil
        isDraggingSheet = false
        finger.cancelHandOver()
        if press.onList { scroll?.release(fingerVelocity: 0, at: timeMicroseconds) } else { motion.release(fingerVelocity: 0, at: timeMicroseconds) }
    }

    public func takeRequests() -> [OverlayRequest] {
        defer { requests.removeAll() }
        return requests
    }

    private func resetScroll() {
        guard let scroll else { return }
        self.scroll = CardContentScroll(contentHeight: scroll.maximumOffset + scroll.viewport, viewport: scroll.viewport,
                                        rate: scroll.rate)
    }

    /// Which rows of the cached pictures the sheet shows at the list's scroll: all that `draw` reads besides where
    /// the sheet's top is.
    private struct SheetRows: Hashable {
        let offset: Int
        let listRows: Int
        let collapsed: Bool
        let headerRows: Int
    }

    private func sheetRows(_ picture: JourneyCardPicture) -> SheetRows {
        let offset = Int((scroll?.offset ?? 0).rounded())
        return SheetRows(offset: offset, listRows: Int(listOffset.rounded()),
                         collapsed: header.map { headerHeight <= $0.collapsedHeight + 0.5 } ?? false,
                         headerRows: offset == 0 ? picture.headerHeight : Int(headerHeight.rounded()))
    }

    /// The screen row of the sheet's top edge.
    private var sheetTop: Int { Int((Double(screen.y1) - extent).rounded()) }

    /// Copies rows of the cached pictures to the sheet: the header (or, collapsed, the bar) and the list below it at
    /// its scroll offset; whatever lies outside the canvas's clip is not copied. No text is drawn here.
    public func draw(on canvas: Canvas) {
        guard let picture, extent >= 0.5 else { return }
        let buffer = canvas.buffer, clip = canvas.clip
        let top = sheetTop
        let x0 = max(sheetX, clip.x0), x1 = min(sheetX + sheetWidth, clip.x1)
        guard x1 > x0 else { return }
        let first = max(top, clip.y0)
        copyRows(of: picture, sheetRows(picture), (first - top)..<(max(first, min(screen.y1, clip.y1)) - top),
                 columns: (x0 - sheetX)..<(x1 - sheetX)) { buffer.row(top + $0) + x0 }
    }

    /// Copies the sheet's rows `locals` (0: its top edge), sheet columns `columns`, to `target(local)`.
    private func copyRows(of picture: JourneyCardPicture, _ rows: SheetRows, _ locals: Range<Int>, columns: Range<Int>,
                          to target: (Int) -> UnsafeMutablePointer<UInt32>) {
        for local in locals {
            let target = target(local)
            let source: UnsafeMutablePointer<UInt32>?
            if local < rows.headerRows {
                source = rows.collapsed ? bar.flatMap { local < $0.height ? $0.row(local) : nil } : picture.buffer.row(local)
            } else {
                let pictureRow = picture.headerHeight + (local - rows.headerRows) + rows.listRows
                source = pictureRow >= picture.headerHeight && pictureRow < picture.buffer.height ? picture.buffer.row(pictureRow) : nil
            }
            if rows.offset != 0, local == rows.headerRows - 1 {
                // The header's lower edge while the list scrolls under it.
                target.update(repeating: JourneyCardPicture.border.xrgb, count: columns.count)
            } else if let source {
                target.update(from: source + columns.lowerBound, count: columns.count)
            } else {
                target.update(repeating: JourneyCardPicture.background.xrgb, count: columns.count)
            }
        }
    }

    public func didPresent() {
        presented = (extent, content, scroll?.offset)
    }
}

/// The sheet is opaque from its top edge to the screen's edge: the compositor may hand it to the scanout as a layer.
extension JourneyCardElement {
    /// The sheet's columns on screen, as sheet columns.
    private var visibleColumns: Range<Int> {
        (max(sheetX, screen.x0) - sheetX)..<max(max(sheetX, screen.x0), min(sheetX + sheetWidth, screen.x1)) - sheetX
    }

    public var opaquePixels: IntRect? {
        guard picture != nil, extent >= 0.5 else { return nil }
        let rect = IntRect(x0: sheetX, y0: sheetTop, x1: sheetX + sheetWidth, y1: screen.y1).intersection(screen)
        return rect.isEmpty ? nil : rect
    }

    public var opaquePictureSize: OutputSize { OutputSize(width: max(visibleColumns.count, 1), height: max(screen.height, 1)) }

    /// The picture starts at the first sheet row on screen (0 unless the sheet is stretched past the screen's top).
    private var firstPictureRow: Int { max(0, screen.y0 - sheetTop) }

    public var opaquePictureKey: AnyHashable {
        guard let picture else { return AnyHashable(0) }
        return AnyHashable([AnyHashable(pictureRevision), AnyHashable(firstPictureRow), AnyHashable(sheetRows(picture))])
    }

    public func drawOpaquePicture(into buffer: PixelBuffer) {
        guard let picture else { return }
        let first = firstPictureRow, columns = visibleColumns
        let rows = first..<(first + min(buffer.height, screen.height))
        copyRows(of: picture, sheetRows(picture), rows, columns: columns) { buffer.row($0 - first) }
    }
}
