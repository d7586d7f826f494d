import Physics
import Raster

/// Everything drawn over the map: a retained tree of elements, routed input before the map and composed over it.
///
/// Each frame the loop `advance`s the layer to the presentation time, draws a frame when the camera moved or
/// `needsRedraw`, and `compose`s the map's buffer with the elements. Touches are offered to the elements first
/// (topmost first); one that takes the first finger of a touch keeps that touch from the map until every finger is up.
public final class OverlayLayer {
    /// Top-level elements in drawing order (the last is on top).
    public private(set) var elements: [any OverlayElement] = []
    /// The element that took the touch under way: its first finger's moves and lift go to it alone.
    private var captor: (any OverlayElement)?
    /// What changed on screen since the last frame presented.
    private var changes = OverlayDamage()
    private var compositor: OverlayCompositor

    /// `pool`: where the full-screen passes (the copy of the map under a veil) are shared out; the process's shared
    /// pool, as the map's renderer, unless given.
    public init(pool: RenderPool = .shared) {
        compositor = OverlayCompositor(pool: pool)
    }

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
        changes.advance(map: map)
    }

    public var needsRedraw: Bool { allElements.contains { $0.needsRedraw } }

    public var nextChangeMicroseconds: Int64? { allElements.compactMap(\.nextChangeMicroseconds).min() }

    /// Offers a finger coming down to the elements, topmost first; every element hears of it (a callout hides when
    /// the map is touched) until one takes it. Returns whether one took it.
    public func touchDown(at point: ScreenPoint, timeMicroseconds: Int64) -> Bool {
        for element in allElements.reversed() where element.touchDown(at: point, timeMicroseconds: timeMicroseconds) {
            captor = element
            return true
        }
        return false
    }

    /// The first finger of the touch an element took moved.
    public func touchMoved(to point: ScreenPoint, timeMicroseconds: Int64) {
        captor?.touchMoved(to: point, timeMicroseconds: timeMicroseconds)
    }

    /// The first finger of the touch an element took was lifted: the touch is over for the element.
    public func touchUp(at point: ScreenPoint, timeMicroseconds: Int64) {
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

    /// The picture to present, and what changed on screen since the last one: `map` with the elements over it.
    /// `mapDamage` is what changed in the map; the damage returned is that and the pixels (before and after) of every
    /// element whose picture or place changed, and no pixel outside it differs from the last frame's. nil: none did.
    ///
    /// Elements covering little of the screen are drawn onto `map` itself (their pixels saved first): `restoreMap()`
    /// must come before anything draws into `map` again, which `MapUnderOverlay` (KioskCore), the one way the loop
    /// draws the map and composes, does. Over a still map, a pressed button sends and redraws its few thousand
    /// pixels, not the frame.
    public func compose(over map: PixelBuffer, mapDamage: IntRect?) -> (frame: PixelBuffer, damage: IntRect?) {
        let (frame, damage) = composeLayered(over: map, mapDamage: mapDamage, layered: false)
        return (frame.base, damage)
    }

    /// As `compose`, for an output that composes opaque layers as it scans out (`DamageCopy.copy(_:damage:...)`):
    /// opaque elements nothing is drawn over (the journey card) come back as layers of their own pictures, not
    /// drawn into `map`. `layered: false` draws every element into the picture, as `compose` does.
    public func composeLayered(over map: PixelBuffer, mapDamage: IntRect?,
                               layered: Bool = true) -> (frame: LayeredFrame, damage: IntRect?) {
        let (shown, changed) = changes.frame(of: allElements, bounds: map.bounds, mapDamage: mapDamage)
        defer { for element in allElements { element.didPresent() } }
        let (picture, layers, damage) = compositor.compose(over: map, shown: shown, damage: changed, layered: layered)
        return (LayeredFrame(base: picture, layers: layers), damage.isEmpty ? nil : damage)
    }

    /// The screen pixels the next `composeLayered(..., layered: true)` over a map of `bounds` hands to the scanout as
    /// opaque layers (the journey card), as the elements stand after `advance`: what the map need not be drawn
    /// under (`MapFrameRenderer.render(..., hidden:)`). Changes nothing.
    public func opaqueLayerPixels(bounds: IntRect) -> [IntRect] {
        let shown = allElements.compactMap { element -> (element: any OverlayElement, pixels: IntRect)? in
            guard let frame = element.frame, let pixels = OverlayDamage.pixels(of: frame, bounds: bounds) else { return nil }
            return (element, pixels)
        }
        return OverlayCompositor.layerPlacements(in: shown, bounds: bounds).map(\.rect)
    }

    /// Takes the elements drawn onto the map's buffer off it, giving back the clean map: call before the map is
    /// drawn again (after a screenshot of the frame, which shows them).
    public func restoreMap() {
        compositor.takeOffMap()
    }
}
