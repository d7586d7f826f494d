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
    /// The map with the elements over it; the map renderer's own buffer stays the clean map it reuses.
    private var composed: PixelBuffer?
    /// Whether `composed` holds the map as last presented under the elements (it stops following while nothing is shown).
    private var composedIsCurrent = false
    /// Each element's pixels in the last presented frame: what must be redrawn when it moves, changes or hides.
    private var presentedFrames: [ObjectIdentifier: IntRect] = [:]
    /// The element that took the touch under way: its first finger's moves and lift go to it alone.
    private var captor: (any OverlayElement)?
    /// The map's pixels under elements drawn straight onto the map's buffer, and where: `restoreMap()` puts them back.
    private var savedUnder: (map: PixelBuffer, pixels: PixelBuffer, rect: IntRect)?
    /// Elements covering at most this fraction of the screen are drawn onto the map itself (save-under); more, and
    /// a copy of the whole map is cheaper than saving and restoring what they cover.
    public static let saveUnderMaximumFraction = 0.5

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

    /// The picture to present: `map` itself while no element draws anything, else the composed copy with the
    /// elements drawn over. `mapDamage` is what changed in the map; the result's damage is what changed on screen:
    /// the map's damage and the frames (before and after) of every element whose picture or place changed.
    ///
    /// Controls and the inset stay on screen for good, so the copy is kept and only the damaged rectangle is
    /// refreshed from the map and has the elements it touches drawn again, clipped to it: a button pressed over a
    /// still map sends the button's few thousand pixels, not the frame.
    ///
    /// `drawingOnMap`: when the elements cover little of the screen, they are drawn onto `map` itself after saving the
    /// pixels they cover (a copy of the whole map each frame costs more than the elements: the journey card open over
    /// a gliding map); the caller must call `restoreMap()` once the frame is presented, before the map is drawn again.
    /// That path damages the whole frame.
    public func compose(over map: PixelBuffer, mapDamage: IntRect?,
                        drawingOnMap: Bool = false) -> (frame: PixelBuffer, damage: IntRect?) {
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
        if drawingOnMap, let under = Self.covered(by: shown.map(\.element), in: bounds),
           Double(under.width * under.height) <= Self.saveUnderMaximumFraction * Double(map.width * map.height) {
            let pixels = savedUnder.flatMap { $0.pixels.width >= under.width && $0.pixels.height >= under.height ? $0.pixels : nil }
                ?? PixelBuffer(width: under.width, height: under.height)
            for y in 0..<under.height {
                pixels.row(y).update(from: map.row(under.y0 + y) + under.x0, count: under.width)
            }
            savedUnder = (map, pixels, under)
            let canvas = Canvas(buffer: map)
            canvas.clip = under
            for (element, _) in shown { element.draw(on: canvas) }
            // The composed copy did not follow the map this frame. Damaged whole, as before per-element damage: a
            // replay fed damage alone showed pixels changing outside the elements' frames on this path (not yet
            // understood), so it keeps the whole frame until that is found.
            composedIsCurrent = false
            return (map, map.bounds)
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

    /// Puts back the map's pixels that elements drawn onto it covered (after `compose(..., drawingOnMap: true)`).
    public func restoreMap() {
        guard let (map, pixels, rect) = savedUnder else { return }
        for y in 0..<rect.height {
            (map.row(rect.y0 + y) + rect.x0).update(from: pixels.row(y), count: rect.width)
        }
        savedUnder = (map, pixels, IntRect(x: 0, y: 0, width: 0, height: 0))
    }

    /// The pixels the shown elements' frames cover, within `bounds`; nil when they cover none.
    private static func covered(by elements: [any OverlayElement], in bounds: IntRect) -> IntRect? {
        var union: IntRect?
        for frame in elements.compactMap(\.frame) {
            let pixels = frame.enclosingPixels.intersection(bounds)
            guard !pixels.isEmpty else { continue }
            union = union.map { $0.union(pixels) } ?? pixels
        }
        return union
    }
}
