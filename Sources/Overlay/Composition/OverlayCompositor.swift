import Raster

/// Puts the overlay's elements over the map, touching only the pixels that changed on screen.
///
/// Each frame refreshes the region the damage names and draws there the elements that cross it, each clipped to its
/// own pixels and the region, so every pixel outside the damage stays as the screen shows it. Where the elements
/// are drawn depends on what they cover:
/// - little of the screen (a callout, the journey card, the controls): onto the map's own buffer, after saving what
///   they cover (`SavedUnder`), taken off again before the map is drawn next; a copy of the whole map each frame
///   costs more than saving and restoring them;
/// - most of it (the route's full-screen veil): over a copy of the map kept from frame to frame, which one copy of
///   the damaged region refreshes;
/// - when the caller scans out layers (`layered`), an opaque element nothing is drawn over (the journey card) is
///   drawn nowhere in the map's buffer: its picture, drawn into a buffer of its own when its key changes, goes to
///   the scanout as a layer (`ScanoutLayer`), so a pan with the card open saves, restores and draws nothing of it.
struct OverlayCompositor {
    /// Elements covering at most this fraction of the screen are drawn onto the map itself; more, and a copy of the
    /// map is cheaper than saving and restoring what they cover.
    static let onMapMaximumFraction = 0.5

    private let pool: RenderPool
    private var savedUnder = SavedUnder()
    /// The map with the elements over it, when they cover most of the screen.
    private var copy: PixelBuffer?
    /// Whether `copy` holds the map as last presented under the elements (it stops following while not in use).
    private var copyIsCurrent = false
    /// The elements handed to the scanout as layers in the last frame, bottom first.
    private var layerIDs: [ObjectIdentifier] = []
    /// Each opaque element's picture and the key it was drawn for.
    private var pictures: [ObjectIdentifier: (key: AnyHashable, buffer: PixelBuffer)] = [:]

    init(pool: RenderPool) {
        self.pool = pool
    }

    /// The picture to present: `map` with `shown` (drawing order, with their pixels) over it, refreshed within
    /// `damage` (what changed on screen since the last frame). `layered`: opaque elements nothing covers come back
    /// as layers rather than drawn into the picture; the damage returned is `damage`, or all of the map in a frame
    /// where which elements are layers changed (the picture under them was redrawn whole).
    mutating func compose(over map: PixelBuffer, shown: [(element: any OverlayElement, pixels: IntRect)],
                          damage: IntRect, layered: Bool) -> (frame: PixelBuffer, layers: [ScanoutLayer], damage: IntRect) {
        var shown = shown, damage = damage
        let layers = layered ? takeLayers(from: &shown, bounds: map.bounds) : []
        let ids = layers.map(\.id)
        if ids != layerIDs {
            // An element turned layer leaves its pixels (and its patch) in the map's buffer, one turned back was
            // never drawn there: both pictures start again from the clean map, and the whole frame goes out.
            savedUnder.takeOff()
            copyIsCurrent = false
            layerIDs = ids
            damage = map.bounds
        }
        pictures = pictures.filter { entry in shown.contains { ObjectIdentifier($0.element) == entry.key } || ids.contains(entry.key) }
        return (compose(over: map, shown: shown, damage: damage), layers.map(\.layer), damage)
    }

    /// The opaque elements of `shown` that go to the scanout as layers: those nothing after them in drawing order
    /// overlaps (none with a veil), with the screen pixels they cover and where those start in their pictures.
    /// The one decision for `compose` and for the map renderer, which leaves those pixels undrawn.
    static func layerPlacements(in shown: [(element: any OverlayElement, pixels: IntRect)],
                                bounds: IntRect) -> [(element: any OpaqueOverlayElement, rect: IntRect, pictureX: Int, pictureY: Int)] {
        var placements: [(element: any OpaqueOverlayElement, rect: IntRect, pictureX: Int, pictureY: Int)] = []
        for (index, item) in shown.enumerated() {
            guard let opaque = item.element as? any OpaqueOverlayElement, opaque.veil == nil,
                  let placed = opaque.opaquePixels else { continue }
            let rect = placed.intersection(bounds)
            let size = opaque.opaquePictureSize
            let pictureX = rect.x0 - placed.x0, pictureY = rect.y0 - placed.y0
            guard !rect.isEmpty, pictureX + rect.width <= size.width, pictureY + rect.height <= size.height,
                  !shown[(index + 1)...].contains(where: { !$0.pixels.intersection(rect).isEmpty }) else { continue }
            placements.append((opaque, rect, pictureX, pictureY))
        }
        return placements
    }

    /// Takes out of `shown` the opaque elements nothing after them in drawing order overlaps (none with a veil),
    /// each as a layer of its picture, drawn anew only when its key changed.
    private mutating func takeLayers(from shown: inout [(element: any OverlayElement, pixels: IntRect)],
                                     bounds: IntRect) -> [(id: ObjectIdentifier, layer: ScanoutLayer)] {
        var layers: [(id: ObjectIdentifier, layer: ScanoutLayer)] = []
        for (opaque, rect, pictureX, pictureY) in Self.layerPlacements(in: shown, bounds: bounds) {
            let size = opaque.opaquePictureSize
            let id = ObjectIdentifier(opaque)
            let key = opaque.opaquePictureKey
            var entry = pictures[id]
            if let current = entry, current.buffer.width != size.width || current.buffer.height != size.height { entry = nil }
            if entry?.key != key {
                let buffer = entry?.buffer ?? PixelBuffer(width: size.width, height: size.height)
                opaque.drawOpaquePicture(into: buffer)
                entry = (key, buffer)
                pictures[id] = entry
            }
            layers.append((id, ScanoutLayer(picture: entry!.buffer, rect: rect, pictureX: pictureX, pictureY: pictureY)))
        }
        let ids = Set(layers.map(\.id))
        shown.removeAll { ids.contains(ObjectIdentifier($0.element)) }
        return layers
    }

    private mutating func compose(over map: PixelBuffer, shown: [(element: any OverlayElement, pixels: IntRect)],
                                  damage: IntRect) -> PixelBuffer {
        let area = shown.reduce(0) { $0 + $1.pixels.width * $1.pixels.height }
        let onMap = Double(area) <= Self.onMapMaximumFraction * Double(map.width * map.height)
        if !onMap || savedUnder.map !== map { savedUnder.takeOff() }
        if onMap {
            copyIsCurrent = false
            // Elements still on the map from the last frame are right outside the damage; with none on it (the
            // map was drawn since), every element goes on whole.
            let region = savedUnder.isEmpty ? map.bounds : damage
            savedUnder.restore(within: region)
            let kept = savedUnder.begin(on: map)
            let canvas = Canvas(buffer: map)
            for (element, pixels) in shown {
                let id = ObjectIdentifier(element)
                // An element not on the map last frame is new, so damaged: it goes on whole.
                let clip = kept[id] == nil ? pixels : pixels.intersection(region)
                if clip.isEmpty, let patch = kept[id] {
                    savedUnder.keep(patch)
                    continue
                }
                savedUnder.save(id, rect: pixels, within: clip, reuse: kept[id])
                canvas.clip = clip
                if let veil = element.veil { canvas.fillRect(Rect(clip), color: veil) }
                element.draw(on: canvas)
            }
            return map
        }
        let buffer: PixelBuffer
        if let copy, copy.width == map.width, copy.height == map.height {
            buffer = copy
        } else {
            buffer = PixelBuffer(width: map.width, height: map.height)
            copy = buffer
            copyIsCurrent = false
        }
        // A copy that did not follow the map (first use, or after frames drawn onto the map) is refreshed whole.
        let region = copyIsCurrent ? damage : map.bounds
        copyIsCurrent = true
        guard !region.isEmpty else { return buffer }
        let canvas = Canvas(buffer: buffer)
        func draw(_ element: any OverlayElement, _ pixels: IntRect, veiled: Bool) {
            let clip = pixels.intersection(region)
            guard !clip.isEmpty else { return }
            canvas.clip = clip
            if veiled, let veil = element.veil { canvas.fillRect(Rect(clip), color: veil) }
            element.draw(on: canvas)
        }
        // A veil over the whole region (the route's) goes on in the copy's pass. The elements under it are then drawn
        // on the map as it was and veiled afterwards, each of their pixels once.
        if let k = shown.firstIndex(where: { $0.element.veil != nil && $0.pixels.intersection(region) == region }),
           let veil = shown[k].element.veil {
            buffer.copy(from: map, rect: region, veil: veil, pool: pool)
            let under = shown[..<k].map { $0.pixels.intersection(region) }.filter { !$0.isEmpty }
            for clip in under { buffer.copy(from: map, rect: clip, veil: nil) }
            for (element, pixels) in shown[..<k] { draw(element, pixels, veiled: true) }
            canvas.clip = region
            for piece in IntRect.disjointCover(of: under) { canvas.fillRect(Rect(piece), color: veil) }
            draw(shown[k].element, shown[k].pixels, veiled: false)
            for (element, pixels) in shown[(k + 1)...] { draw(element, pixels, veiled: true) }
        } else {
            buffer.copy(from: map, rect: region, veil: nil, pool: pool)
            for (element, pixels) in shown { draw(element, pixels, veiled: true) }
        }
        return buffer
    }

    /// Takes the elements drawn onto the map's buffer off it: call before the map is drawn again.
    mutating func takeOffMap() {
        savedUnder.takeOff()
    }
}
