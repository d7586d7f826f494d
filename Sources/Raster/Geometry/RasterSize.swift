/// A size in the rasterizer's pixels (Float, as `Point` and `Rect`): what an element measures before it places a
/// `Rect` (a plate around a name, a callout's box, the inset's square).
public struct RasterSize: Hashable, Sendable {
    public var width: Float
    public var height: Float

    public init(width: Float, height: Float) {
        self.width = width
        self.height = height
    }
}
