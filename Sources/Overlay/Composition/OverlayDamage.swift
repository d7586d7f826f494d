import MetroMap
import Physics
import Raster

/// What changed on screen between two presented frames because of the overlay: every element whose picture or
/// place changed, by its pixels before and after.
///
/// An element's picture changed when it says so (`needsRedraw`), when its frame moved by any amount (a sub-pixel
/// move keeps its enclosing pixels but changes its anti-aliased edges), or when the map's projection moved: elements
/// pinned to the map (the callout, the route) follow the exact camera, while the map is drawn at whole pixels, so
/// a sub-pixel pan changes them with no damage of the map's.
struct OverlayDamage {
    /// Each element's frame in the last presented frame, exact and as pixels.
    private var presented: [ObjectIdentifier: (frame: ScreenRect, pixels: IntRect)] = [:]
    /// Where the projection put two scheme points in the last presented frame: whether the map moved under the
    /// elements since (the kiosk's projection is a scale and an offset, which two points pin down).
    private var presentedProjection: [ScreenPoint]?
    private var projection: [ScreenPoint]?

    private static let probes = [SchemePoint(x: 0, y: 0), SchemePoint(x: 1024, y: 1024)]

    /// Notes where `map` puts the scheme now (each `advance`).
    mutating func advance(map: MapProjection) {
        projection = Self.probes.map(map.screenPoint(of:))
    }

    /// The elements shown in this frame with their pixels (drawing order), and the damage: `mapDamage` and the
    /// pixels, before and after, of each element whose picture changed. Takes this frame as presented.
    mutating func frame(of elements: [any OverlayElement], bounds: IntRect,
                        mapDamage: IntRect?) -> (shown: [(element: any OverlayElement, pixels: IntRect)], damage: IntRect) {
        var damage = mapDamage?.intersection(bounds) ?? IntRect(x: 0, y: 0, width: 0, height: 0)
        let mapMoved = projection != presentedProjection
        var frames: [ObjectIdentifier: (frame: ScreenRect, pixels: IntRect)] = [:]
        var shown: [(element: any OverlayElement, pixels: IntRect)] = []
        for element in elements {
            let id = ObjectIdentifier(element)
            let before = presented[id]
            if let frame = element.frame, let pixels = Self.pixels(of: frame, bounds: bounds) {
                frames[id] = (frame, pixels)
                shown.append((element, pixels))
            }
            let after = frames[id]
            let moved = before?.frame != after?.frame || before?.pixels != after?.pixels
            if element.needsRedraw || moved || (mapMoved && after != nil) {
                if let before { damage = damage.union(before.pixels) }
                if let after { damage = damage.union(after.pixels) }
            }
        }
        presented = frames
        presentedProjection = projection
        return (shown, damage)
    }

    /// The pixels an element whose frame is `frame` is shown on; nil: none (off screen or empty).
    static func pixels(of frame: ScreenRect, bounds: IntRect) -> IntRect? {
        let pixels = frame.enclosingPixels.intersection(bounds)
        return pixels.isEmpty ? nil : pixels
    }
}
