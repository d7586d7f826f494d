import Raster

/// The map's pixels under each element drawn straight onto the map's buffer, in drawing order: taking them off
/// again (topmost first) gives back the clean map, all of it or within a rectangle.
///
/// A patch holds what lay under its element when it was drawn (the map and the elements below), so elements may
/// overlap. Patches are refreshed only where the screen changed: outside that, what lay under an element is what
/// lay there the frame before.
struct SavedUnder {
    struct Patch {
        let id: ObjectIdentifier
        /// The element's pixels, where the patch applies.
        let rect: IntRect
        /// `rect`'s pixels of the map's buffer before the element was drawn, at (0, 0); it may be larger.
        let pixels: PixelBuffer
    }

    /// The buffer the patches were drawn onto; nil when nothing is on a map.
    private(set) var map: PixelBuffer?
    private(set) var patches: [Patch] = []
    /// Buffers of patches taken off, kept for the same elements' next patches: an open card over a panning map is
    /// saved every frame, and a fresh buffer each time would cost page faults.
    private var spare: [ObjectIdentifier: PixelBuffer] = [:]

    var isEmpty: Bool { patches.isEmpty }

    /// Puts back the map's pixels within `area` under every element, topmost first.
    func restore(within area: IntRect) {
        guard let map else { return }
        for patch in patches.reversed() {
            let rect = patch.rect.intersection(area)
            guard !rect.isEmpty else { continue }
            for y in rect.y0..<rect.y1 {
                (map.row(y) + rect.x0).update(from: patch.pixels.row(y - patch.rect.y0) + (rect.x0 - patch.rect.x0),
                                              count: rect.width)
            }
        }
    }

    /// Puts back every element's pixels and forgets them: `map` is the clean map again.
    mutating func takeOff() {
        restore(within: map?.bounds ?? IntRect(x: 0, y: 0, width: 0, height: 0))
        spare = Dictionary(patches.map { ($0.id, $0.pixels) }, uniquingKeysWith: { first, _ in first })
        patches = []
        map = nil
    }

    /// Starts a frame of patches drawn onto `map`; returns last frame's patches, to refresh in part.
    mutating func begin(on map: PixelBuffer) -> [ObjectIdentifier: Patch] {
        if let current = self.map, current !== map { takeOff() }
        self.map = map
        let kept = Dictionary(patches.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        patches = []
        return kept
    }

    /// Saves `map`'s pixels within `area` (inside `rect`) under the element `id` about to be drawn there. `reuse`:
    /// last frame's patch of that element, whose pixels outside `area` still hold.
    mutating func save(_ id: ObjectIdentifier, rect: IntRect, within area: IntRect, reuse: Patch?) {
        guard let map else { return }
        let kept = reuse.flatMap { $0.rect == rect ? $0 : nil }
        let storage = [reuse?.pixels, spare[id]].compactMap { $0 }
            .first { $0.width >= rect.width && $0.height >= rect.height }
        let patch = kept ?? Patch(id: id, rect: rect, pixels: storage ?? PixelBuffer(width: rect.width, height: rect.height))
        // A new patch is saved whole: an element that appeared or moved is damaged whole, so `area` is its rect.
        let area = kept == nil ? rect : area
        for y in area.y0..<area.y1 {
            (patch.pixels.row(y - rect.y0) + (area.x0 - rect.x0)).update(from: map.row(y) + area.x0, count: area.width)
        }
        patches.append(patch)
    }

    /// Keeps last frame's patch of an element drawn nowhere this frame: nothing under it changed.
    mutating func keep(_ patch: Patch) {
        patches.append(patch)
    }
}
