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
        public var color: Color
        /// A walk between stations of a transfer: drawn thin and grey.
        public var isWalk: Bool
        /// Stands for a stretch the map does not draw (a line without coordinates): a dashed link in the line's
        /// colour from the last drawn station before it to the first after it.
        public var isUndrawn: Bool = false
    }

    private let screen: IntRect
    private let scalePixels: Float
    public private(set) var stationIDs: [String] = []
    private var hops: [Hop] = []
    private var ends: (origin: SchemePoint, destination: SchemePoint)?
    private var projected: (hops: [(Point, Point)], origin: Point, destination: Point)?
    private var presentedIDs: [String]?
    public static let veil = Color(rgb: 0xFFFFFF, alpha: 150)
    public static let originColor = Color(rgb: 0xE0301E)
    public static let destinationColor = Color(rgb: 0x1A4D8F)

    public init(screen: IntRect) {
        self.screen = screen
        scalePixels = max(1, Float(min(screen.width, screen.height)) / 800)
    }

    /// Shows the route through `stationIDs` (nil or fewer than two stations: none).
    public func show(_ stationIDs: [String]?, on map: MetroMap) {
        hops = []
        ends = nil
        self.stationIDs = []
        guard let stationIDs, stationIDs.count > 1 else { return }
        let graph = StationGraph(map: map)
        func color(of line: MetroLine?) -> Color {
            line.map { Color(red: $0.color.red, green: $0.color.green, blue: $0.color.blue) } ?? Color(rgb: 0x808080)
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
                hops.append(Hop(from: a, to: b, color: color(of: line), isWalk: line == nil))
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

    public var frame: ScreenRect? {
        projected == nil ? nil : ScreenRect(x: Double(screen.x0), y: Double(screen.y0), width: Double(screen.width), height: Double(screen.height))
    }

    public func advance(to timeMicroseconds: Int64, map: MapProjection) {
        guard let ends else {
            projected = nil
            return
        }
        projected = (hops.map { (Point(map.screenPoint(of: $0.from)), Point(map.screenPoint(of: $0.to))) },
                     Point(map.screenPoint(of: ends.origin)), Point(map.screenPoint(of: ends.destination)))
    }

    public var needsRedraw: Bool { presentedIDs != stationIDs }

    public func touchDown(at point: ScreenPoint, timeMicroseconds: Int64) -> Bool { false }

    /// The rest of the map dimmed, laid by the compositor under the route.
    public var veil: Color? { projected == nil ? nil : Self.veil }

    public func draw(on canvas: Canvas) {
        guard let projected else { return }
        let s = scalePixels
        for (hop, points) in zip(hops, projected.hops) {
            if hop.isUndrawn {
                for dash in Self.dashes(from: points.0, to: points.1, on: 16 * s, off: 10 * s) {
                    canvas.stroke(polyline: [dash.0, dash.1], style: StrokeStyle(width: 10 * s, cap: .butt), color: .white)
                    canvas.stroke(polyline: [dash.0, dash.1], style: StrokeStyle(width: 6 * s, cap: .butt), color: hop.color)
                }
            } else if hop.isWalk {
                canvas.stroke(polyline: [points.0, points.1], style: StrokeStyle(width: 4 * s), color: Color(rgb: 0x707070))
            } else {
                canvas.stroke(polyline: [points.0, points.1], style: StrokeStyle(width: 12 * s), color: .white)
                canvas.stroke(polyline: [points.0, points.1], style: StrokeStyle(width: 8 * s), color: hop.color)
            }
        }
        for (hop, points) in zip(hops, projected.hops) where !hop.isWalk {
            canvas.fillCircle(center: points.1, radius: 4 * s, color: .white)
        }
        canvas.fillCircle(center: projected.origin, radius: 13 * s, color: .white)
        canvas.fillCircle(center: projected.origin, radius: 10 * s, color: Self.originColor)
        canvas.fillCircle(center: projected.origin, radius: 4 * s, color: .white)
        canvas.fillCircle(center: projected.destination, radius: 13 * s, color: .white)
        canvas.fillCircle(center: projected.destination, radius: 10 * s, color: Self.destinationColor)
        canvas.fillCircle(center: projected.destination, radius: 4 * s, color: .white)
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
    }
}
