extension PixelBuffer {
    /// Moves the pixels inside `rect` (default: the whole buffer) by (`dx`, `dy`), as a pan at constant scale
    /// does to the previous frame. Pixels moved out of `rect` are dropped; the returned rectangles (at most two,
    /// disjoint) are the exposed area, whose old contents are stale and must be redrawn.
    /// Rows are moved in bands of rows over `pool`'s threads.
    @discardableResult
    public func shiftContents(dx: Int, dy: Int, within rect: IntRect? = nil, pool: RenderPool = .serial) -> [IntRect] {
        let area = (rect ?? bounds).intersection(bounds)
        guard !area.isEmpty else { return [] }
        guard dx != 0 || dy != 0 else { return [] }
        guard abs(dx) < area.width, abs(dy) < area.height else { return [area] }
        let width = area.width - abs(dx)
        let sourceX = area.x0 + max(0, -dx), targetX = area.x0 + max(0, dx)
        // Target rows that keep content, in bands; band k's sources outside its own targets belong to other
        // bands, which may overwrite them first: those rows are saved before any band moves (a barrier apart).
        let targets = max(area.y0, area.y0 + dy)..<min(area.y1, area.y1 + dy)
        let bandHeight = BandedSceneDrawer.bandHeight
        let bandCount = (targets.count + bandHeight - 1) / bandHeight
        let saved = min(abs(dy), bandHeight)
        let scratch: UnsafeMutablePointer<UInt32>? = dy != 0 ? .allocate(capacity: bandCount * saved * width) : nil
        defer { scratch?.deallocate() }
        func band(_ k: Int) -> Range<Int> {
            targets.lowerBound + k * bandHeight..<min(targets.upperBound, targets.lowerBound + (k + 1) * bandHeight)
        }
        // Source rows of band k that lie outside it: above it when moving down, below it when moving up.
        func foreignSources(_ k: Int) -> Range<Int> {
            let own = band(k)
            return dy > 0 ? own.lowerBound - dy..<min(own.lowerBound, own.upperBound - dy)
                          : max(own.upperBound, own.lowerBound - dy)..<own.upperBound - dy
        }
        if let scratch {
            pool.run(tasks: bandCount) { k, _ in
                for (i, y) in foreignSources(k).enumerated() {
                    (scratch + (k * saved + i) * width).update(from: row(y) + sourceX, count: width)
                }
            }
        }
        let bounceWidth = width
        let bounces = UnsafeMutablePointer<UInt32>.allocate(capacity: pool.threadCount * bounceWidth)
        defer { bounces.deallocate() }
        // Rows a whole number of pages apart (plus a few bytes) make a straight copy crawl: every load looks like
        // it depends on a just-stored address (4K aliasing). Such shifts go through a row-sized bounce buffer.
        let distance = ((dy * stridePixels + dx) * 4) & 4095
        let aliasing = dy != 0 && (distance < 256 || distance > 4096 - 256)
        pool.run(tasks: bandCount) { k, worker in
            let own = band(k), foreign = foreignSources(k)
            let bounce = bounces + worker * bounceWidth
            func move(target y: Int) {
                let sourceRow = y - dy
                let to = row(y) + targetX
                if let scratch, foreign.contains(sourceRow) {
                    to.update(from: scratch + (k * saved + sourceRow - foreign.lowerBound) * width, count: width)
                } else if aliasing {
                    bounce.update(from: row(sourceRow) + sourceX, count: width)
                    to.update(from: bounce, count: width)
                } else {
                    // memmove semantics: also right when source and target overlap within one row (dy == 0).
                    UnsafeMutableRawPointer(to).copyMemory(from: UnsafeRawPointer(row(sourceRow) + sourceX),
                                                           byteCount: width * 4)
                }
            }
            // Walk rows away from the direction of motion so a row is read before it is overwritten.
            if dy > 0 {
                for y in own.reversed() { move(target: y) }
            } else {
                for y in own { move(target: y) }
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
