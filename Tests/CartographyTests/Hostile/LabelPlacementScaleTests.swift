import MetroMap
import Raster
import Testing
@testable import Cartography

/// Label placement cost inside the documented bounds (issue 38): the line grid filed each stroke under every cell of
/// its bounding box (a 300,000-unit diagonal: 4096² cells, 1.4 GB, 70 s), and a query at a tiny scale walked millions
/// of empty cells (bounds of 1,000,000 on a 64 × 40 screen: 115 s). The time limits turn a return of either into a
/// failure instead of a stalled suite; the cell count is the work itself.
struct LabelPlacementScaleTests {
    let font = try! Font.loadDefault()

    static func twoStations(bounds: Double, from a: SchemePoint, to b: SchemePoint) -> MetroMap {
        MetroMap(name: "far", bounds: SchemeRect(x: 0, y: 0, width: bounds, height: bounds),
                 stations: [Station(id: "a", name: "Alpha", position: a), Station(id: "b", name: "Beta", position: b)],
                 lines: [MetroLine(id: "l", name: "L", color: RGBColor(red: 200, green: 0, blue: 0), segments: [["a", "b"]])])
    }

    @Test func aLongDiagonalIsFiledAlongItsLengthNotItsBox() {
        let map = Self.twoStations(bounds: 300_000, from: SchemePoint(x: 0, y: 0), to: SchemePoint(x: 300_000, y: 300_000))
        let obstacles = LineObstacles(drawing: MapDrawing(map: map), style: MapStyle())
        // About two cells per 48-unit step of a diagonal: linear in its length, where its box is 6,250² cells.
        #expect(obstacles.cells.count <= 2 * 300_000 / 48 + 8, "\(obstacles.cells.count) cells")
        // Still found where it runs, and only there: the middle of the diagonal, and a point beside it.
        let middle = Rect(minX: 149_990, minY: 149_990, maxX: 150_010, maxY: 150_010)
        let beside = Rect(minX: 150_990, minY: 149_000, maxX: 151_010, maxY: 149_020)
        #expect(obstacles.hits(middle, scale: 1, origin: SchemePoint(x: 0, y: 0), clearance: 1, kinds: [.line]))
        #expect(!obstacles.hits(beside, scale: 1, origin: SchemePoint(x: 0, y: 0), clearance: 1, kinds: [.line]))
    }

    /// Every cell a segment passes through is visited once, in order, with no gap between neighbours.
    @Test(arguments: [(SchemePoint(x: 1, y: 1), SchemePoint(x: 500, y: 130)), (SchemePoint(x: 470, y: 9), SchemePoint(x: -33, y: 400)),
                      (SchemePoint(x: 96, y: 0), SchemePoint(x: 96, y: 480)), (SchemePoint(x: 5, y: 5), SchemePoint(x: 5, y: 5))])
    func theTraversalWalksConnectedCells(from a: SchemePoint, to b: SchemePoint) {
        var visited: [(Int64, Int64)] = []
        LineObstacles.forEachCell(along: a, b, cellSize: 48) { visited.append(($0, $1)) }
        #expect(visited.first! == (Int64((a.x / 48).rounded(.down)), Int64((a.y / 48).rounded(.down))))
        #expect(visited.last! == (Int64((b.x / 48).rounded(.down)), Int64((b.y / 48).rounded(.down))))
        for (p, q) in zip(visited, visited.dropFirst()) { #expect(abs(p.0 - q.0) + abs(p.1 - q.1) == 1) }
        // Each cell sampled along the segment is among those visited.
        for step in 0...1000 {
            let t = Double(step) / 1000
            let x = Int64(((a.x + t * (b.x - a.x)) / 48).rounded(.down)), y = Int64(((a.y + t * (b.y - a.y)) / 48).rounded(.down))
            #expect(visited.contains { $0 == (x, y) }, "cell \(x),\(y) at t = \(t)")
        }
    }

    @Test(.timeLimit(.minutes(10)), arguments: [(300_000.0, 800, 600, 1.0), (1_000_000.0, 64, 40, 4.0)])
    func hugeBoundsAreLabelledInBoundedWork(bounds: Double, width: Int, height: Int, zoom: Double) {
        let far = bounds == 300_000 ? SchemePoint(x: bounds, y: bounds) : SchemePoint(x: 20, y: 20)
        let map = Self.twoStations(bounds: bounds, from: SchemePoint(x: bounds == 300_000 ? 0 : 10, y: bounds == 300_000 ? 0 : 10), to: far)
        let renderer = MapFrameRenderer(width: width, height: height,
                                        builder: MapSceneBuilder(drawing: MapDrawing(map: map), font: font))
        let fitted = min(Double(width), Double(height)) / bounds
        renderer.render(MapFrameRenderer.View(offsetX: 0, offsetY: 0, scale: fitted * zoom), scaleSettled: true)
        // Drawn: the frame is not left blank (the diagonal crosses it; the tiny map is a dot at its corner).
        let background = renderer.buffer.row(height - 1)[width - 1]
        #expect((0..<height).contains { y in (0..<width).contains { renderer.buffer.row(y)[$0] != background } })
    }
}
