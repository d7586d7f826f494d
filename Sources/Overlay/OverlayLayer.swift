import Raster

/// Everything drawn over the map: a retained tree of elements, routed input before the map and composed over it.
///
/// Each frame the loop `advance`s the layer to the presentation time, draws a frame when the camera moved or
/// `needsRedraw`, and `compose`s the map's buffer with the elements. Touches are offered to the elements first
/// (topmost first); one that takes the first finger of a touch keeps that touch from the map until every finger is up.
public final class OverlayLayer {
    /// Top-level elements in drawing order (the last is on top).
    public private(set) var elements: [any OverlayElement] = []
    /// The map with the elements over it; the map renderer's own buffer stays the clean map it reuses.
    private var composed: PixelBuffer?
    /// Whether `composed` holds the map as last presented under the elements (it stops following while nothing is shown).
    private var composedIsCurrent = false
    /// Each element's pixels in the last presented frame: what must be redrawn when it moves, changes or hides.
    private var presentedFrames: [ObjectIdentifier: IntRect] = [:]
    /// The element that took the touch under way: its first finger's moves and lift go to it alone.
    private var captor: (any OverlayElement)?

    public init() {}

    /// Adds an element over the ones already there.
    public func add(_ element: any OverlayElement) {
        elements.append(element)
    }

    /// Every element, parents before their children: drawing order.
    public var allElements: [any OverlayElement] {
        var all: [any OverlayElement] = []
        func visit(_ element: any OverlayElement) {
            all.append(element)
            element.children.forEach(visit)
        }
        elements.forEach(visit)
        return all
    }

    public func advance(to timeMicroseconds: Int64, map: MapProjection) {
        for element in allElements { element.advance(to: timeMicroseconds, map: map) }
    }

    public var needsRedraw: Bool { allElements.contains { $0.needsRedraw } }

    public var nextChangeMicroseconds: Int64? { allElements.compactMap(\.nextChangeMicroseconds).min() }

    /// Offers a finger coming down to the elements, topmost first; every element hears of it (a callout hides when
    /// the map is touched) until one takes it. Returns whether one took it.
    public func touchDown(at point: Point, timeMicroseconds: Int64) -> Bool {
        for element in allElements.reversed() where element.touchDown(at: point, timeMicroseconds: timeMicroseconds) {
            captor = element
            return true
        }
        return false
    }

    /// The first finger of the touch an element took moved.
    public func touchMoved(to point: Point, timeMicroseconds: Int64) {
        captor?.touchMoved(to: point, timeMicroseconds: timeMicroseconds)
    }

    /// The first finger of the touch an element took was lifted: the touch is over for the element.
    public func touchUp(at point: Point, timeMicroseconds: Int64) {
        captor?.touchUp(at: point, timeMicroseconds: timeMicroseconds)
        captor = nil
    }

    /// The first finger of the touch an element took was cancelled.
    public func touchCancelled(timeMicroseconds: Int64) {
        captor?.touchCancelled(timeMicroseconds: timeMicroseconds)
        captor = nil
    }

    /// Every element's requests of the map, in drawing order.
    public func takeRequests() -> [OverlayRequest] { allElements.flatMap { $0.takeRequests() } }

    /// The picture to present: `map` itself while no element draws anything, else the composed copy with the
    /// elements drawn over. `mapDamage` is what changed in the map; the result's damage is what changed on screen:
    /// the map's damage and the frames (before and after) of every element whose picture or place changed.
    ///
    /// Controls and the inset stay on screen for good, so the copy is kept and only the damaged rectangle is
    /// refreshed from the map and has the elements it touches drawn again, clipped to it: a button pressed over a
    /// still map sends the button's few thousand pixels, not the frame.
    public func compose(over map: PixelBuffer, mapDamage: IntRect?) -> (frame: PixelBuffer, damage: IntRect?) {
        let bounds = map.bounds
        var damage = mapDamage?.intersection(bounds) ?? IntRect(x: 0, y: 0, width: 0, height: 0)
        var frames: [ObjectIdentifier: IntRect] = [:]
        var shown: [(element: any OverlayElement, pixels: IntRect)] = []
        for element in allElements {
            let id = ObjectIdentifier(element)
            let after = element.frame.map { $0.enclosingPixels.intersection(bounds) }
            let before = presentedFrames[id]
            if let after, !after.isEmpty {
                frames[id] = after
                shown.append((element, after))
            }
            if element.needsRedraw || before != frames[id] {
                if let before { damage = damage.union(before) }
                if let after = frames[id] { damage = damage.union(after) }
            }
        }
        presentedFrames = frames
        defer { for element in allElements { element.didPresent() } }
        guard !shown.isEmpty else {
            // The composed copy stops following the map while it is not shown.
            composedIsCurrent = false
            return (map, damage.isEmpty ? nil : damage)
        }
        let buffer: PixelBuffer
        if let composed, composed.width == map.width, composed.height == map.height {
            buffer = composed
        } else {
            buffer = PixelBuffer(width: map.width, height: map.height)
            composed = buffer
            composedIsCurrent = false
        }
        // A copy that did not follow the map (first use, or after a time with nothing shown) is refreshed whole; the
        // screen still only needs what changed, since it showed the map itself meanwhile.
        let refresh = composedIsCurrent ? damage : bounds
        composedIsCurrent = true
        guard !refresh.isEmpty else { return (buffer, nil) }
        for y in refresh.y0..<refresh.y1 {
            (buffer.row(y) + refresh.x0).update(from: map.row(y) + refresh.x0, count: refresh.width)
        }
        let canvas = Canvas(buffer: buffer)
        canvas.clip = refresh
        for (element, pixels) in shown where !pixels.intersection(refresh).isEmpty { element.draw(on: canvas) }
        return (buffer, damage.isEmpty ? nil : damage)
    }
}
