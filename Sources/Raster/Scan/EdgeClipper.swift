/// Clipping of segments to the accumulator's rectangle before accumulation (tiny-skia's edge_clipper): the
/// accumulation arithmetic assumes every segment lies inside, so this is the one place that handles paths
/// reaching off the canvas, across its edges, or to non-finite coordinates.
extension CoverageAccumulator: LineSink {
    /// Adds a segment in device coordinates. Parts above or below the rectangle are dropped; parts left of it
    /// become a vertical segment on its left edge (they still change the winding of everything to the right);
    /// parts right of it are dropped (they cover nothing inside).
    @inline(__always)
    func addLine(_ ax: Float, _ ay: Float, _ bx: Float, _ by: Float) {
        var x0 = ax - originXf, y0 = ay - originYf, x1 = bx - originXf, y1 = by - originYf
        guard y0 != y1, x0.isFinite, y0.isFinite, x1.isFinite, y1.isFinite else { return }
        var direction: Float = 1
        if y0 > y1 {
            swap(&x0, &x1)
            swap(&y0, &y1)
            direction = -1
        }
        let h = heightf, w = widthf
        if y1 <= 0 || y0 >= h { return }
        if y0 < 0 || y1 > h {
            let dxdy = (x1 - x0) / (y1 - y0)
            if y0 < 0 { x0 -= y0 * dxdy; y0 = 0 }
            if y1 > h { x1 -= (y1 - h) * dxdy; y1 = h }
            if y0 >= y1 || !x0.isFinite || !x1.isFinite { return }
        }
        if x0 >= 0 && x1 >= 0 && x0 <= w && x1 <= w {
            accumulate(x0, y0, x1, y1, direction)
            return
        }
        if x0 >= w && x1 >= w { return }
        if x0 <= 0 && x1 <= 0 {
            accumulate(0, y0, 0, y1, direction)
            return
        }
        // Split where the segment crosses x = 0 and x = w, then treat each piece as above.
        let dx = x1 - x0, dy = y1 - y0
        var tA: Float = dx != 0 ? (0 - x0) / dx : 2
        var tB: Float = dx != 0 ? (w - x0) / dx : 2
        if !(tA > 0 && tA < 1) { tA = 1 }
        if !(tB > 0 && tB < 1) { tB = 1 }
        if tA > tB { swap(&tA, &tB) }
        piece(x0, y0, dx, dy, 0, tA, direction)
        piece(x0, y0, dx, dy, tA, tB, direction)
        piece(x0, y0, dx, dy, tB, 1, direction)
    }

    @inline(__always)
    private func piece(_ x0: Float, _ y0: Float, _ dx: Float, _ dy: Float, _ ta: Float, _ tb: Float,
                       _ direction: Float) {
        guard tb > ta else { return }
        let xa = x0 + dx * ta, ya = y0 + dy * ta
        let xb = tb == 1 ? x0 + dx : x0 + dx * tb
        let yb = tb == 1 ? y0 + dy : y0 + dy * tb
        guard yb > ya, xa.isFinite, xb.isFinite else { return }
        let mid = (xa + xb) * 0.5
        if mid >= widthf { return }
        if mid <= 0 {
            accumulate(0, ya, 0, yb, direction)
        } else {
            accumulate(min(max(xa, 0), widthf), ya, min(max(xb, 0), widthf), yb, direction)
        }
    }

}
