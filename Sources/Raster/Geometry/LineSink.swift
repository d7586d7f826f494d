/// Receives the straight segments that flattening and stroking produce. Generic (not an existential) so the
/// rasterizer's `addLine` is inlined into the flattening loops.
protocol LineSink {
    mutating func addLine(_ x0: Float, _ y0: Float, _ x1: Float, _ y1: Float)
}
