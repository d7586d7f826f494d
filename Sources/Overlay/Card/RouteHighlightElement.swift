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
        for (from, to) in zip(stationIDs, stationIDs.dropFirst()) {
            guard let a = map.station(id: from)?.position, let b = map.station(id: to)?.position else { continue }
            let edge = graph.edges(from: from).first { $0.to == to }
            var color = Color(rgb: 0x808080), isWalk = true
            if case let .ride(lineID)? = edge?.kind, let line = map.lines.first(where: { $0.id == lineID }) {
                color = Color(red: line.color.red, green: line.color.green, blue: line.color.blue)
                isWalk = false
            }
            hops.append(Hop(from: a, to: b, color: color, isWalk: isWalk))
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
            if hop.isWalk {
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

    public func didPresent() {
        presentedIDs = stationIDs
    }
}
