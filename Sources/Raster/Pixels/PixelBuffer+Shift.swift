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
        // Walk rows away from the direction of motion so a row is read before it is overwritten.
        if dy > 0 {
            var i = rows - 1
            while i >= 0 {
                let from = row(area.y0 + i) + sourceX, to = row(area.y0 + i + dy) + targetX
                to.update(from: from, count: width)
                i -= 1
            }
        } else if dy < 0 {
            for i in 0..<rows {
                let from = row(area.y0 + i - dy) + sourceX, to = row(area.y0 + i) + targetX
                to.update(from: from, count: width)
            }
        } else {
            for y in area.y0..<area.y1 {
                let r = row(y)
                // Overlapping within one row: memmove semantics.
                UnsafeMutableRawPointer(r + targetX).copyMemory(from: UnsafeRawPointer(r + sourceX),
                                                               byteCount: width * 4)
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
