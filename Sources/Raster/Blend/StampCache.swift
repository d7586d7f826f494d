/// Coverage masks of small discs and rings, made once per shape and quarter-pixel position and then blitted:
/// a metro map draws hundreds of identical station markers, and a blit is several times cheaper than
/// rasterizing the outline again. Centres snap to the nearest quarter pixel (at most 1/8 px off).
struct StampCache {
    enum Shape: UInt8 { case disc, ring }

    struct Key: Hashable {
        let shape: Shape
        let radiusBits: UInt32
        let widthBits: UInt32
        let phase: UInt8
    }

    struct Stamp {
        let mask: AlphaMask
        /// Offset from the snapped whole-pixel centre to the mask's top-left.
        let offset: Int
    }

    /// Larger shapes are cheaper to rasterize than to cache in every phase.
    static let maximumRadius: Float = 24
    static let phases = 4
    private var stamps: [Key: Stamp] = [:]

    /// The stamp for a shape whose centre's sub-pixel phase is `phaseX`, `phaseY` (quarters), rendering it with
    /// `render(maskOrigin, size, centreInMask)` on first use.
    mutating func stamp(_ shape: Shape, radius: Float, width: Float, phaseX: Int, phaseY: Int,
                        accumulator: CoverageAccumulator, tolerance: Float) -> Stamp {
        let key = Key(shape: shape, radiusBits: radius.bitPattern, widthBits: width.bitPattern,
                      phase: UInt8(phaseX * StampCache.phases + phaseY))
        if let cached = stamps[key] { return cached }
        let outer = shape == .disc ? radius : radius + width / 2
        let margin = Int(outer.rounded(.up)) + 1
        let size = 2 * margin + 1
        let centre = Point(Float(margin) + Float(phaseX) / Float(StampCache.phases),
                           Float(margin) + Float(phaseY) / Float(StampCache.phases))
        var alphas = [UInt8](repeating: 0, count: size * size)
        accumulator.begin(IntRect(x: 0, y: 0, width: size, height: size))
        var sink = accumulator
        switch shape {
        case .disc:
            addCircle(center: centre, radius: radius, clockwise: true, tolerance: tolerance, into: &sink)
        case .ring:
            addCircle(center: centre, radius: radius + width / 2, clockwise: true, tolerance: tolerance, into: &sink)
            if radius - width / 2 > 0 {
                addCircle(center: centre, radius: radius - width / 2, clockwise: false, tolerance: tolerance,
                          into: &sink)
            }
        }
        alphas.withUnsafeMutableBufferPointer { bytes in
            var writer = MaskSpanWriter(bytes: bytes.baseAddress!, width: size)
            accumulator.sweep(into: &writer)
        }
        let stamp = Stamp(mask: AlphaMask(width: size, height: size, alphas: alphas), offset: -margin)
        if stamps.count >= 4_096 { stamps.removeAll(keepingCapacity: true) }
        stamps[key] = stamp
        return stamp
    }
}
