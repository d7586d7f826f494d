import MetroMap
import Physics
import Raster

/// The route of the journey card drawn over the map: the rest of the map dimmed under a light veil, the route's
/// hops in their lines' colours on top, "you are here" and the destination marked. Pinned to the map: it follows
/// every pan and zoom through `MapProjection`.
public final class RouteHighlightElement: OverlayElement {
    public struct Hop: Equatable, Sendable {
        public var from: SchemePoint
        public var to: SchemePoint
        /// What is drawn, `from` to `to`: for a ride, the path the map draws the line along between the two (through
        /// its bends, beside lines sharing the track), so the route lies on the line; else the straight link.
        public var path: [SchemePoint]
        public var color: Color
        /// A walk between stations of a transfer: drawn thin and grey.
        public var isWalk: Bool
        /// Stands for a stretch the map does not draw (a line without coordinates): a dashed link in the line's
        /// colour from the last drawn station before it to the first after it.
        public var isUndrawn: Bool = false
        /// The scheme line ridden (nil for a walk) and the hop's two stations: what a live alert's dash is matched on.
        public var lineID: String?
        public var stationIDs: [String] = []

        public init(from: SchemePoint, to: SchemePoint, path: [SchemePoint]? = nil, color: Color, isWalk: Bool,
                    isUndrawn: Bool = false, lineID: String? = nil, stationIDs: [String] = []) {
            self.from = from
            self.to = to
            self.path = path.flatMap { $0.count >= 2 ? $0 : nil } ?? [from, to]
            self.color = color
            self.isWalk = isWalk
            self.isUndrawn = isUndrawn
            self.lineID = lineID
            self.stationIDs = stationIDs
        }
    }

    private let screen: IntRect
    private let scalePixels: Float
    public private(set) var stationIDs: [String] = []
    private var hops: [Hop] = []
    private var ends: (origin: SchemePoint, destination: SchemePoint)?
    private var projected: (hops: [[Point]], origin: Point, destination: Point)?
    private var presentedIDs: [String]?
    /// Lines a live alert names as a whole, and line → stations it names the line at (`dash(lines:stops:)`).
    public private(set) var dashedLines: Set<String> = []
    public private(set) var dashedStops: [String: Set<String>] = [:]
    private var presentedDash: (lines: Set<String>, stops: [String: Set<String>]) = ([], [:])
    public static let veil = Color(rgb: 0xFFFFFF, alpha: 150)
    public static let originColor = Color(rgb: 0xE0301E)
    public static let destinationColor = Color(rgb: 0x1A4D8F)

    /// A route station's name where the map sets it at the current scale (handed over by the loop once the map has
    /// placed its labels): drawn again above the veil and the route, at full contrast. Under the veil the map's own
    /// names read grey, and the names of the stations a traveller rides through are the ones they need to read.
    public struct StationName: Equatable, Sendable {
        public struct Line: Equatable, Sendable {
            public var text: String
            public var language: String?
            public var sizePixels: Float
            /// The baseline origin, in pixels from the first line's.
            public var offset: Point

            public init(text: String, language: String?, sizePixels: Float, offset: Point) {
                self.text = text
                self.language = language
                self.sizePixels = sizePixels
                self.offset = offset
            }
        }

        /// The first line's baseline origin in scheme units, so the name follows the map as it pans.
        public var anchor: SchemePoint
        public var lines: [Line]
        /// The text block with the map's label margin, in pixels from the anchor: laid in white under the text, so
        /// a hop of the route passing close by (hops follow the line, which the name keeps clear of only by its
        /// margin) passes under the name, never across its letters.
        public var plate: Rect

        public init(anchor: SchemePoint, lines: [Line], plate: Rect) {
            self.anchor = anchor
            self.lines = lines
            self.plate = plate
        }
    }

    /// The names of the route's stations drawn over the veil (`name(_:)`).
    public private(set) var stationNames: [StationName] = []
    private var presentedNames: [StationName] = []
    private var projection: MapProjection?
    /// The map's label colour and halo, so a name over the veil is the same name the map draws, in full contrast.
    public var nameColor = Color(rgb: 0x1A1A1A)
    public var nameHalo: Color? = .white

    /// Names the route's stations with `names` (the map's placed labels of them); empty: none.
    public func name(_ names: [StationName]) {
        stationNames = ends == nil ? [] : names
    }

    /// The destination's name, on a plate above its mark; nil: the mark alone.
    public private(set) var destinationName: String?
    private let fonts: FontStack?

    public init(screen: IntRect, fonts: FontStack? = nil) {
        self.screen = screen
        self.fonts = fonts
        scalePixels = max(1, Float(min(screen.width, screen.height)) / 800)
    }

    /// The radius of the marks on the route's ends, in layout units.
    public static let endRadius: Float = 13
    static let plateSize: Float = 20, platePadding: Float = 8, plateGap: Float = 6

    /// What the destination's mark and the plate with its name above it cover around its screen point at the
    /// origin: the camera keeps this inside the free part of the screen when it fits the route.
    public static func destinationExtent(name: String?, fonts: FontStack?, scalePixels s: Float) -> ScreenRect {
        let r = Double((endRadius + 1) * s)
        guard let name, !name.isEmpty else { return ScreenRect(minX: -r, minY: -r, maxX: r, maxY: r) }
        let plate = plateSize(name, fonts: fonts, scalePixels: s)
        let above = Double((endRadius + plateGap) * s) + Double(plate.height)
        return ScreenRect(minX: min(-Double(plate.width) / 2, -r), minY: -above, maxX: max(Double(plate.width) / 2, r), maxY: r)
    }

    public var destinationExtent: ScreenRect { Self.destinationExtent(name: destinationName, fonts: fonts, scalePixels: scalePixels) }

    /// What each other station of the route covers around its screen point: the mark on an end.
    public var stationExtent: ScreenRect {
        let r = Double((Self.endRadius + 1) * scalePixels)
        return ScreenRect(minX: -r, minY: -r, maxX: r, maxY: r)
    }

    /// What a ride's casing covers around each point of its path: a bend of the route shown as whole as its stations.
    public var pathExtent: ScreenRect {
        let r = Double(6 * scalePixels)
        return ScreenRect(minX: -r, minY: -r, maxX: r, maxY: r)
    }

    private static func plateSize(_ name: String, fonts: FontStack?, scalePixels s: Float) -> RasterSize {
        let size = plateSize * s
        let width = fonts?.measure(name, sizePixels: size) ?? Float(name.count) * size
        let height = fonts.map { $0.metrics(sizePixels: size) }.map { $0.ascent + $0.descent } ?? size * 1.25
        return RasterSize(width: width + 2 * platePadding * s, height: height + 2 * platePadding * s)
    }

    /// The plate with the destination's name at the last `advance`, in output pixels.
    public var destinationPlate: Rect? {
        guard let projected, let destinationName, !destinationName.isEmpty else { return nil }
        let size = Self.plateSize(destinationName, fonts: fonts, scalePixels: scalePixels)
        let bottom = projected.destination.y - (Self.endRadius + Self.plateGap) * scalePixels
        return Rect(x: projected.destination.x - size.width / 2, y: bottom - size.height, width: size.width, height: size.height)
    }

    /// Shows the route through `stationIDs` (nil or fewer than two stations: none). `lineColors`: the colour the
    /// map draws each line in, by line id (accessible mode recolours them; a line not in it: the scheme's own);
    /// `ridePath(line, from, to)`: the path the map draws that ride along (`Hop.path`); nil, a straight hop.
    public func show(_ stationIDs: [String]?, on map: MetroMap, destinationName: String? = nil,
                     lineColors: [String: Color] = [:],
                     ridePath: (_ lineID: String, _ from: String, _ to: String) -> [SchemePoint]? = { _, _, _ in nil }) {
        self.destinationName = stationIDs == nil ? nil : destinationName
        hops = []
        ends = nil
        self.stationIDs = []
        stationNames = []
        guard let stationIDs, stationIDs.count > 1 else { return }
        let graph = StationGraph(map: map)
        func color(of line: MetroLine?) -> Color {
            guard let line else { return Color(rgb: 0x808080) }
            return lineColors[line.id] ?? Color(red: line.color.red, green: line.color.green, blue: line.color.blue)
        }
        // Where the route leaves the stations the map places, it is drawn from the last placed station to the
        // first one after, dashed in the colour of the (first) line ridden off the map.
        var lastPlaced: SchemePoint?, offMapLine: MetroLine?
        for (from, to) in zip(stationIDs, stationIDs.dropFirst()) {
            let edge = graph.edges(from: from).first { $0.to == to }
            var line: MetroLine?
            if case let .ride(lineID)? = edge?.kind { line = map.line(id: lineID) }
            let a = map.station(id: from)?.position, b = map.station(id: to)?.position
            if let a { lastPlaced = a }
            if let a, let b {
                hops.append(Hop(from: a, to: b, path: line.flatMap { ridePath($0.id, from, to) }, color: color(of: line),
                                isWalk: line == nil, lineID: line?.id, stationIDs: [from, to]))
                continue
            }
            offMapLine = offMapLine ?? line
            guard let b else { continue }
            if let start = lastPlaced {
                hops.append(Hop(from: start, to: b, color: color(of: offMapLine), isWalk: offMapLine == nil,
                                isUndrawn: offMapLine != nil))
            }
            offMapLine = nil
        }
        guard let origin = stationIDs.first.flatMap({ map.station(id: $0)?.position }),
              let destination = stationIDs.last.flatMap({ map.station(id: $0)?.position }) else { return }
        ends = (origin, destination)
        self.stationIDs = stationIDs
    }

    /// The alerted lines (`lines`) and lines at stations (`stops`) the map draws dashed: a ride along one is drawn
    /// dashed too, its casing whole, so a route through an alerted stretch still shows the alert.
    public func dash(lines: Set<String>, stops: [String: Set<String>]) {
        dashedLines = lines
        dashedStops = stops
    }

    /// Whether a live alert dashes `hop`: its whole line, or its line at one of its two stations.
    public func isDashed(_ hop: Hop) -> Bool {
        guard let line = hop.lineID, !hop.isWalk else { return false }
        if dashedLines.contains(line) { return true }
        guard let stations = dashedStops[line] else { return false }
        return hop.stationIDs.contains { stations.contains($0) }
    }

    /// The route's hops as last shown.
    public var shownHops: [Hop] { hops }
    /// The points the shown rides bend at between their stations (their drawn paths without the ends): what the
    /// camera keeps in view with the stations, and what `audit-screen` checks is neither hidden nor cut.
    public var bendPoints: [SchemePoint] { hops.flatMap { $0.path.dropFirst().dropLast() } }

    public var frame: ScreenRect? {
        projected == nil ? nil : ScreenRect(x: Double(screen.x0), y: Double(screen.y0), width: Double(screen.width), height: Double(screen.height))
    }

    public func advance(to timeMicroseconds: Int64, map: MapProjection) {
        guard let ends else {
            projected = nil
            projection = nil
            return
        }
        projection = map
        projected = (hops.map { $0.path.map { Point(map.screenPoint(of: $0)) } },
                     Point(map.screenPoint(of: ends.origin)), Point(map.screenPoint(of: ends.destination)))
    }

    public var needsRedraw: Bool {
        presentedIDs != stationIDs || presentedName != destinationName || presentedNames != stationNames
            || (!hops.isEmpty && (presentedDash.lines != dashedLines || presentedDash.stops != dashedStops))
    }
    private var presentedName: String?

    public func touchDown(at point: ScreenPoint, timeMicroseconds: Int64) -> Bool { false }

    /// The rest of the map dimmed, laid by the compositor under the route.
    public var veil: Color? { projected == nil ? nil : Self.veil }

    public func draw(on canvas: Canvas) {
        guard let projected else { return }
        let s = scalePixels
        for (hop, points) in zip(hops, projected.hops) {
            guard let first = points.first, let last = points.last else { continue }
            if hop.isUndrawn {
                for dash in Self.dashes(from: first, to: last, on: 16 * s, off: 10 * s) {
                    canvas.stroke(polyline: [dash.0, dash.1], style: StrokeStyle(width: 10 * s, cap: .butt), color: .white)
                    canvas.stroke(polyline: [dash.0, dash.1], style: StrokeStyle(width: 6 * s, cap: .butt), color: hop.color)
                }
            } else if isDashed(hop) {
                // As the map dashes an alerted line: the casing whole, the line's colour in dashes over it.
                canvas.stroke(polyline: points, style: StrokeStyle(width: 12 * s), color: .white)
                for dash in DashPattern(intervals: [18 * s, 12 * s]).map({ Dasher.dashes(of: points, pattern: $0) }) ?? [] {
                    canvas.stroke(polyline: dash, style: StrokeStyle(width: 8 * s, cap: .butt), color: hop.color)
                }
            } else if hop.isWalk {
                canvas.stroke(polyline: points, style: StrokeStyle(width: 4 * s), color: Color(rgb: 0x707070))
            } else {
                canvas.stroke(polyline: points, style: StrokeStyle(width: 12 * s), color: .white)
                canvas.stroke(polyline: points, style: StrokeStyle(width: 8 * s), color: hop.color)
            }
        }
        for (hop, points) in zip(hops, projected.hops) where !hop.isWalk {
            if let end = points.last { canvas.fillCircle(center: end, radius: 4 * s, color: .white) }
        }
        drawStationNames(on: canvas)
        canvas.fillCircle(center: projected.origin, radius: Self.endRadius * s, color: .white)
        canvas.fillCircle(center: projected.origin, radius: 10 * s, color: Self.originColor)
        canvas.fillCircle(center: projected.origin, radius: 4 * s, color: .white)
        canvas.fillCircle(center: projected.destination, radius: Self.endRadius * s, color: .white)
        canvas.fillCircle(center: projected.destination, radius: 10 * s, color: Self.destinationColor)
        canvas.fillCircle(center: projected.destination, radius: 4 * s, color: .white)
        if let plate = destinationPlate, let fonts, let destinationName {
            canvas.fillRect(Rect(minX: plate.minX - 2, minY: plate.minY - 2, maxX: plate.maxX + 2, maxY: plate.maxY + 2), color: .white)
            canvas.fillRect(plate, color: Self.destinationColor)
            let size = Self.plateSize * s
            let metrics = fonts.metrics(sizePixels: size)
            canvas.draw(fonts.shape(destinationName, sizePixels: size),
                        at: Point(plate.minX + Self.platePadding * s, plate.minY + Self.platePadding * s + metrics.ascent), color: .white)
        }
    }

    /// The route's station names, each on its plate, over the route's hops and under its end marks (larger than the
    /// map's, which the names keep clear of) and the destination's plate.
    private func drawStationNames(on canvas: Canvas) {
        guard let fonts, let projection else { return }
        for name in stationNames {
            let anchor = projection.screenPoint(of: name.anchor)
            let x = Float(anchor.x), y = Float(anchor.y)
            canvas.fillRect(Rect(minX: x + name.plate.minX, minY: y + name.plate.minY, maxX: x + name.plate.maxX,
                                 maxY: y + name.plate.maxY), color: nameHalo ?? .white)
            for line in name.lines {
                canvas.draw(fonts.shape(line.text, sizePixels: line.sizePixels, language: line.language),
                            at: Point(Float(anchor.x) + line.offset.x, Float(anchor.y) + line.offset.y),
                            color: nameColor, halo: nameHalo)
            }
        }
    }

    /// Pieces `on` pixels long, `off` apart, along a to b (the last one cut at b).
    static func dashes(from a: Point, to b: Point, on: Float, off: Float) -> [(Point, Point)] {
        let dx = b.x - a.x, dy = b.y - a.y
        let length = (dx * dx + dy * dy).squareRoot()
        guard length > 0, on > 0, off >= 0 else { return [] }
        var result: [(Point, Point)] = []
        var start: Float = 0
        // At most a few thousand pieces even for a link across a 4K screen zoomed in: the cap keeps a wild
        // projection from allocating without bound.
        while start < length && result.count < 4096 {
            let end = min(length, start + on)
            result.append((Point(a.x + dx * start / length, a.y + dy * start / length),
                           Point(a.x + dx * end / length, a.y + dy * end / length)))
            start = end + off
        }
        return result
    }

    public func didPresent() {
        presentedIDs = stationIDs
        presentedName = destinationName
        presentedDash = (dashedLines, dashedStops)
        presentedNames = stationNames
    }
}
