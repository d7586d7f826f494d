/// Cuts a line's connections (an undirected graph) into the fewest unbranched runs a renderer can draw as
/// polylines: each run goes from a terminus or junction to the next terminus or junction, and a closed ring
/// with no junction becomes one run that ends where it started.
enum LineSegmentBuilder {
    /// - Parameters:
    ///   - order: station ids in the source's order; runs start from the earliest station, so a simple line
    ///     comes out in its listed direction.
    ///   - connections: pairs of station ids; duplicates and self-loops are ignored.
    static func segments(order: [String], connections: [(String, String)]) -> [[String]] {
        var neighbours: [String: [String]] = [:]
        var seen = Set<[String]>()
        for (a, b) in connections where a != b && seen.insert([a, b].sorted()).inserted {
            neighbours[a, default: []].append(b)
            neighbours[b, default: []].append(a)
        }
        var used = Set<[String]>()
        func take(_ a: String, _ b: String) -> Bool { used.insert([a, b].sorted()).inserted }
        func isUsed(_ a: String, _ b: String) -> Bool { used.contains([a, b].sorted()) }

        func walk(from start: String, via first: String) -> [String] {
            var path = [start]
            var current = first
            while true {
                path.append(current)
                guard let around = neighbours[current], around.count == 2,
                      let next = around.first(where: { !isUsed(current, $0) }) else { break }
                _ = take(current, next)
                current = next
            }
            return path
        }

        var segments: [[String]] = []
        // Runs between termini and junctions first, then whatever is left: rings without a junction.
        for passOverRings in [false, true] {
            for station in order {
                guard let around = neighbours[station] else { continue }
                if !passOverRings && around.count == 2 { continue }
                for neighbour in around where !isUsed(station, neighbour) {
                    _ = take(station, neighbour)
                    segments.append(walk(from: station, via: neighbour))
                }
            }
        }
        return segments
    }
}
