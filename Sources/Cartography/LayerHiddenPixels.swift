import Raster

/// The arithmetic of leaving the map undrawn under opaque scanout layers (the journey card, `ScanoutLayer`): what
/// of some buffer rectangles shows around the layers, and what stays under them.
enum LayerHiddenPixels {
    /// The pixels of `rects` outside every rectangle of `hidden`, as rectangles that do not overlap each other (so a
    /// pixel is drawn once, and counted once).
    static func visibleParts(of rects: [IntRect], hiddenBy hidden: [IntRect]) -> [IntRect] {
        var parts: [IntRect] = []
        for rect in rects {
            var rest = [rect]
            for cut in hidden + parts { rest = rest.flatMap { $0.subtracting(cut) } }
            parts += rest
        }
        return parts
    }

    /// Per rectangle of `hidden`, the bounding box of what `rects` has within it: every such pixel, and perhaps a
    /// few more of that layer's, but none outside the layers. One rectangle per layer keeps the bookkeeping of a
    /// long pan from growing a rectangle a frame.
    static func hiddenParts(of rects: [IntRect], hiddenBy hidden: [IntRect]) -> [IntRect] {
        hidden.compactMap { layer in
            let box = rects.reduce(IntRect(x: layer.x0, y: layer.y0, width: 0, height: 0)) { $0.union($1.intersection(layer)) }
            return box.isEmpty ? nil : box
        }
    }
}
