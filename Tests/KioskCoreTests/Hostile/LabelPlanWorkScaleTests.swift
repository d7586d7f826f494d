import MetroMap
import Raster
import Testing
@testable import Cartography
@testable import KioskCore

/// The label plan's queries against the lines cost what is near the box, not the size of the map (issue 38): at a
/// small scale a label's box spans thousands of units, more grid cells than the map has strokes, and such a query
/// looked at every stroke of the map; a 20,000-stop line made each one look at 40,000. Coarser grids answer it from
/// the few strokes near the box. Counted (cells and strokes looked at), never timed.
struct LabelPlanWorkScaleTests {
    /// One line of `count` stations on the diagonal, 28 units apart on each axis, in a square map just around it.
    static func diagonal(stations count: Int) -> MetroMap {
        let step = 28.0
        let stations = (0..<count).map { (number: Int) -> Station in
            let along = 100 + Double(number) * step
            return Station(id: "s\(number)", name: "S\(number)", position: SchemePoint(x: along, y: along))
        }
        let side = 200 + Double(count) * step
        return MetroMap(name: "diagonal", bounds: SchemeRect(x: 0, y: 0, width: side, height: side), stations: stations,
                        lines: [MetroLine(id: "l", name: "L", color: RGBColor(red: 200, green: 0, blue: 0),
                                          segments: [stations.map { $0.id }])])
    }

    /// What one query looks at: a label's box at the fitted scale of the map, beside the middle of the line
    /// (north-east of it, clear of every stroke), 100 × 20 pixels.
    static func looked(stations count: Int) -> (looked: Int, strokes: Int, hit: Bool) {
        let map = diagonal(stations: count)
        let obstacles = LineObstacles(drawing: MapDrawing(map: map), style: MapStyle())
        let scale = 1024 / map.bounds.width
        let middle = map.bounds.width / 2 * scale
        let box = Rect(minX: Float(middle + 12), minY: Float(middle - 60), maxX: Float(middle + 112), maxY: Float(middle - 40))
        let before = obstacles.examined.count
        let hit = obstacles.hits(box, scale: scale, origin: SchemePoint(x: 0, y: 0), clearance: 1)
        return (obstacles.examined.count - before, obstacles.strokes.count, hit)
    }

    @Test func aLargeBoxLooksAtTheStrokesNearItNotTheWholeMap() {
        let small = Self.looked(stations: 5_000), large = Self.looked(stations: 20_000)
        #expect(!small.hit && !large.hit)
        // The box spans a tenth of the map at either size, so its neighbourhood holds a share of the strokes; but
        // far fewer than all of them, and four times the stations cost at most four times the looks.
        #expect(large.looked * 4 <= large.strokes, "\(large.looked) of \(large.strokes) strokes")
        #expect(Double(large.looked) <= 4.4 * Double(small.looked), "5,000: \(small.looked), 20,000: \(large.looked)")
    }

    /// The same box over the line itself is found at once.
    @Test func aBoxOverTheLineHits() {
        let map = Self.diagonal(stations: 20_000)
        let obstacles = LineObstacles(drawing: MapDrawing(map: map), style: MapStyle())
        let scale = 1024 / map.bounds.width, middle = Float(map.bounds.width / 2 * scale)
        #expect(obstacles.hits(Rect(minX: middle - 50, minY: middle - 10, maxX: middle + 50, maxY: middle + 10), scale: scale,
                               origin: SchemePoint(x: 0, y: 0), clearance: 1))
    }
}
