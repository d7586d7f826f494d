import MetroMap
import Raster

/// What of the scheme's own background layer a station's name must keep off: its captions, titles and notes (text
/// shapes, from the scale at which the frame draws them) and its small marks (line bullets, legend keys, roundels).
/// Water, parks and districts are large fills a name may sit on; a bullet or a caption under a name makes both
/// unreadable, and a name on a line's bullet reads as that line's.
struct BackgroundObstacles {
    struct Obstacle {
        /// Scheme units.
        var box: SchemeRect
        /// The obstacle is drawn (and kept clear) from this scale up; 0: at every scale.
        var fromScale: Double
    }

    private(set) var obstacles: [Obstacle] = []
    private var cells: [Int64: [Int32]] = [:]
    private let cellSize: Double

    /// `widths`: the label fonts, for the captions' real extents (nil: 0.6 em a character, the importer's guess).
    init(drawing: MapDrawing, style: MapStyle, widths: TextWidthCache?, cellSize: Double = 64) {
        self.cellSize = cellSize
        // A mark is small when it fits in a few station widths: bullets and keys do, a river or a park does not.
        let small = max(style.stationRadius * 2, style.lineWidth) * 4
        var found: [Obstacle] = []
        for shape in drawing.background {
            guard let points = shape.pointBounds, [points.x, points.y, points.width, points.height].allSatisfy({ $0.isFinite }) else {
                continue
            }
            switch shape.kind {
            case .text:
                guard shape.stroke != nil, shape.size > 0, shape.size.isFinite, !shape.text.isEmpty else { continue }
                // The frame draws a caption once it is 0.6 of the smallest label size (MapSceneBuilder).
                let fromScale = style.minimumLabelPixels * 0.6 / shape.size
                let width = widths.map { Double($0.width(of: shape.text, sizePixels: Float(shape.size))) }
                    ?? shape.size * 0.6 * Double(shape.text.count)
                found.append(Obstacle(box: SchemeRect(x: points.x, y: points.y, width: width, height: shape.size * 1.2),
                                      fromScale: fromScale))
            case .ellipse, .polygon:
                guard shape.fill != nil || shape.stroke != nil, points.width <= small, points.height <= small else { continue }
                let grow = shape.stroke == nil ? 0 : shape.width / 2
                found.append(Obstacle(box: SchemeRect(x: points.x - grow, y: points.y - grow, width: points.width + 2 * grow,
                                                      height: points.height + 2 * grow), fromScale: 0))
            case .polyline, .spline:
                continue
            }
        }
        obstacles = found.filter { [$0.box.x, $0.box.y, $0.box.maxX, $0.box.maxY].allSatisfy { abs($0) < 1e7 } }
        for (index, obstacle) in obstacles.enumerated() {
            let (xs, ys) = cellRange(obstacle.box)
            for x in xs { for y in ys { cells[OccupancyGrid.cellKey(x, y), default: []].append(Int32(index)) } }
        }
    }

    private func cellRange(_ box: SchemeRect) -> (ClosedRange<Int64>, ClosedRange<Int64>) {
        func cell(_ value: Double) -> Int64 { Int64(max(min((value / cellSize).rounded(.down), 1e7), -1e7)) }
        let x0 = cell(box.x), y0 = cell(box.y)
        return (x0...max(x0, min(cell(box.maxX), x0 + 4096)), y0...max(y0, min(cell(box.maxY), y0 + 4096)))
    }

    /// Whether `rect` (world pixels at `scale`: (scheme point − `origin`) × scale) meets a background obstacle drawn
    /// at that scale.
    func hits(_ rect: Rect, scale: Double, origin: SchemePoint) -> Bool {
        guard !obstacles.isEmpty, scale > 0 else { return false }
        let box = SchemeRect(x: Double(rect.minX) / scale + origin.x, y: Double(rect.minY) / scale + origin.y,
                             width: Double(rect.maxX - rect.minX) / scale, height: Double(rect.maxY - rect.minY) / scale)
        func meets(_ index: Int) -> Bool {
            let obstacle = obstacles[index]
            guard obstacle.fromScale <= scale * (1 + 1e-9) else { return false }
            let other = obstacle.box
            return box.x < other.maxX && other.x < box.maxX && box.y < other.maxY && other.y < box.maxY
        }
        let (xs, ys) = cellRange(box)
        // At a tiny scale a label covers more cells than there are obstacles (up to 4096² lookups a label): then
        // every obstacle is tested once instead (issue 38: a 1,000,000-unit map on a 64 px screen).
        if Double(xs.count) * Double(ys.count) > Double(max(obstacles.count, 64)) {
            return obstacles.indices.contains(where: meets)
        }
        for x in xs { for y in ys {
            for index in cells[OccupancyGrid.cellKey(x, y)] ?? [] where meets(Int(index)) { return true }
        } }
        return false
    }
}
