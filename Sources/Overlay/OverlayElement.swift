import MetroMap
import Physics
import Raster

/// One thing drawn over the map (a callout, later the journey card, zoom buttons, an overview inset): it knows where
/// it is, whether a finger landed on it, how its own animations stand at a time, and how to draw itself.
///
/// Elements are retained: the loop creates them once and tells them what to show; the `OverlayLayer` asks them each
/// frame. Times are CLOCK_MONOTONIC microseconds, the loop's clock, so an element animates as a closed-form function
/// of the presentation time like the camera does.
public protocol OverlayElement: AnyObject {
    /// Where it is drawn at the last `advance`, in output pixels; nil while it draws nothing. Hit-testing and damage use it.
    var frame: ScreenRect? { get }
    /// Elements drawn over this one (and hit-tested before it), in drawing order.
    var children: [any OverlayElement] { get }
    /// The screen region the element keeps for itself in its current state (a card at the anchor it rests at or is
    /// heading to, a control column where the layout put it), which the camera keeps what it fits out of; nil for
    /// elements pinned to the map (a callout, the route) or hidden. `OverlayLayout` settles conflicts between them.
    var occupiedRegion: ScreenRect? { get }
    /// Moves the element's animations and map-pinned position to `timeMicroseconds` (the frame's presentation time).
    func advance(to timeMicroseconds: Int64, map: MapProjection)
    /// Whether what it draws changed since it was last drawn by other than the map moving under it (shown, hidden, new
    /// content, an animation step): the loop draws a frame for it even when the camera is still.
    var needsRedraw: Bool { get }
    /// When its picture next changes by itself (a timeout, the next animation step); nil: not before input.
    var nextChangeMicroseconds: Int64? { get }
    /// A finger came down at `point` (output pixels). Returns true when the element takes that touch: the map then does
    /// not see it, nor the rest of that touch, until every finger is lifted.
    func touchDown(at point: ScreenPoint, timeMicroseconds: Int64) -> Bool
    /// The finger that an element took on `touchDown` moved (output pixels). Only the taking element hears it.
    func touchMoved(to point: ScreenPoint, timeMicroseconds: Int64)
    /// The finger that an element took was lifted at `point`: a press ends here (a press that slid off does nothing).
    func touchUp(at point: ScreenPoint, timeMicroseconds: Int64)
    /// The finger that an element took was cancelled (the seat went away): end any press without acting.
    func touchCancelled(timeMicroseconds: Int64)
    /// What the element asks of the map since it was last asked (a zoom button, a card wanting camera insets); the
    /// loop drains it after routing each input frame.
    func takeRequests() -> [OverlayRequest]
    /// A translucent colour laid over the element's whole frame under everything it draws (the route's veil over
    /// the map), or nil. The compositor lays it, where it can in the same pass that copies the map; `draw` does not.
    var veil: Color? { get }
    /// Draws it at the state of the last `advance`, only within `canvas.clip` (its frame's pixels, or the part of
    /// them the frame's damage covers: an element that wrote outside would paint over elements above it); called
    /// only while `frame` is not nil.
    func draw(on canvas: Canvas)
    /// The frame with its current picture (drawn, or hidden) went out: `needsRedraw` becomes false.
    func didPresent()
}

extension OverlayElement {
    public var children: [any OverlayElement] { [] }
    public var nextChangeMicroseconds: Int64? { nil }
    public var veil: Color? { nil }
    public var occupiedRegion: ScreenRect? { nil }
    public func touchMoved(to point: ScreenPoint, timeMicroseconds: Int64) {}
    public func touchUp(at point: ScreenPoint, timeMicroseconds: Int64) {}
    public func touchCancelled(timeMicroseconds: Int64) {}
    public func takeRequests() -> [OverlayRequest] { [] }

    /// Whether `point` is on the element (the default hit-test: inside its frame).
    public func contains(_ point: ScreenPoint) -> Bool {
        frame?.contains(point) ?? false
    }
}

/// Where the map puts a scheme point on screen in the frame being drawn: how an element pinned to a station follows
/// the map as it pans and zooms.
public struct MapProjection {
    private let screenPoint: (SchemePoint) -> ScreenPoint

    public init(_ screenPoint: @escaping (SchemePoint) -> ScreenPoint) {
        self.screenPoint = screenPoint
    }

    public func screenPoint(of point: SchemePoint) -> ScreenPoint { screenPoint(point) }
}
