import Raster
import Testing
@testable import Cartography

/// `makeRoom` asks the bucketed boxes which names a footprint meets and takes names out of its grids between tries:
/// both must answer exactly as a scan and a rebuild would, or the label plan changes.
struct LabelBoxIndexTests {
    private func rect(_ x: Float, _ y: Float, _ width: Float, _ height: Float) -> Rect {
        Rect(minX: x, minY: y, maxX: x + width, maxY: y + height)
    }

    @Test func theIndexAnswersAsAScanDoes() {
        let boxes: [(box: Rect, index: Int)] = [
            (rect(0, 0, 50, 20), 0), (rect(90, 90, 20, 20), 1), (rect(500, 10, 40, 40), 2),
            (rect(-1e6, -10, 2e6, 20), 3),  // wider than a bucket's span: tested against every query
            (rect(Float.infinity, 0, 1, 1), 4), (rect(95, 300, 1, 1), 5),
        ]
        let index = LabelBoxIndex(boxes)
        let queries = [rect(40, 10, 60, 85), rect(520, 30, 5, 5), rect(96, 200, 200, 200), rect(-5e6, -5e6, 1e7, 1e7),
                       rect(200, 200, 1, 1), rect(110, 110, 10, 10)]
        for query in queries {
            var found = Set<Int>()
            index.insertNames(meeting: [query], into: &found)
            #expect(found == Set(boxes.filter { $0.box.overlaps(query) }.map(\.index)))
        }
        #expect(index.count == boxes.count)
    }

    @Test func removingTakesOutOneCopyAsInserted() {
        var grid = OccupancyGrid(cellSize: 96)
        let box = rect(90, 90, 20, 20)
        grid.insert([box, box])
        grid.remove(box)
        #expect(grid.overlaps(rect(100, 100, 1, 1)))
        grid.remove([box])
        #expect(!grid.overlaps(rect(100, 100, 1, 1)))
    }
}
