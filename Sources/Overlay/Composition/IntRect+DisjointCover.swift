import Raster

extension IntRect {
    /// The parts of this rectangle outside `other`: at most four rectangles, none overlapping.
    func subtracting(_ other: IntRect) -> [IntRect] {
        let cut = intersection(other)
        guard !cut.isEmpty else { return isEmpty ? [] : [self] }
        var parts: [IntRect] = []
        if cut.y0 > y0 { parts.append(IntRect(x0: x0, y0: y0, x1: x1, y1: cut.y0)) }
        if cut.y1 < y1 { parts.append(IntRect(x0: x0, y0: cut.y1, x1: x1, y1: y1)) }
        if cut.x0 > x0 { parts.append(IntRect(x0: x0, y0: cut.y0, x1: cut.x0, y1: cut.y1)) }
        if cut.x1 < x1 { parts.append(IntRect(x0: cut.x1, y0: cut.y0, x1: x1, y1: cut.y1)) }
        return parts
    }

    /// Rectangles that cover exactly the pixels of `rects` and do not overlap: so that a translucent colour laid
    /// over each of them blends every pixel once.
    static func disjointCover(of rects: [IntRect]) -> [IntRect] {
        var pieces: [IntRect] = []
        for rect in rects {
            var rest = [rect]
            for piece in pieces { rest = rest.flatMap { $0.subtracting(piece) } }
            pieces += rest
        }
        return pieces
    }
}
