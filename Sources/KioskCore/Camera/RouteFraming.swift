import MetroMap
import Overlay
import Physics

/// The camera that shows a route whole beside the overlay: every station of it, and the marks drawn at stations
/// (the "You are here" callout on the first, the destination's name plate on the last) as whole screen rectangles,
/// inside the part of the screen no overlay element occupies. The marks keep their pixel size at any scale, so the
/// scale is what leaves room for them rather than a margin that a long name would outgrow.
public struct RouteFraming: Equatable, Sendable {
    /// Something drawn at a station: its rectangle around the station's screen point (output pixels).
    public struct Mark: Equatable, Sendable {
        public var at: SchemePoint
        public var extent: ScreenRect

        public init(at: SchemePoint, extent: ScreenRect) {
            self.at = at
            self.extent = extent
        }
    }

    /// The camera, and the insets the camera's bounds need so that it may rest there: the regions' union, grown
    /// where the route sits by an edge of the map (the map scrolls that much further, as UIScrollView's insets let it).
    public var camera: Camera
    public var insets: EdgeInsets
    /// The part of the screen the regions leave, where everything fitted lies.
    public var free: ScreenRect

    /// Fits `marks` into the screen of `geometry` less the union of `regions` and a `margin`, as large as
    /// `maximumScale` allows (never smaller than fits: a long route on a small free area goes below the map's
    /// fitted scale rather than under the card).
    public init(marks: [Mark], regions: [ScreenRect], geometry: CameraGeometry, maximumScale: Double, margin: Double = 16) {
        let screen = ScreenRect(x: 0, y: 0, width: geometry.viewport.width, height: geometry.viewport.height)
        let covered = OverlayLayout.insets(covering: regions, screen: screen)
        free = OverlayLayout.freeRegion(screen, insets: covered)
        let room = ScreenRect(minX: free.minX + margin, minY: free.minY + margin,
                              maxX: max(free.maxX - margin, free.minX + margin + 1), maxY: max(free.maxY - margin, free.minY + margin + 1))
        guard let first = marks.first else {
            camera = geometry.fittedCamera
            insets = covered
            return
        }
        // Per axis, the scheme span of the marks' points and the pixels the marks reach beyond it on each side.
        var low = first.at, high = first.at
        for mark in marks {
            low = SchemePoint(x: min(low.x, mark.at.x), y: min(low.y, mark.at.y))
            high = SchemePoint(x: max(high.x, mark.at.x), y: max(high.y, mark.at.y))
        }
        // The widest a mark reaches past the span at scale `scale`: solved conservatively (each side's deepest
        // overhang), then the union measured exactly at the chosen scale and centred.
        var padLeft = 0.0, padRight = 0.0, padTop = 0.0, padBottom = 0.0
        for mark in marks {
            padLeft = max(padLeft, -mark.extent.minX)
            padRight = max(padRight, mark.extent.maxX)
            padTop = max(padTop, -mark.extent.minY)
            padBottom = max(padBottom, mark.extent.maxY)
        }
        let spanX = max(high.x - low.x, 1e-9), spanY = max(high.y - low.y, 1e-9)
        let byWidth = (room.width - padLeft - padRight) / spanX, byHeight = (room.height - padTop - padBottom) / spanY
        let scale = max(min(byWidth, byHeight, maximumScale), 1e-6)
        var minX = Double.infinity, minY = Double.infinity, maxX = -Double.infinity, maxY = -Double.infinity
        for mark in marks {
            let x = (mark.at.x - geometry.contentOrigin.x) * scale, y = (mark.at.y - geometry.contentOrigin.y) * scale
            minX = min(minX, x + mark.extent.minX); maxX = max(maxX, x + mark.extent.maxX)
            minY = min(minY, y + mark.extent.minY); maxY = max(maxY, y + mark.extent.maxY)
        }
        // Content point at world pixel p shows at p - offset: the union's centre goes to the room's centre.
        let offset = ScreenPoint(x: (minX + maxX) / 2 - (room.minX + room.maxX) / 2, y: (minY + maxY) / 2 - (room.minY + room.maxY) / 2)
        camera = Camera(offset: offset, scale: scale)
        var insets = covered
        if let bounds = try? ZoomGeometry.offsetBounds(contentSize: geometry.contentSize, viewport: geometry.viewport, scale: scale) {
            insets.left = max(insets.left, bounds.horizontal.minimum - offset.x)
            insets.right = max(insets.right, offset.x - bounds.horizontal.maximum)
            insets.top = max(insets.top, bounds.vertical.minimum - offset.y)
            insets.bottom = max(insets.bottom, offset.y - bounds.vertical.maximum)
        }
        self.insets = insets
    }
}
