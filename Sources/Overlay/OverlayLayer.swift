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
    /// Whether the last composed frame drew any element (so hiding the last one redraws the whole map once).
    private var drewElements = false
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

    /// The picture to present: `map` itself while no element draws anything, else a copy of it with the elements
    /// drawn over. `mapDamage` is what changed in the map; the result's damage is what changed on screen.
    ///
    /// While an element is shown, or when the overlay's picture changed, the whole frame is damaged: the elements are
    /// drawn over a fresh copy of the map each frame, and `frames.jsonl` records that. Damage per element (its frame
    /// before and after) is the refinement to make when an element that stays on screen (controls, an inset) arrives.
    ///
    /// `drawingOnMap`: when the elements cover little of the screen, they are drawn onto `map` itself after saving the
    /// pixels they cover (a copy of the whole map each frame costs more than the elements: the journey card open over
    /// a gliding map); the caller must call `restoreMap()` once the frame is presented, before the map is drawn again.
    public func compose(over map: PixelBuffer, mapDamage: IntRect?,
                        drawingOnMap: Bool = false) -> (frame: PixelBuffer, damage: IntRect?) {
        let changed = needsRedraw
        let shown = allElements.filter { $0.frame != nil }
        defer {
            drewElements = !shown.isEmpty
            for element in allElements { element.didPresent() }
        }
        guard !shown.isEmpty else { return (map, changed || drewElements ? map.bounds : mapDamage) }
        if drawingOnMap, let under = Self.covered(by: shown, in: map.bounds),
           Double(under.width * under.height) <= Self.saveUnderMaximumFraction * Double(map.width * map.height) {
            let pixels = savedUnder.flatMap { $0.pixels.width >= under.width && $0.pixels.height >= under.height ? $0.pixels : nil }
                ?? PixelBuffer(width: under.width, height: under.height)
            for y in 0..<under.height {
                pixels.row(y).update(from: map.row(under.y0 + y) + under.x0, count: under.width)
            }
            savedUnder = (map, pixels, under)
            let canvas = Canvas(buffer: map)
            canvas.clip = under
            for element in shown { element.draw(on: canvas) }
            return (map, map.bounds)
        }
        let buffer = composed.flatMap { $0.width == map.width && $0.height == map.height ? $0 : nil }
            ?? PixelBuffer(width: map.width, height: map.height)
        composed = buffer
        for y in 0..<map.height { buffer.row(y).update(from: map.row(y), count: map.width) }
        let canvas = Canvas(buffer: buffer)
        for element in shown { element.draw(on: canvas) }
        return (buffer, map.bounds)
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
