import MetroMap
import Physics
import Raster

/// Stations a live alert touches, marked on the map: a closed one (NO_SERVICE, STOP_MOVED) crossed out in a red
/// ring, any other ringed in amber. Pinned to the map: it follows every pan and zoom through `MapProjection`.
public final class AlertedStationsElement: OverlayElement {
    public struct Mark: Equatable, Sendable {
        public var stationID: String
        public var position: SchemePoint
        public var isClosed: Bool

        public init(stationID: String, position: SchemePoint, isClosed: Bool) {
            self.stationID = stationID
            self.position = position
            self.isClosed = isClosed
        }
    }

    private let screen: IntRect
    private let scalePixels: Float
    public private(set) var marks: [Mark] = []
    private var projected: [Point] = []
    private var presented: [Mark]?
    public static let closedColor = Color(rgb: 0xD0021B)
    public static let affectedColor = Color(rgb: 0xF5A623)

    public init(screen: IntRect) {
        self.screen = screen
        scalePixels = max(1, Float(min(screen.width, screen.height)) / 800)
    }

    /// Marks `marks` (empty: none).
    public func show(_ marks: [Mark]) { self.marks = marks }

    /// The radius of a mark's ring, in output pixels.
    public var radius: Float { 14 * scalePixels }

    public var frame: ScreenRect? {
        guard !projected.isEmpty else { return nil }
        let r = Double(radius + 3 * scalePixels)
        var minX = Double.infinity, minY = Double.infinity, maxX = -Double.infinity, maxY = -Double.infinity
        for point in projected {
            minX = min(minX, Double(point.x) - r); maxX = max(maxX, Double(point.x) + r)
            minY = min(minY, Double(point.y) - r); maxY = max(maxY, Double(point.y) + r)
        }
        let clipped = ScreenRect(minX: max(minX, Double(screen.x0)), minY: max(minY, Double(screen.y0)),
                                 maxX: min(maxX, Double(screen.x1)), maxY: min(maxY, Double(screen.y1)))
        return clipped.maxX > clipped.minX && clipped.maxY > clipped.minY ? clipped : nil
    }

    public func advance(to timeMicroseconds: Int64, map: MapProjection) {
        projected = marks.map { Point(map.screenPoint(of: $0.position)) }
    }

    public var needsRedraw: Bool { presented != marks }

    public func touchDown(at point: ScreenPoint, timeMicroseconds: Int64) -> Bool { false }

    public func draw(on canvas: Canvas) {
        let s = scalePixels, r = radius
        for (mark, centre) in zip(marks, projected) {
            let color = mark.isClosed ? Self.closedColor : Self.affectedColor
            canvas.strokeCircle(center: centre, radius: r, width: 6 * s, color: .white)
            canvas.strokeCircle(center: centre, radius: r, width: 4 * s, color: color)
            guard mark.isClosed else { continue }
            let d = r * 0.6
            for (a, b) in [(Point(centre.x - d, centre.y - d), Point(centre.x + d, centre.y + d)),
                           (Point(centre.x - d, centre.y + d), Point(centre.x + d, centre.y - d))] {
                canvas.stroke(polyline: [a, b], style: StrokeStyle(width: 6 * s), color: .white)
                canvas.stroke(polyline: [a, b], style: StrokeStyle(width: 4 * s), color: color)
            }
        }
    }

    public func didPresent() { presented = marks }
}
