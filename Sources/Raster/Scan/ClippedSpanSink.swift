/// Passes on only the coverage inside `clip`: for a canvas accumulating coverage over more than it writes
/// (`Canvas.coverageFrame`), so a part of a frame gets the bytes the whole frame's drawing gives it.
struct ClippedSpanSink<Inner: SpanSink>: SpanSink {
    var inner: Inner
    let clip: IntRect
    private var rowInside = false

    init(_ inner: Inner, clip: IntRect) {
        self.inner = inner
        self.clip = clip
    }

    @inline(__always)
    mutating func beginRow(_ y: Int) {
        rowInside = y >= clip.y0 && y < clip.y1
        if rowInside { inner.beginRow(y) }
    }

    @inline(__always)
    mutating func run(x: Int, count: Int, coverage: Float) {
        guard rowInside else { return }
        let x0 = max(x, clip.x0), x1 = min(x + count, clip.x1)
        if x1 > x0 { inner.run(x: x0, count: x1 - x0, coverage: coverage) }
    }

    @inline(__always)
    mutating func pixel(x: Int, coverage: Float) {
        if rowInside, x >= clip.x0, x < clip.x1 { inner.pixel(x: x, coverage: coverage) }
    }
}
