import MetroMap
import Physics
import Raster

/// "You are here", as official station maps print it: a large marker on the kiosk's own station and a callout with
/// the words in every language the map is shown in, pinned to the station and always drawn. While the station is
/// off screen the callout stays at the nearest screen edge, its pointer aimed at where the station lies. The
/// station's next departures are on a board docked at the screen's edge (`DeparturesBoardElement`), not here: in the
/// callout they covered the stations around it.
public final class YouAreHereElement: OverlayElement {
    /// The kiosk's station on the scheme.
    public let station: SchemePoint
    private let fonts: FontStack?
    private let screen: IntRect
    private let scalePixels: Float
    /// The words, one line per shown language (the main one first).
    public private(set) var lines: [String]
    /// The kiosk's station (`named`), whose name the callout carries under the words in the main shown language:
    /// the callout sits where the map would set that name, and the map's labels keep clear of it, so without this
    /// the one station every traveller looks for first would be the one left unnamed.
    private let named: Station?
    /// The station's name as the callout shows it; nil without a station.
    public private(set) var name: String?
    /// Where the station is on screen at the last `advance`, and the callout's box there.
    public private(set) var anchor: Point?
    public private(set) var box: Rect?
    /// Below the station rather than above it: set while a route leaves the station upward, so the callout does not
    /// hide the route's first ride (above is where official station maps print it, and where it goes otherwise).
    public var below = false
    /// The names the map sets around the station on screen now (`MapSceneBuilder.plannedNameBoxes`): the callout
    /// takes the side of the station (above, below, right, left) that covers the fewest, as a cartographer moves a
    /// plate off the next stations' names; the map drops a name the callout covers, and the next stations from here
    /// are the names a traveller reads first. Empty: above (`below`: below), as official maps print it; nil (no plan
    /// at this scale yet, mid-pinch): the side chosen last.
    public var namesAround: [Rect]?
    /// The middles of the other stations' marks on screen: each counts as a name (a box over a mark's edge leaves
    /// the station readable; one over its middle hides it).
    public var marksAround: [Rect] = []
    /// The side the callout is on.
    public private(set) var side: Side = .above

    /// Above, below, beside, then the corners: the box's near corner just off the marker, its pointer slanting in.
    public enum Side: CaseIterable, Sendable { case above, below, right, left, aboveRight, aboveLeft, belowRight, belowLeft }
    private var presented: (anchor: Point?, lines: [String], name: String?, side: Side)?

    public static let fill = Color(rgb: 0xE0102A)
    public static let ink = Color(rgb: 0xFFFFFF)

    public init(station: SchemePoint, languages: [String], fonts: FontStack?, screen: IntRect, named: Station? = nil) {
        self.station = station
        self.named = named
        name = Self.name(of: named, languages: languages)
        self.fonts = fonts
        self.screen = screen
        scalePixels = Self.scalePixels(screen: screen)
        lines = Self.lines(for: languages)
    }

    /// Pixels per layout unit on a screen: the card's rule, so the callout and the card read at one size.
    public static func scalePixels(screen: IntRect) -> Float { max(1, Float(min(screen.width, screen.height)) / 800) }

    /// "You are here" in each of `languages` that has its own words, the first language first; English when none do.
    public static func lines(for languages: [String]) -> [String] {
        var lines: [String] = []
        for language in languages.prefix(2) {
            let words = JourneyWording(language: language).youAreHere
            if !lines.contains(words) { lines.append(words) }
        }
        return lines.isEmpty ? [JourneyWording(language: nil).youAreHere] : lines
    }

    /// The station's name in the first of `languages` it has one in (its own name when none).
    static func name(of station: Station?, languages: [String]) -> String? {
        guard let station else { return nil }
        return languages.first.map { station.name(in: $0) } ?? station.name
    }

    /// The passenger switched languages: the callout follows.
    public func show(languages: [String]) {
        lines = Self.lines(for: languages)
        name = Self.name(of: named, languages: languages)
    }

    /// What the callout's box holds, each text with its size in layout units: the words (the main language large,
    /// the other smaller), then the station's name as large as the main words.
    static func rows(lines: [String], name: String?) -> [(text: String, size: Float)] {
        lines.enumerated().map { ($1, $0 == 0 ? mainSize : otherSize) } + (name.map { [($0, mainSize)] } ?? [])
    }

    /// The marker's radius and the gap between it and the callout's pointer, in layout units.
    static let markerRadius: Float = 14, pointer: Float = 12, padding: Float = 10
    static let mainSize: Float = 24, otherSize: Float = 17

    /// What the marker and the callout above it (`below`: under it) cover around the station's screen point at the
    /// origin: the camera keeps this whole extent inside the free part of the screen when it fits a route starting here.
    public static func extent(lines: [String], name: String? = nil, fonts: FontStack?, scalePixels s: Float,
                              below: Bool = false) -> ScreenRect {
        let size = boxSize(rows: rows(lines: lines, name: name), fonts: fonts, scalePixels: s)
        let marker = Double(markerRadius * s), reach = Double(size.height + (pointer + markerRadius) * s)
        return ScreenRect(minX: min(-Double(size.width) / 2, -marker), minY: below ? -marker : -reach,
                          maxX: max(Double(size.width) / 2, marker), maxY: below ? reach : marker)
    }

    /// The words' extent: the camera asks it when it fits a route.
    public var extent: ScreenRect { Self.extent(lines: lines, name: name, fonts: fonts, scalePixels: scalePixels, below: below) }

    private static func boxSize(rows: [(text: String, size: Float)], fonts: FontStack?, scalePixels s: Float) -> RasterSize {
        var width: Float = 0, height: Float = 0
        for row in rows {
            let size = row.size * s
            width = max(width, measure(row.text, size: size, fonts: fonts))
            height += lineHeight(size: size, fonts: fonts)
        }
        return RasterSize(width: width + 2 * padding * s, height: height + 2 * padding * s)
    }

    private static func measure(_ text: String, size: Float, fonts: FontStack?) -> Float {
        // Without fonts (a test's layout) a wide estimate: most scripts' glyphs are at most a square.
        fonts?.measure(text, sizePixels: size) ?? Float(text.count) * size
    }

    private static func lineHeight(size: Float, fonts: FontStack?) -> Float {
        guard let metrics = fonts?.metrics(sizePixels: size) else { return size * 1.25 }
        return metrics.ascent + metrics.descent
    }

    public var frame: ScreenRect? {
        guard let box, let anchor else { return nil }
        let marker = Self.markerRadius * scalePixels + 3
        return ScreenRect(minX: Double(min(box.minX, anchor.x - marker)) - 1, minY: Double(min(box.minY, anchor.y - marker)) - 1,
                          maxX: Double(max(box.maxX, anchor.x + marker)) + 1, maxY: Double(max(box.maxY, anchor.y + marker)) + 1)
            .clipped(to: screen)
    }

    public func advance(to timeMicroseconds: Int64, map: MapProjection) {
        let point = Point(map.screenPoint(of: station))
        let s = scalePixels
        let size = Self.boxSize(rows: Self.rows(lines: lines, name: name), fonts: fonts, scalePixels: s)
        let gap = (Self.pointer + Self.markerRadius) * s
        let minX = Float(screen.x0) + 4, maxX = Float(screen.x1) - 4, minY = Float(screen.y0) + 4, maxY = Float(screen.y1) - 4
        // Each side's box, slid along and clamped to the screen, so the words stay readable with the station near
        // (or past) an edge; above or below flips to the other when it would run off the screen.
        func boxOn(_ side: Side) -> Rect {
            var left = point.x - size.width / 2, top: Float
            switch side {
            case .above:
                top = point.y - gap - size.height
                if top < minY { top = point.y + gap }
            case .below:
                top = point.y + gap
                if top + size.height > maxY { top = point.y - gap - size.height }
            case .right:
                left = point.x + gap
                top = point.y - size.height / 2
            case .left:
                left = point.x - gap - size.width
                top = point.y - size.height / 2
            case .aboveRight, .aboveLeft, .belowRight, .belowLeft:
                // The near corner clear of the marker's ring (its diagonal distance is √2 times this).
                let corner = (Self.markerRadius + 4) * s
                left = side == .aboveRight || side == .belowRight ? point.x + corner : point.x - corner - size.width
                top = side == .belowRight || side == .belowLeft ? point.y + corner : point.y - corner - size.height
            }
            top = min(max(top, minY), maxY - size.height)
            left = min(max(left, minX), maxX - size.width)
            return Rect(x: left, y: top, width: size.width, height: size.height)
        }
        let order: [Side] = (below ? [.below, .above] : [.above, .below]) + [.right, .left, .aboveRight, .aboveLeft, .belowRight, .belowLeft]
        if let names = namesAround {
            let covered = order.map { side in
                let box = boxOn(side)
                return names.filter { $0.overlaps(box) }.count + marksAround.filter { $0.overlaps(box) }.count
            }
            side = order[covered.indices.min { covered[$0] < covered[$1] } ?? 0]
        } else if side == .above || side == .below {
            side = order[0]
        }
        let chosen = boxOn(side)
        let (left, top) = (chosen.minX, chosen.minY)
        box = Rect(x: left, y: top, width: size.width, height: size.height)
        anchor = point
    }

    public var needsRedraw: Bool {
        presented.map { $0.anchor != anchor || $0.lines != lines || $0.name != name || $0.side != side } ?? true
    }

    public func touchDown(at point: ScreenPoint, timeMicroseconds: Int64) -> Bool { false }

    public func draw(on canvas: Canvas) {
        guard let box, let anchor else { return }
        let s = scalePixels
        // The pointer from the box's nearest edge towards the station, wherever it is.
        let base = Point(min(max(anchor.x, box.minX + 12 * s), box.maxX - 12 * s), anchor.y < box.minY ? box.minY : box.maxY)
        let tip = anchor.y >= box.minY && anchor.y <= box.maxY ? nil : Point(
            anchor.x, anchor.y < box.minY ? max(anchor.y + Self.markerRadius * s, Float(screen.y0)) : min(anchor.y - Self.markerRadius * s, Float(screen.y1)))
        if let tip {
            var path = PathBuilder()
            path.addPolygon([tip, Point(base.x - 9 * s, base.y), Point(base.x + 9 * s, base.y)])
            canvas.fill(path.build(), color: Self.fill)
        }
        canvas.fillRect(Rect(minX: box.minX - 2, minY: box.minY - 2, maxX: box.maxX + 2, maxY: box.maxY + 2), color: Self.ink)
        canvas.fillRect(box, color: Self.fill)
        if let fonts {
            var y = box.minY + Self.padding * s
            for row in Self.rows(lines: lines, name: name) {
                let size = row.size * s
                let metrics = fonts.metrics(sizePixels: size)
                let width = fonts.measure(row.text, sizePixels: size)
                canvas.draw(fonts.shape(row.text, sizePixels: size), at: Point(box.minX + (box.width - width) / 2, y + metrics.ascent),
                            color: Self.ink)
                y += metrics.ascent + metrics.descent
            }
        }
        // The marker: a large ring on the station, over the map's own dot.
        let r = Self.markerRadius * s
        canvas.fillCircle(center: anchor, radius: r + 3, color: Self.ink)
        canvas.fillCircle(center: anchor, radius: r, color: Self.fill)
        canvas.fillCircle(center: anchor, radius: r * 0.45, color: Self.ink)
    }

    public func didPresent() {
        presented = (anchor, lines, name, side)
    }
}

extension ScreenRect {
    /// The part of the rectangle on `bounds`' pixels (an empty one at its corner when none is).
    func clipped(to bounds: IntRect) -> ScreenRect {
        let x0 = Double(bounds.x0), y0 = Double(bounds.y0), x1 = Double(bounds.x1), y1 = Double(bounds.y1)
        return ScreenRect(minX: min(max(minX, x0), x1), minY: min(max(minY, y0), y1), maxX: min(max(maxX, x0), x1),
                          maxY: min(max(maxY, y0), y1))
    }
}
