import MetroMap
import Raster
import Synchronization

/// Everything a label must keep off, in scheme units: each line's strokes (curves flattened once), the station
/// marks and the interchange bars, bucketed on a grid so testing a label looks only at the strokes near it. A
/// query is in world pixels at some scale, where a stroke is as wide as the frame draws it at that scale.
struct LineObstacles {
    enum Kind { case line, station }

    /// One straight stroke (a station mark is a stroke of no length whose width is its diameter).
    struct Stroke {
        var a: SchemePoint
        var b: SchemePoint
        /// The line's own width in scheme units; nil: the style's.
        var width: Double?
        var kind: Kind
    }

    private(set) var strokes: [Stroke] = []
    private(set) var cells: [Int64: [Int32]] = [:]
    /// Scheme units per grid cell.
    private let cellSize: Double
    /// Per grid, finest (`cells`) first, then coarser ones each cell 4 × 4 of the one below, up to one that spans the
    /// map: the box around what each cell holds (a coarse cell's, around its children's). A query over a large box (a
    /// label at a small scale spans thousands of units) starts on a grid where it spans few cells and goes down only
    /// into cells whose box may hold what it looks for, so it looks at the few strokes near it: a 20,000-stop line
    /// made each such query look at all 40,000 strokes, and a name beside a long diagonal, clear of it at every
    /// scale, looked at every stroke its box spanned at each of them (issue 38).
    private var hierarchy: [(cellSize: Double, cells: [Int64: CellBox])] = []
    /// The widest line's own width, scheme units: how far around a query the grid is searched.
    private var widest: Double = 0
    let style: MapStyle
    /// Grid cells and strokes looked at by every query so far: the work a label plan costs, which the scaling tests
    /// count instead of timing it (a query adds its total once, so counting costs one atomic add per query).
    let examined = WorkTally()
    /// Every query scans every stroke instead of the grids: the answer the grids must give, for the tests that
    /// check the grids pass nothing by.
    var scansEveryStroke = false

    init(drawing: MapDrawing, style: MapStyle, cellSize: Double = 48) {
        self.cellSize = cellSize
        self.style = style
        var strokes: [Stroke] = []
        for piece in drawing.pieces {
            let knots = piece.knots.map { Raster.Point(Float($0.x), Float($0.y)) }
            // A tenth of a scheme unit is under a pixel at every scale the camera allows (≤ 4–10 px per unit).
            let points = piece.isSmooth
                ? CurveFlattening.flatten(knots, lead: piece.lead.map { Raster.Point(Float($0.x), Float($0.y)) },
                                          trail: piece.trail.map { Raster.Point(Float($0.x), Float($0.y)) }, tolerance: 0.1)
                : knots
            for (p, q) in zip(points, points.dropFirst()) {
                strokes.append(Stroke(a: SchemePoint(x: Double(p.x), y: Double(p.y)), b: SchemePoint(x: Double(q.x), y: Double(q.y)),
                                      width: piece.width, kind: .line))
            }
        }
        // One mark per point: platforms sharing a point draw one disc, and a bar between two of them is inside it.
        // A transfer of 10,000 platforms at one point filed 20,000 strokes there, each looked at by every query
        // near the hub (issue 38).
        let marks = Set(drawing.stations.map(\.position))
        for interchange in drawing.interchanges {
            for (a, b) in interchange.pairs where a != b || !marks.contains(a) {
                strokes.append(Stroke(a: a, b: b, width: nil, kind: .station))
            }
        }
        var marked = Set<SchemePoint>()
        for station in drawing.stations where marked.insert(station.position).inserted {
            strokes.append(Stroke(a: station.position, b: station.position, width: nil, kind: .station))
        }
        self.strokes = strokes.filter { [$0.a.x, $0.a.y, $0.b.x, $0.b.y].allSatisfy { $0.isFinite && abs($0) < 1e7 } }
        widest = self.strokes.reduce(0) { max($0, $1.width ?? 0) }
        // Each stroke is filed under the cells its centre line passes through, not every cell of its bounding box: a
        // 300,000-unit diagonal covered 4096² cells (1.4 GB, over a minute; issue 38). A query widens its box by the
        // strokes' reach, so the centre line's cells are enough.
        // Each fine cell's box holds the part of each of its strokes' boxes inside the cell grown by a quarter of it
        // (a stroke is filed where its centre line passes, give or take rounding at a border): a long stroke filed in
        // many cells makes each of them only as big as its piece there.
        var level: [Int64: CellBox] = [:]
        for (index, stroke) in self.strokes.enumerated() {
            Self.forEachCell(along: stroke.a, stroke.b, cellSize: cellSize) { x, y in
                let key = OccupancyGrid.cellKey(x, y)
                cells[key, default: []].append(Int32(index))
                let grown = cellSize / 4
                var piece = CellBox(x: x, y: y,
                                    minX: max(min(stroke.a.x, stroke.b.x), Double(x) * cellSize - grown),
                                    minY: max(min(stroke.a.y, stroke.b.y), Double(y) * cellSize - grown),
                                    maxX: min(max(stroke.a.x, stroke.b.x), Double(x + 1) * cellSize + grown),
                                    maxY: min(max(stroke.a.y, stroke.b.y), Double(y + 1) * cellSize + grown))
                if stroke.kind == .line {
                    piece.lines = (piece.minX, piece.minY, piece.maxX, piece.maxY)
                } else {
                    piece.marks = (piece.minX, piece.minY, piece.maxX, piece.maxY)
                }
                level[key] = level[key].map { $0.union(piece) } ?? piece
            }
        }
        hierarchy = [(cellSize, level)]
        // Coarser grids from the finer ones: a cell's box around its 4 × 4 children's, so a query that passes a coarse
        // cell by passes by nothing one of its children holds.
        let span = self.strokes.reduce(0.0) { max($0, abs($1.a.x), abs($1.a.y), abs($1.b.x), abs($1.b.y)) }
        var size = cellSize * 4
        while size < span * 4 && size < 1e7 {
            var coarser: [Int64: CellBox] = [:]
            for child in level.values {
                let x = child.x >> 2, y = child.y >> 2, key = OccupancyGrid.cellKey(x, y)
                var box = child
                box.x = x
                box.y = y
                coarser[key] = coarser[key].map { $0.union(box) } ?? box
            }
            hierarchy.append((size, coarser))
            level = coarser
            size *= 4
        }
    }

    /// What one grid cell holds, as a box in scheme units, and which cell it is; also the box of its lines alone and
    /// of its station marks alone (empty: min above max), since a mark reaches farther than a line at most scales.
    struct CellBox {
        var x: Int64
        var y: Int64
        var minX: Double
        var minY: Double
        var maxX: Double
        var maxY: Double
        var lines: (minX: Double, minY: Double, maxX: Double, maxY: Double) = (.infinity, .infinity, -.infinity, -.infinity)
        var marks: (minX: Double, minY: Double, maxX: Double, maxY: Double) = (.infinity, .infinity, -.infinity, -.infinity)

        func union(_ other: CellBox) -> CellBox {
            var box = CellBox(x: x, y: y, minX: min(minX, other.minX), minY: min(minY, other.minY),
                              maxX: max(maxX, other.maxX), maxY: max(maxY, other.maxY))
            box.lines = (min(lines.minX, other.lines.minX), min(lines.minY, other.lines.minY),
                         max(lines.maxX, other.lines.maxX), max(lines.maxY, other.lines.maxY))
            box.marks = (min(marks.minX, other.marks.minX), min(marks.minY, other.marks.minY),
                         max(marks.maxX, other.marks.maxX), max(marks.maxY, other.marks.maxY))
            return box
        }
    }

    /// Cells a query box looks at on one grid before the next coarser one is used instead.
    private static let cellsPerQuery = 64.0

    private static func cell(_ value: Double, _ cellSize: Double) -> Int64 {
        Int64(max(min((value / cellSize).rounded(.down), 1e7), -1e7))
    }

    /// The grid cells segment a–b passes through, in order (Amanatides and Woo's traversal).
    static func forEachCell(along a: SchemePoint, _ b: SchemePoint, cellSize: Double, _ body: (Int64, Int64) -> Void) {
        var x = cell(a.x, cellSize), y = cell(a.y, cellSize)
        let endX = cell(b.x, cellSize), endY = cell(b.y, cellSize)
        let dx = b.x - a.x, dy = b.y - a.y
        let stepX: Int64 = dx > 0 ? 1 : -1, stepY: Int64 = dy > 0 ? 1 : -1
        // Parameter t (0…1 along the segment) at the next vertical and horizontal cell border, and per cell.
        func border(_ index: Int64, _ step: Int64, _ start: Double, _ delta: Double) -> Double {
            guard delta != 0 else { return .infinity }
            let edge = Double(step > 0 ? index + 1 : index) * cellSize
            return (edge - start) / delta
        }
        var nextX = border(x, stepX, a.x, dx), nextY = border(y, stepY, a.y, dy)
        let perX = dx != 0 ? cellSize / abs(dx) : .infinity, perY = dy != 0 ? cellSize / abs(dy) : .infinity
        body(x, y)
        // At most one step per cell crossed on each axis; the bound also ends a walk that rounding sent astray.
        var remaining = abs(endX - x) + abs(endY - y)
        while remaining > 0 && (x != endX || y != endY) {
            if nextX < nextY {
                x += stepX
                nextX += perX
            } else {
                y += stepY
                nextY += perY
            }
            remaining -= 1
            body(x, y)
        }
    }

    /// Calls `body` with every stroke index that may lie in the box (scheme units), until it returns true; returns
    /// whether it did. `mayHold` says of a cell's box (scheme units) whether anything in it could make `body` true
    /// (by default: it meets the query's box); the cells it rules out, and all their children, are passed by, which
    /// changes what is looked at, never the answer. A box wider than the grid is worth (a tiny scale: a
    /// 1,000,000-unit map on a 64 px screen) scans the strokes once instead of millions of empty cells.
    private func firstCandidate(minX: Double, minY: Double, maxX: Double, maxY: Double,
                                mayHold: ((CellBox) -> Bool)? = nil, _ body: (Int32) -> Bool) -> Bool {
        var looked = 0
        defer { examined.add(looked) }
        func everyStroke() -> Bool {
            for index in strokes.indices {
                looked += 1
                if body(Int32(index)) { return true }
            }
            return false
        }
        guard minX.isFinite, minY.isFinite, maxX.isFinite, maxY.isFinite, !scansEveryStroke else { return everyStroke() }
        // The finest grid on which the box spans few cells (one cell of margin: a centre line running along a cell
        // border is filed on one side of it).
        func span(_ size: Double) -> (x0: Int64, y0: Int64, x1: Int64, y1: Int64, count: Double) {
            let x0 = Self.cell(minX, size) - 1, y0 = Self.cell(minY, size) - 1
            let x1 = max(x0, Self.cell(maxX, size) + 1), y1 = max(y0, Self.cell(maxY, size) + 1)
            return (x0, y0, x1, y1, Double(x1 - x0 + 1) * Double(y1 - y0 + 1))
        }
        var top = 0, box = span(cellSize)
        while box.count > Self.cellsPerQuery && top + 1 < hierarchy.count {
            top += 1
            box = span(hierarchy[top].cellSize)
        }
        if box.count > Double(max(strokes.count, 64)) { return everyStroke() }
        // A cell's box is tested with a margin of a hundredth of the query's, so rounding never passes a stroke by.
        let slack = max(maxX - minX, maxY - minY) / 100 + 1e-9
        let holds = mayHold ?? { cell in
            cell.minX <= maxX + slack && cell.maxX >= minX - slack && cell.minY <= maxY + slack && cell.maxY >= minY - slack
        }
        func visit(_ level: Int, _ x: Int64, _ y: Int64) -> Bool {
            looked += 1
            let key = OccupancyGrid.cellKey(x, y)
            guard let cell = hierarchy[level].cells[key], holds(cell) else { return false }
            guard level > 0 else {
                for index in cells[key] ?? [] {
                    looked += 1
                    if body(index) { return true }
                }
                return false
            }
            for dx in Int64(0)..<4 { for dy in Int64(0)..<4 where visit(level - 1, x * 4 + dx, y * 4 + dy) { return true } }
            return false
        }
        guard !hierarchy.isEmpty else { return false }
        let (x0, y0, x1, y1, _) = box
        for x in x0...x1 { for y in y0...y1 where visit(top, x, y) { return true } }
        return false
    }

    /// Half the width a stroke is drawn with at `scale`, in pixels.
    func halfWidthPixels(_ stroke: Stroke, scale: Double) -> Float {
        switch stroke.kind {
        case .line:
            return stroke.width.map { Float(max($0 * scale, style.minimumLineWidthPixels)) / 2 } ?? style.lineWidthPixels(scale: scale) / 2
        case .station:
            // The outlined disc of an interchange is the widest mark.
            let radius = style.stationRadiusPixels(scale: scale)
            return stroke.a == stroke.b ? radius + max(radius * 0.3, 1.25) : radius * 0.55 + max(radius * 0.3, 1.25)
        }
    }

    /// Whether any stroke of `kind` drawn at `scale` comes within `clearance` pixels of `rect` (world pixels:
    /// (scheme point − `origin`) × scale).
    func hits(_ rect: Rect, scale: Double, origin: SchemePoint, clearance: Float, kinds: Set<Kind> = [.line, .station]) -> Bool {
        let wantsLines = kinds.contains(.line), wantsStations = kinds.contains(.station)
        let reach = Double(max(Float(max(widest, style.lineWidth) * scale), Float(style.minimumLineWidthPixels),
                               style.stationRadiusPixels(scale: scale) * 1.7 + 2) + clearance) / scale
        let s = Float(scale), ox = Float(origin.x * scale), oy = Float(origin.y * scale)
        // Widths at this scale: the style's line, the station marks (a disc with its outline, a bar between two).
        let styleLine = style.lineWidthPixels(scale: scale) / 2 + clearance
        let radius = style.stationRadiusPixels(scale: scale), outline = max(radius * 0.3, 1.25)
        let disc = radius + outline + clearance, bar = radius * 0.55 + outline + clearance
        let minimumLine = Float(style.minimumLineWidthPixels)
        // The farthest any stroke asked for reaches at this scale, in pixels: a cell whose box is farther from the
        // rectangle holds no hit (a quarter pixel of margin for rounding). At a small scale a name sits a few pixels from the
        // line beside it, thousands of units, and without this every stroke along that stretch was looked at.
        // Lines and marks apart: a mark reaches farther, and the line strokes between the two reaches were looked at.
        let lineReach = max(styleLine, max(Float(widest) * s, minimumLine) / 2 + clearance) + 0.25
        let markReach = max(disc, bar) + 0.25
        func near(_ box: (minX: Double, minY: Double, maxX: Double, maxY: Double), _ within: Float) -> Bool {
            guard box.minX <= box.maxX else { return false }
            let x0 = Float(box.minX) * s - ox, x1 = Float(box.maxX) * s - ox
            let y0 = Float(box.minY) * s - oy, y1 = Float(box.maxY) * s - oy
            let dx = max(max(rect.minX - x1, 0), x0 - rect.maxX), dy = max(max(rect.minY - y1, 0), y0 - rect.maxY)
            return dx * dx + dy * dy < within * within
        }
        func mayHold(_ cell: CellBox) -> Bool {
            (wantsLines && near(cell.lines, lineReach)) || (wantsStations && near(cell.marks, markReach))
        }
        return strokes.withUnsafeBufferPointer { strokes in
            firstCandidate(minX: Double(rect.minX) / scale + origin.x - reach, minY: Double(rect.minY) / scale + origin.y - reach,
                           maxX: Double(rect.maxX) / scale + origin.x + reach, maxY: Double(rect.maxY) / scale + origin.y + reach,
                           mayHold: mayHold) { index in
                let stroke = strokes[Int(index)]
                let limit: Float
                switch stroke.kind {
                case .line:
                    guard wantsLines else { return false }
                    limit = stroke.width.map { max(Float($0) * s, minimumLine) / 2 + clearance } ?? styleLine
                case .station:
                    guard wantsStations else { return false }
                    limit = stroke.a == stroke.b ? disc : bar
                }
                let ax = Float(stroke.a.x) * s - ox, ay = Float(stroke.a.y) * s - oy
                let bx = Float(stroke.b.x) * s - ox, by = Float(stroke.b.y) * s - oy
                // Cheap rejection: the stroke's box grown by its reach misses the rectangle.
                if min(ax, bx) - limit >= rect.maxX || max(ax, bx) + limit <= rect.minX
                    || min(ay, by) - limit >= rect.maxY || max(ay, by) + limit <= rect.minY { return false }
                return Self.distance(from: Raster.Point(ax, ay), to: Raster.Point(bx, by), rect: rect) < limit
            }
        }
    }

    /// Whether some station other than `own` (scheme points) is nearer to `rect` than the nearest of `own`: a label
    /// there would read as that station's name.
    func isNearerToAnotherStation(_ rect: Rect, scale: Double, origin: SchemePoint, own: [SchemePoint]) -> Bool {
        let s = Float(scale), ox = Float(origin.x * scale), oy = Float(origin.y * scale)
        func distance(_ p: SchemePoint) -> Float {
            let x = Float(p.x) * s - ox, y = Float(p.y) * s - oy
            let dx = max(max(rect.minX - x, 0), x - rect.maxX), dy = max(max(rect.minY - y, 0), y - rect.maxY)
            return (dx * dx + dy * dy).squareRoot()
        }
        let mine = own.map(distance).min() ?? 0
        let reach = Double(mine) / scale + 1
        // A cell whose box is no nearer the label than its own station (less the half pixel a nearer one must beat
        // it by, and a quarter pixel for rounding) holds no station nearer: beside a long line at a small scale
        // thousands of stations lie within a pixel of the label's own, and none of them need be looked at.
        func mayHold(_ cell: CellBox) -> Bool {
            guard cell.marks.minX <= cell.marks.maxX else { return false }
            let x0 = Float(cell.marks.minX) * s - ox, x1 = Float(cell.marks.maxX) * s - ox
            let y0 = Float(cell.marks.minY) * s - oy, y1 = Float(cell.marks.maxY) * s - oy
            let dx = max(max(rect.minX - x1, 0), x0 - rect.maxX), dy = max(max(rect.minY - y1, 0), y0 - rect.maxY)
            return (dx * dx + dy * dy).squareRoot() < mine - 0.25
        }
        return firstCandidate(minX: Double(rect.minX) / scale + origin.x - reach, minY: Double(rect.minY) / scale + origin.y - reach,
                              maxX: Double(rect.maxX) / scale + origin.x + reach, maxY: Double(rect.maxY) / scale + origin.y + reach,
                              mayHold: mayHold) { index in
            let stroke = strokes[Int(index)]
            guard stroke.kind == .station, stroke.a == stroke.b, !own.contains(stroke.a) else { return false }
            return distance(stroke.a) + 0.5 < mine
        }
    }

    /// Whether a leader from `leader.from` to `leader.to` (world pixels) passes over a station mark other than `own`:
    /// it would point at the wrong station.
    func leaderMeetsAnotherStation(_ leader: (from: Raster.Point, to: Raster.Point), scale: Double, origin: SchemePoint,
                                   own: [SchemePoint]) -> Bool {
        let s = Float(scale), ox = Float(origin.x * scale), oy = Float(origin.y * scale)
        let radius = style.stationRadiusPixels(scale: scale), limit = radius + max(radius * 0.3, 1.25)
        let a = leader.from, b = leader.to
        let reach = Double(limit) / scale
        return firstCandidate(minX: Double(min(a.x, b.x)) / scale + origin.x - reach, minY: Double(min(a.y, b.y)) / scale + origin.y - reach,
                              maxX: Double(max(a.x, b.x)) / scale + origin.x + reach, maxY: Double(max(a.y, b.y)) / scale + origin.y + reach) { index in
            let stroke = strokes[Int(index)]
            guard stroke.kind == .station, stroke.a == stroke.b, !own.contains(stroke.a) else { return false }
            let p = Raster.Point(Float(stroke.a.x) * s - ox, Float(stroke.a.y) * s - oy)
            let mark = Rect(minX: p.x, minY: p.y, maxX: p.x, maxY: p.y)
            return Self.distance(from: a, to: b, rect: mark) < limit
        }
    }

    /// Whether a leader (world pixels) crosses a line's stroke as drawn at `scale`.
    func leaderCrossesLine(_ leader: (from: Raster.Point, to: Raster.Point), scale: Double, origin: SchemePoint) -> Bool {
        let s = Float(scale), ox = Float(origin.x * scale), oy = Float(origin.y * scale)
        let a = leader.from, b = leader.to
        let styleLine = style.lineWidthPixels(scale: scale) / 2, minimumLine = Float(style.minimumLineWidthPixels)
        let reach = max(widest * scale, Double(styleLine * 2), Double(minimumLine)) / scale
        return firstCandidate(minX: Double(min(a.x, b.x)) / scale + origin.x - reach, minY: Double(min(a.y, b.y)) / scale + origin.y - reach,
                              maxX: Double(max(a.x, b.x)) / scale + origin.x + reach, maxY: Double(max(a.y, b.y)) / scale + origin.y + reach) { index in
            let stroke = strokes[Int(index)]
            guard stroke.kind == .line else { return false }
            let limit = stroke.width.map { max(Float($0) * s, minimumLine) / 2 } ?? styleLine
            let p = Raster.Point(Float(stroke.a.x) * s - ox, Float(stroke.a.y) * s - oy)
            let q = Raster.Point(Float(stroke.b.x) * s - ox, Float(stroke.b.y) * s - oy)
            return Self.distance(from: a, to: b, segment: p, q) < limit
        }
    }

    /// The distance between segments a–b and p–q (0 when they cross).
    static func distance(from a: Raster.Point, to b: Raster.Point, segment p: Raster.Point, _ q: Raster.Point) -> Float {
        func side(_ o: Raster.Point, _ u: Raster.Point, _ v: Raster.Point) -> Float { (u.x - o.x) * (v.y - o.y) - (u.y - o.y) * (v.x - o.x) }
        if side(a, b, p) * side(a, b, q) < 0 && side(p, q, a) * side(p, q, b) < 0 { return 0 }
        func toSegment(_ x: Raster.Point, _ u: Raster.Point, _ v: Raster.Point) -> Float {
            let vx = v.x - u.x, vy = v.y - u.y, lengthSquared = vx * vx + vy * vy
            let t = lengthSquared > 0 ? min(max(((x.x - u.x) * vx + (x.y - u.y) * vy) / lengthSquared, 0), 1) : 0
            let dx = u.x + t * vx - x.x, dy = u.y + t * vy - x.y
            return (dx * dx + dy * dy).squareRoot()
        }
        return min(min(toSegment(a, p, q), toSegment(b, p, q)), min(toSegment(p, a, b), toSegment(q, a, b)))
    }

    /// The distance between segment a–b and a rectangle (0 when they meet).
    static func distance(from a: Raster.Point, to b: Raster.Point, rect: Rect) -> Float {
        if segmentMeetsRect(a, b, rect) { return 0 }
        func pointToRect(_ p: Raster.Point) -> Float {
            let dx = max(max(rect.minX - p.x, 0), p.x - rect.maxX), dy = max(max(rect.minY - p.y, 0), p.y - rect.maxY)
            return (dx * dx + dy * dy).squareRoot()
        }
        func pointToSegment(_ p: Raster.Point) -> Float {
            let vx = b.x - a.x, vy = b.y - a.y, lengthSquared = vx * vx + vy * vy
            let t = lengthSquared > 0 ? min(max(((p.x - a.x) * vx + (p.y - a.y) * vy) / lengthSquared, 0), 1) : 0
            let dx = a.x + t * vx - p.x, dy = a.y + t * vy - p.y
            return (dx * dx + dy * dy).squareRoot()
        }
        let ends = min(pointToRect(a), pointToRect(b))
        let top = min(pointToSegment(Raster.Point(rect.minX, rect.minY)), pointToSegment(Raster.Point(rect.maxX, rect.minY)))
        let bottom = min(pointToSegment(Raster.Point(rect.minX, rect.maxY)), pointToSegment(Raster.Point(rect.maxX, rect.maxY)))
        return min(ends, min(top, bottom))
    }

    /// Liang–Barsky clipping: whether any part of the segment lies in the rectangle.
    static func segmentMeetsRect(_ a: Raster.Point, _ b: Raster.Point, _ rect: Rect) -> Bool {
        var t0: Float = 0, t1: Float = 1
        let dx = b.x - a.x, dy = b.y - a.y
        @inline(__always) func clip(_ p: Float, _ q: Float) -> Bool {
            if p == 0 { return q >= 0 }
            let r = q / p
            if p < 0 {
                if r > t1 { return false }
                t0 = max(t0, r)
            } else {
                if r < t0 { return false }
                t1 = min(t1, r)
            }
            return true
        }
        return clip(-dx, a.x - rect.minX) && clip(dx, rect.maxX - a.x) && clip(-dy, a.y - rect.minY) && clip(dy, rect.maxY - a.y)
    }
}

/// A count shared by the copies of a value and safe to add to from any thread.
final class WorkTally: Sendable {
    private let total = Atomic<Int>(0)

    var count: Int { total.load(ordering: .relaxed) }

    func add(_ amount: Int) {
        if amount != 0 { total.wrappingAdd(amount, ordering: .relaxed) }
    }
}
