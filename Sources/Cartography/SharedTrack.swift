import MetroMap
import Raster

/// Lines that run between the same two stations along the same path (New York's trunks, pMetro's copies of one
/// corridor per line) are drawn side by side, as official diagrams do, instead of on top of each other: each
/// line of the bundle is moved sideways about the shared path, a quarter width apart so lines of one colour still
/// read as several, and each end of the bundle gets one station marker across it.
enum SharedTrack {
    struct Result {
        var pieces: [MapDrawing.LinePiece]
        /// One marker across each bundle end: its outermost offset points.
        var markers: [(SchemePoint, SchemePoint)]
        /// Where bundles end (the shared stations), drawn as the marker rather than as line-coloured dots.
        var ends: [SchemePoint]
    }

    /// `lineIndex[i]`: which line piece `i` belongs to (map order sets the order across the bundle).
    static func sideBySide(_ pieces: [MapDrawing.LinePiece], lineIndex: [Int], defaultWidth: Double) -> Result {
        // pMetro gives each line its own copy of a shared station, a little apart: ends within most of a line width
        // are one place. Places are found on a grid of that size, looking at the neighbouring cells.
        let tolerance = defaultWidth * 0.75
        var places: [SchemePoint] = []
        var cells: [[Int64]: [Int]] = [:]
        func place(_ p: SchemePoint) -> Int {
            let cx = Int64((p.x / tolerance).rounded(.down)), cy = Int64((p.y / tolerance).rounded(.down))
            for dx in -1...1 { for dy in -1...1 {
                for index in cells[[cx + Int64(dx), cy + Int64(dy)]] ?? []
                where abs(places[index].x - p.x) <= tolerance && abs(places[index].y - p.y) <= tolerance { return index }
            } }
            places.append(p)
            cells[[cx, cy], default: []].append(places.count - 1)
            return places.count - 1
        }
        func near(_ a: SchemePoint, _ b: SchemePoint) -> Bool { abs(a.x - b.x) <= tolerance && abs(a.y - b.y) <= tolerance }
        // Pieces between the same two places along the same bends, either way round.
        var groups: [[Int]: [Int]] = [:]
        var order: [[Int]] = []
        for (index, piece) in pieces.enumerated() where piece.knots.count >= 2 && piece.knots.allSatisfy({ $0.x.isFinite && $0.y.isFinite }) {
            let a = place(piece.knots[0]), b = place(piece.knots[piece.knots.count - 1])
            guard a != b else { continue }
            let key = [min(a, b), max(a, b), piece.knots.count]
            if groups[key] == nil { order.append(key) }
            groups[key, default: []].append(index)
        }
        func samePath(_ p: [SchemePoint], _ q: [SchemePoint]) -> Bool {
            zip(p, q).allSatisfy { near($0, $1) } || zip(p, q.reversed()).allSatisfy { near($0, $1) }
        }
        var result = pieces
        var markers: [(SchemePoint, SchemePoint)] = []
        var ends: [SchemePoint] = []
        for path in order {
            guard let candidates = groups[path], candidates.count >= 2 else { continue }
            let first = candidates.min { lineIndex[$0] < lineIndex[$1] }!
            let members = candidates.filter { samePath(pieces[$0].knots, pieces[first].knots) }
            guard members.count >= 2 else { continue }
            // One stroke per line, in map order (so neighbouring hops of a trunk keep the same order across it).
            var lines: [Int] = []
            for member in members.sorted(by: { lineIndex[$0] < lineIndex[$1] }) where !lines.contains(lineIndex[member]) {
                lines.append(lineIndex[member])
            }
            guard lines.count >= 2 else { continue }
            let reference = members.min { lineIndex[$0] < lineIndex[$1] }!
            let knots = pieces[reference].knots
            // A quarter width of background between neighbours keeps lines of one colour (New York's trunks) apart.
            let width = (members.map { pieces[$0].width ?? defaultWidth }.max() ?? defaultWidth) * 1.25
            let normals = SharedTrack.normals(knots)
            for member in members {
                let slot = Double(lines.firstIndex(of: lineIndex[member])!) - Double(lines.count - 1) / 2
                let sameWay = near(pieces[member].knots[0], knots[0])
                var piece = pieces[member]
                var moved = zip(knots, normals).map { SchemePoint(x: $0.x + $1.x * slot * width, y: $0.y + $1.y * slot * width) }
                if !sameWay { moved.reverse() }
                let shiftStart = sameWay ? normals[0] : normals[normals.count - 1]
                let shiftEnd = sameWay ? normals[normals.count - 1] : normals[0]
                piece.lead = piece.lead.map { SchemePoint(x: $0.x + shiftStart.x * slot * width, y: $0.y + shiftStart.y * slot * width) }
                piece.trail = piece.trail.map { SchemePoint(x: $0.x + shiftEnd.x * slot * width, y: $0.y + shiftEnd.y * slot * width) }
                piece.knots = moved
                var extent = moved
                if let lead = piece.lead { extent.append(lead) }
                if let trail = piece.trail { extent.append(trail) }
                piece.bounds = MapDrawing.bounds(of: extent)
                result[member] = piece
            }
            let outer = Double(lines.count - 1) / 2 * width
            for (end, normal) in [(knots[0], normals[0]), (knots[knots.count - 1], normals[normals.count - 1])] {
                markers.append((SchemePoint(x: end.x - normal.x * outer, y: end.y - normal.y * outer),
                                SchemePoint(x: end.x + normal.x * outer, y: end.y + normal.y * outer)))
                ends.append(end)
            }
        }
        return Result(pieces: result, markers: markers, ends: ends)
    }

    /// Unit normals at each knot (left of the direction of travel); at a bend the mitre of its two runs, lengthened
    /// so parallel strokes stay a line width apart through it (capped for sharp turns).
    static func normals(_ knots: [SchemePoint]) -> [SchemePoint] {
        func normal(_ a: SchemePoint, _ b: SchemePoint) -> SchemePoint {
            let dx = b.x - a.x, dy = b.y - a.y, length = (dx * dx + dy * dy).squareRoot()
            return length > 0 ? SchemePoint(x: dy / length, y: -dx / length) : SchemePoint(x: 0, y: 0)
        }
        var result: [SchemePoint] = []
        for index in knots.indices {
            let before = index > 0 ? normal(knots[index - 1], knots[index]) : nil
            let after = index + 1 < knots.count ? normal(knots[index], knots[index + 1]) : nil
            switch (before, after) {
            case let (b?, a?):
                let sx = b.x + a.x, sy = b.y + a.y, length = (sx * sx + sy * sy).squareRoot()
                guard length > 1e-9 else { result.append(a); continue }
                let mx = sx / length, my = sy / length
                let cosine = max(mx * a.x + my * a.y, 0.5)
                result.append(SchemePoint(x: mx / cosine, y: my / cosine))
            case let (b?, nil): result.append(b)
            case let (nil, a?): result.append(a)
            default: result.append(SchemePoint(x: 0, y: 0))
            }
        }
        return result
    }
}
