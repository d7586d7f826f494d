/// How offset and scale relate on screen, with UIScrollView's conventions: a content point c appears at
/// screen point c·scale − offset (offset is contentOffset, in scaled content units).
public enum ZoomGeometry {
    /// The offset that keeps the content under `focalPoint` (a screen point) in place when the scale changes.
    public static func offsetKeepingFocalPointFixed(offset: ScreenPoint, scale: Double, newScale: Double, focalPoint: ScreenPoint) -> ScreenPoint {
        let ratio = newScale / scale
        return ScreenPoint(x: (focalPoint.x + offset.x) * ratio - focalPoint.x,
                           y: (focalPoint.y + offset.y) * ratio - focalPoint.y)
    }

    /// The offsets at which the content covers the viewport; content smaller than the viewport along an axis
    /// has one allowed offset there, the one that centres it.
    public static func offsetBounds(contentSize: ContentSize, viewport: ScreenSize, scale: Double) throws(PhysicsError) -> Rectangle {
        try requirePositive(scale, "scale")
        try requireFinite(contentSize.width, "content width")
        try requireFinite(contentSize.height, "content height")
        try requirePositive(viewport.width, "viewport width")
        try requirePositive(viewport.height, "viewport height")
        let content = contentSize.scaled(by: scale)
        return Rectangle(
            horizontal: try axisBounds(content: content.width, viewport: viewport.width),
            vertical: try axisBounds(content: content.height, viewport: viewport.height))
    }

    private static func axisBounds(content: Double, viewport: Double) throws(PhysicsError) -> ClosedInterval {
        if content >= viewport { return try ClosedInterval(minimum: 0, maximum: content - viewport) }
        return try ClosedInterval(exactly: -(viewport - content) / 2)
    }
}
