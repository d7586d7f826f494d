/// An opaque picture laid over a frame where it is scanned out, not drawn into the frame's buffer: a panel (the
/// journey card) that covers part of the screen with pixels all its own. The scanout copy takes the pixels of
/// `rect` from `picture`, so a frame that moves the map under the panel neither saves, restores nor redraws the
/// panel, and one that slides the panel only moves `rect`.
public struct ScanoutLayer {
    /// The panel's picture, drawn when its content changes.
    public let picture: PixelBuffer
    /// The screen pixels (upright) the layer covers, every one opaque.
    public let rect: IntRect
    /// The picture's pixel shown at `rect`'s top-left corner.
    public let pictureX: Int
    public let pictureY: Int

    /// `rect` must lie within the picture once placed: `pictureX + rect.width <= picture.width`, and likewise down.
    public init(picture: PixelBuffer, rect: IntRect, pictureX: Int = 0, pictureY: Int = 0) {
        precondition(pictureX >= 0 && pictureY >= 0 && pictureX + rect.width <= picture.width
                     && pictureY + rect.height <= picture.height, "a scanout layer's rect runs off its picture")
        self.picture = picture
        self.rect = rect
        self.pictureX = pictureX
        self.pictureY = pictureY
    }
}

/// A frame as presented: a base picture (the map with the overlay elements drawn into it) and opaque layers over
/// it, bottom first, composed where the frame is scanned out.
public struct LayeredFrame {
    public let base: PixelBuffer
    public let layers: [ScanoutLayer]

    public init(base: PixelBuffer, layers: [ScanoutLayer] = []) {
        self.base = base
        self.layers = layers
    }

    /// The pieces of `damage` (clipped to the base) by where their pixels come from: each layer's part not under a
    /// layer above it, and the rest from the base. The pieces do not overlap and cover the clipped damage exactly.
    public func sources(within damage: IntRect) -> (base: [IntRect], layers: [(layer: ScanoutLayer, rects: [IntRect])]) {
        var rest = [damage.intersection(base.bounds)].filter { !$0.isEmpty }
        var fromLayers: [(layer: ScanoutLayer, rects: [IntRect])] = []
        for layer in layers.reversed() {
            let covered = rest.map { $0.intersection(layer.rect) }.filter { !$0.isEmpty }
            if !covered.isEmpty { fromLayers.append((layer, covered)) }
            rest = rest.flatMap { $0.subtracting(layer.rect) }
        }
        return (rest, fromLayers)
    }

    /// The frame as one picture: the base with every layer copied over it, in `into` (the base's size). For outputs
    /// that keep or record whole pictures rather than scanning out.
    public func flatten(into target: PixelBuffer, within damage: IntRect? = nil) {
        let area = (damage ?? base.bounds).intersection(base.bounds).intersection(target.bounds)
        let (fromBase, fromLayers) = sources(within: area)
        for rect in fromBase {
            for y in rect.y0..<rect.y1 { (target.row(y) + rect.x0).update(from: base.row(y) + rect.x0, count: rect.width) }
        }
        for (layer, rects) in fromLayers {
            for rect in rects {
                for y in rect.y0..<rect.y1 {
                    let source = layer.picture.row(y - layer.rect.y0 + layer.pictureY) + (rect.x0 - layer.rect.x0 + layer.pictureX)
                    (target.row(y) + rect.x0).update(from: source, count: rect.width)
                }
            }
        }
    }
}
