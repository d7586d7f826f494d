import Raster

extension IntRect {
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
