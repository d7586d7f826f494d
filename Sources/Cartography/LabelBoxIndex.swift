import Raster

/// Names' boxes at one scale, bucketed on a grid, answering which names a footprint meets: `makeRoom` asks this of
/// every kept box for each hub place it tries, and scanning them all made New York's label plan 3.4 s.
/// The answer is exactly a scan's: a box too large or too far out to bucket is tested against every query.
struct LabelBoxIndex {
    private let cellSize: Float = 96
    private var cells: [Int64: [(box: Rect, index: Int)]] = [:]
    /// Boxes a bucket would not cover whole (beyond `OccupancyGrid.worldLimit` or wider than its cell span).
    private var loose: [(box: Rect, index: Int)] = []
    private let all: [(box: Rect, index: Int)]
    /// How many boxes there are: what a scan would have tested (the plan's `work` counts it so).
    var count: Int { all.count }

    init(_ boxes: [(box: Rect, index: Int)]) {
        all = boxes
        for entry in boxes {
            guard let (xs, ys) = bucket(entry.box) else { loose.append(entry); continue }
            for x in xs { for y in ys { cells[OccupancyGrid.cellKey(x, y), default: []].append(entry) } }
        }
    }

    /// The cells `rect` covers whole, or nil when bucketing would clip it.
    private func bucket(_ rect: Rect) -> (ClosedRange<Int64>, ClosedRange<Int64>)? {
        guard OccupancyGrid.isPlaceable(rect) else { return nil }
        let (xs, ys) = OccupancyGrid.cellRange(rect, cellSize: cellSize)
        let span = OccupancyGrid.maximumCellSpan
        guard xs.upperBound - xs.lowerBound < span, ys.upperBound - ys.lowerBound < span else { return nil }
        return (xs, ys)
    }

    /// Adds to `found` the names whose boxes overlap one of `rects`.
    func insertNames(meeting rects: [Rect], into found: inout Set<Int>) {
        for rect in rects {
            guard let (xs, ys) = bucket(rect) else {
                for other in all where rect.overlaps(other.box) { found.insert(other.index) }
                continue
            }
            for x in xs { for y in ys {
                for other in cells[OccupancyGrid.cellKey(x, y)] ?? [] where rect.overlaps(other.box) { found.insert(other.index) }
            } }
            for other in loose where rect.overlaps(other.box) { found.insert(other.index) }
        }
    }
}
