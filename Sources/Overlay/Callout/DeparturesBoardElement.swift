import MetroMap
import Physics
import Raster

/// The kiosk's own next departures, per line and direction, on a board docked at the bottom of the screen where the
/// journey card rises (the card's column in landscape, the whole width in portrait), in the red of "You are here".
///
/// Why not in the "You are here" callout, where they were first: eight rows made the callout a box of about
/// 450×250 px on a 1280×800 screen, pinned just above the kiosk's station, so the stations a traveller looks for
/// first, the next ones on each line from here, were covered and their names dropped (the map's labels keep clear
/// of the overlay). Docked, the list covers the edge of the map instead of its middle, the callout keeps only its
/// words and the station's name, and the layout treats the board as it treats the card at rest: the controls, the
/// inset and the legend keep out of it, the camera fits around it. Shown while no journey is open (the card then
/// lists the tapped station's departures); a tap on it opens the kiosk's own station as a tap on its mark does.
public final class DeparturesBoardElement: OverlayElement {
    /// The kiosk's station, opened by a tap on the board.
    public let stationID: String
    private let fonts: FontStack?
    private let screen: IntRect
    /// The card's column: the board's left edge and width.
    private let left: Float, width: Float
    private let scalePixels: Float
    /// The station's name as the header shows it, and the rows under it (empty: the board is hidden).
    public private(set) var name: String = ""
    public private(set) var departures: [JourneyCardContent.DepartureRow] = []
    public private(set) var box: Rect?
    /// When the departures are next worded again by the clock (the next wall-clock second); nil: not by itself.
    /// The loop wakes for it while input can still come (a replay whose trace has ended stops ticking).
    public var refreshMicroseconds: Int64?
    private var pressed = false
    private var pending: [OverlayRequest] = []
    private var presented: (name: String, departures: [JourneyCardContent.DepartureRow])?

    /// Eight rows: four lines both ways, the largest hubs of most networks, at about a quarter of a 1080p screen's
    /// height; the card of the kiosk's own station lists them all.
    public static let maximumRows = 8
    static let padding: Float = 10, headerSize: Float = 20, rowSize: Float = 15
    static let swatch: Float = 10, swatchGap: Float = 6, timesGap: Float = 12, ringRadius: Float = 8

    /// `column`: where the journey card rises (its left edge and width are the board's).
    public init(stationID: String, fonts: FontStack?, screen: IntRect, column: ScreenRect) {
        self.stationID = stationID
        self.fonts = fonts
        self.screen = screen
        left = Float(column.minX)
        width = Float(column.width)
        scalePixels = YouAreHereElement.scalePixels(screen: screen)
    }

    /// What to list: the station's name and its next departures (at most `maximumRows`); none hides the board.
    public func show(name: String, departures: [JourneyCardContent.DepartureRow]) {
        self.name = name
        self.departures = Array(departures.prefix(Self.maximumRows))
        layOut()
    }

    private func layOut() {
        guard !departures.isEmpty else { box = nil; return }
        box = Self.box(rows: departures.count, fonts: fonts, screen: screen, left: left, width: width)
    }

    private static func box(rows: Int, fonts: FontStack?, screen: IntRect, left: Float, width: Float) -> Rect {
        let s = YouAreHereElement.scalePixels(screen: screen)
        let height = 2 * padding * s + lineHeight(size: headerSize * s, fonts: fonts) + padding * s / 2
            + Float(rows) * lineHeight(size: rowSize * s, fonts: fonts)
        return Rect(x: left, y: Float(screen.y1) - height, width: width, height: height)
    }

    /// The most the board covers (`maximumRows` rows, with its edge): the home view around the kiosk's station keeps
    /// the station's neighbourhood out of it, whatever the hour's rows.
    public var largestRegion: ScreenRect {
        frame(of: Self.box(rows: Self.maximumRows, fonts: fonts, screen: screen, left: left, width: width))
    }

    private static func lineHeight(size: Float, fonts: FontStack?) -> Float {
        guard let metrics = fonts?.metrics(sizePixels: size) else { return size * 1.25 }
        return metrics.ascent + metrics.descent
    }

    public var frame: ScreenRect? { box.map(frame(of:)) }

    /// A box with its white edge (none at the screen's bottom), on the screen.
    private func frame(of box: Rect) -> ScreenRect {
        ScreenRect(minX: Double(box.minX) - 2, minY: Double(box.minY) - 2, maxX: Double(box.maxX) + 2, maxY: Double(box.maxY))
            .clipped(to: screen)
    }

    /// Kept for itself like the card at rest: the controls, inset and legend move out of it, the camera fits around it.
    public var occupiedRegion: ScreenRect? { frame }

    public func advance(to timeMicroseconds: Int64, map: MapProjection) {}

    public var needsRedraw: Bool { presented.map { $0.name != name || $0.departures != departures } ?? true }

    public func touchDown(at point: ScreenPoint, timeMicroseconds: Int64) -> Bool {
        pressed = contains(point)
        return pressed
    }

    public func touchUp(at point: ScreenPoint, timeMicroseconds: Int64) {
        if pressed, contains(point) { pending.append(.showStation(id: stationID)) }
        pressed = false
    }

    public func touchCancelled(timeMicroseconds: Int64) { pressed = false }

    public func takeRequests() -> [OverlayRequest] {
        defer { pending = [] }
        return pending
    }

    public func draw(on canvas: Canvas) {
        guard let box else { return }
        let s = scalePixels, fill = YouAreHereElement.fill, ink = YouAreHereElement.ink
        canvas.fillRect(Rect(minX: box.minX - 2, minY: box.minY - 2, maxX: box.maxX + 2, maxY: box.maxY), color: ink)
        canvas.fillRect(box, color: fill)
        guard let fonts else { return }
        let inner = box.minX + Self.padding * s, right = box.maxX - Self.padding * s
        // The header: the "You are here" ring, then the station's name.
        let header = Self.headerSize * s, headerMetrics = fonts.metrics(sizePixels: header)
        var y = box.minY + Self.padding * s
        let ring = Self.ringRadius * s, middle = y + (headerMetrics.ascent + headerMetrics.descent) / 2
        canvas.fillCircle(center: Point(inner + ring, middle), radius: ring, color: ink)
        canvas.fillCircle(center: Point(inner + ring, middle), radius: ring * 0.45, color: fill)
        let nameX = inner + 2 * ring + Self.swatchGap * s
        canvas.draw(fonts.shape(fonts.cut(name, toWidth: right - nameX, sizePixels: header), sizePixels: header),
                    at: Point(nameX, y + headerMetrics.ascent), color: ink)
        y += headerMetrics.ascent + headerMetrics.descent + Self.padding * s / 2
        // The rows: the line's colour, the title (cut at a word when long), the times in a column at the right whose
        // edge moves in steps, so the titles do not shift as the times tick.
        let size = Self.rowSize * s, metrics = fonts.metrics(sizePixels: size)
        let step = 24 * s
        let timesWidth = ((departures.map { fonts.measure($0.times, sizePixels: size) }.max() ?? 0) / step).rounded(.up) * step
        let titleX = inner + (Self.swatch + Self.swatchGap) * s
        // After the widest title where the board is wide (the whole width in portrait: times at the far edge were
        // a long way from their titles), else at the right with the titles cut.
        let titles = departures.map { fonts.measure($0.title, sizePixels: size) }.max() ?? 0
        let timesX = max(min(right - timesWidth, titleX + titles + Self.timesGap * s), inner)
        for row in departures {
            let rowMiddle = y + (metrics.ascent + metrics.descent) / 2, half = Self.swatch * s / 2
            canvas.fillRect(Rect(x: inner - 1, y: rowMiddle - half - 1, width: Self.swatch * s + 2, height: Self.swatch * s + 2), color: ink)
            canvas.fillRect(Rect(x: inner, y: rowMiddle - half, width: Self.swatch * s, height: Self.swatch * s), color: row.color ?? ink)
            let title = fonts.cutWithin(row.title, toWidth: timesX - Self.timesGap * s - titleX, sizePixels: size)
            canvas.draw(fonts.shape(title, sizePixels: size), at: Point(titleX, y + metrics.ascent), color: ink)
            canvas.draw(fonts.shape(row.times, sizePixels: size), at: Point(timesX, y + metrics.ascent), color: ink)
            y += metrics.ascent + metrics.descent
        }
    }

    public func didPresent() {
        presented = (name, departures)
    }
}
