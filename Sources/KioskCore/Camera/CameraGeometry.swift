import MetroMap
import Physics

/// The map's extent and the screen it is shown on: everything that turns scheme units into offsets, and the one
/// place a `SchemePoint` becomes a `ScreenPoint` and back.
public struct CameraGeometry: Equatable, Sendable {
    /// The scheme's drawable area, in scheme units (origin top-left, y down).
    public var contentOrigin: SchemePoint
    public var contentSize: ContentSize
    /// The output, in pixels.
    public var viewport: ScreenSize
    /// The part of each screen edge an overlay covers (the journey card): the map may scroll that much further, so
    /// what it shows can sit in the uncovered part, as UIScrollView's content insets allow.
    public var insets = EdgeInsets()
    /// The map's main scheme when extra ones sit beside it as insets (`MetroMap.mainScheme`): what home frames.
    public var mainScheme: SchemeRect?

    public init(contentOrigin: SchemePoint, contentSize: ContentSize, viewport: ScreenSize) {
        self.contentOrigin = contentOrigin
        self.contentSize = contentSize
        self.viewport = viewport
    }

    public var viewportCentre: ScreenPoint { ScreenPoint(x: viewport.width / 2, y: viewport.height / 2) }

    /// Offsets at which the map covers the screen at `scale`, or centres it when it is smaller.
    public func offsetBounds(scale: Double) throws(PhysicsError) -> Rectangle {
        let bounds = try ZoomGeometry.offsetBounds(contentSize: contentSize, viewport: viewport, scale: scale)
        guard insets != EdgeInsets() else { return bounds }
        return Rectangle(
            horizontal: try ClosedInterval(minimum: bounds.horizontal.minimum - insets.left, maximum: bounds.horizontal.maximum + insets.right),
            vertical: try ClosedInterval(minimum: bounds.vertical.minimum - insets.top, maximum: bounds.vertical.maximum + insets.bottom))
    }

    /// The camera that puts scheme point `centre` in the middle of the screen at `scale`.
    public func camera(centredOn centre: SchemePoint, scale: Double) -> Camera {
        Camera(offset: ScreenPoint(x: (centre.x - contentOrigin.x) * scale - viewport.width / 2,
                                   y: (centre.y - contentOrigin.y) * scale - viewport.height / 2),
               scale: scale)
    }

    /// The scale at which the whole map just fits on screen.
    public var fittingScale: Double {
        guard contentSize.width > 0, contentSize.height > 0 else { return 1 }
        return min(viewport.width / contentSize.width, viewport.height / contentSize.height)
    }

    /// The whole map, fitted and centred: the view when nothing else is configured.
    public var fittedCamera: Camera {
        camera(centredOn: SchemePoint(x: contentOrigin.x + contentSize.width / 2, y: contentOrigin.y + contentSize.height / 2),
               scale: fittingScale)
    }

    /// Scheme point shown at screen point `point`.
    public func schemePoint(atScreen point: ScreenPoint, camera: Camera) -> SchemePoint {
        SchemePoint(x: contentOrigin.x + (point.x + camera.offset.x) / camera.scale,
                    y: contentOrigin.y + (point.y + camera.offset.y) / camera.scale)
    }

    /// Screen point at which scheme point `point` is shown.
    public func screenPoint(ofScheme point: SchemePoint, camera: Camera) -> ScreenPoint {
        ScreenPoint(x: (point.x - contentOrigin.x) * camera.scale - camera.offset.x,
                    y: (point.y - contentOrigin.y) * camera.scale - camera.offset.y)
    }
}
