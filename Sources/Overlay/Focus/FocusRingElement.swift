import MetroMap
import Physics
import Raster

/// The keypad's focus on the map: a thick two-tone ring (black inside yellow, visible on any line colour and to low
/// vision) around the station the keypad is on, pinned to it as the map moves.
public final class FocusRingElement: OverlayElement {
    public static let outer = Color(rgb: 0xFFD400)
    public static let inner = Color(rgb: 0x000000)

    private let scalePixels: Float
    public private(set) var station: (id: String, position: SchemePoint)?
    private var centre: Point?
    private var presented: (id: String?, centre: Point?) = (nil, nil)

    public init(screen: IntRect) {
        scalePixels = max(1, Float(min(screen.width, screen.height)) / 800)
    }

    /// Rings `station` (nil: none, the focus is on a line or a journey's step).
    public func focus(_ station: (id: String, position: SchemePoint)?) { self.station = station }

    public var stationID: String? { station?.id }

    private var radius: Float { 24 * scalePixels }

    public var frame: ScreenRect? {
        guard let centre else { return nil }
        let reach = radius + 4 * scalePixels
        return ScreenRect(Rect(minX: centre.x - reach, minY: centre.y - reach, maxX: centre.x + reach, maxY: centre.y + reach))
    }

    public func advance(to timeMicroseconds: Int64, map: MapProjection) {
        centre = station.map { Point(map.screenPoint(of: $0.position)) }
    }

    public var needsRedraw: Bool { presented.id != station?.id }

    public func touchDown(at point: ScreenPoint, timeMicroseconds: Int64) -> Bool { false }

    public func draw(on canvas: Canvas) {
        guard let centre else { return }
        let s = scalePixels
        canvas.strokeCircle(center: centre, radius: radius, width: 6 * s, color: Self.outer)
        canvas.strokeCircle(center: centre, radius: radius - 4 * s, width: 3 * s, color: Self.inner)
    }

    public func didPresent() { presented = (station?.id, centre) }
}
