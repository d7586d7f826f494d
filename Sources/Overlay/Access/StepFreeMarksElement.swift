import MetroMap
import Physics
import Raster

/// In step-free mode (`[access] step_free`, or accessible mode), the stations a wheelchair cannot board at (GTFS
/// `wheelchair_boarding` 2 on every platform) marked on the map: a black square badge with a white edge and white
/// stairs, beside the station's dot up and to the right. Black and white read in the standard and the high-contrast
/// palette alike, and a badge is unlike the alert rings (amber, red) and the "You are here" marker (red disc).
/// Pinned to the map: it follows every pan and zoom through `MapProjection`.
public final class StepFreeMarksElement: OverlayElement {
    private let screen: IntRect
    private let scalePixels: Float
    /// Where the marked stations are on the scheme (empty: none marked, as outside step-free mode).
    public private(set) var stations: [SchemePoint] = []
    /// Each badge's square on screen at the last `advance`.
    public private(set) var badges: [Rect] = []
    private var presented: [Rect]?
    public static let fill = Color(rgb: 0x000000)
    public static let ink = Color(rgb: 0xFFFFFF)

    public init(screen: IntRect) {
        self.screen = screen
        scalePixels = max(1, Float(min(screen.width, screen.height)) / 800)
    }

    /// Marks the stations at `positions` (empty: none).
    public func show(_ positions: [SchemePoint]) { stations = positions }

    /// The badge's side and its offset from the station's centre, in output pixels.
    public var side: Float { 16 * scalePixels }
    var offset: Float { 7 * scalePixels }

    public var frame: ScreenRect? {
        guard var union = badges.first else { return nil }
        for badge in badges.dropFirst() {
            union = Rect(minX: min(union.minX, badge.minX), minY: min(union.minY, badge.minY),
                         maxX: max(union.maxX, badge.maxX), maxY: max(union.maxY, badge.maxY))
        }
        let edge = 2 * scalePixels
        let clipped = ScreenRect(minX: max(Double(union.minX - edge), Double(screen.x0)), minY: max(Double(union.minY - edge), Double(screen.y0)),
                                 maxX: min(Double(union.maxX + edge), Double(screen.x1)), maxY: min(Double(union.maxY + edge), Double(screen.y1)))
        return clipped.maxX > clipped.minX && clipped.maxY > clipped.minY ? clipped : nil
    }

    public func advance(to timeMicroseconds: Int64, map: MapProjection) {
        badges = stations.map { station in
            let centre = Point(map.screenPoint(of: station))
            return Rect(x: centre.x + offset, y: centre.y - offset - side, width: side, height: side)
        }
    }

    public var needsRedraw: Bool { presented != badges }

    public func touchDown(at point: ScreenPoint, timeMicroseconds: Int64) -> Bool { false }

    public func draw(on canvas: Canvas) {
        let s = scalePixels
        for badge in badges {
            canvas.fillRect(Rect(minX: badge.minX - 2 * s, minY: badge.minY - 2 * s, maxX: badge.maxX + 2 * s, maxY: badge.maxY + 2 * s),
                            color: Self.ink)
            canvas.fillRect(badge, color: Self.fill)
            // Three steps rising to the right.
            let step = badge.width * 0.22, x0 = badge.minX + badge.width * 0.17, y0 = badge.maxY - badge.height * 0.17
            var stairs = [Point(x0, y0)]
            for i in 0..<3 {
                let x = x0 + Float(i) * step, y = y0 - Float(i + 1) * step
                stairs.append(Point(x, y))
                stairs.append(Point(x + step, y))
            }
            canvas.stroke(polyline: stairs, style: StrokeStyle(width: 1.8 * s, join: .miter(limit: 4), cap: .butt), color: Self.ink)
        }
    }

    public func didPresent() { presented = badges }
}
