extension PixelBuffer {
    /// Moves the pixels inside `rect` (default: the whole buffer) by (`dx`, `dy`), as a pan at constant scale
    /// does to the previous frame. Pixels moved out of `rect` are dropped; the returned rectangles (at most two,
    /// disjoint) are the exposed area, whose old contents are stale and must be redrawn.
    @discardableResult
    public func shiftContents(dx: Int, dy: Int, within rect: IntRect? = nil) -> [IntRect] {
        let area = (rect ?? bounds).intersection(bounds)
        guard !area.isEmpty else { return [] }
        guard dx != 0 || dy != 0 else { return [] }
        guard abs(dx) < area.width, abs(dy) < area.height else { return [area] }
        let width = area.width - abs(dx)
        let sourceX = area.x0 + max(0, -dx), targetX = area.x0 + max(0, dx)
        let rows = area.height - abs(dy)
        // Rows a whole number of pages apart (plus a few bytes) make a straight copy crawl: every load looks like
        // it depends on a just-stored address (4K aliasing). Such shifts go through a row-sized bounce buffer.
        let distance = ((dy * stridePixels + dx) * 4) & 4095
        let bounce: UnsafeMutablePointer<UInt32>? = dy != 0 && (distance < 256 || distance > 4096 - 256)
            ? .allocate(capacity: width) : nil
        defer { bounce?.deallocate() }
        func move(_ from: UnsafeMutablePointer<UInt32>, _ to: UnsafeMutablePointer<UInt32>) {
            if let bounce {
                bounce.update(from: from, count: width)
                to.update(from: bounce, count: width)
            } else {
                // memmove semantics: also right when source and target overlap within one row (dy == 0).
                UnsafeMutableRawPointer(to).copyMemory(from: UnsafeRawPointer(from), byteCount: width * 4)
            }
        }
        // Walk rows away from the direction of motion so a row is read before it is overwritten.
        if dy > 0 {
            var i = rows - 1
            while i >= 0 {
                move(row(area.y0 + i) + sourceX, row(area.y0 + i + dy) + targetX)
                i -= 1
            }
        } else {
            for i in 0..<rows {
                move(row(area.y0 + i - dy) + sourceX, row(area.y0 + i) + targetX)
            }
        }
        var exposed: [IntRect] = []
        if dy > 0 { exposed.append(IntRect(x0: area.x0, y0: area.y0, x1: area.x1, y1: area.y0 + dy)) }
        if dy < 0 { exposed.append(IntRect(x0: area.x0, y0: area.y1 + dy, x1: area.x1, y1: area.y1)) }
        let keptY0 = area.y0 + max(0, dy), keptY1 = area.y1 + min(0, dy)
        if dx > 0 { exposed.append(IntRect(x0: area.x0, y0: keptY0, x1: area.x0 + dx, y1: keptY1)) }
        if dx < 0 { exposed.append(IntRect(x0: area.x1 + dx, y0: keptY0, x1: area.x1, y1: keptY1)) }
        return exposed
    }
}
