import Foundation

/// Which way a ride goes, as a platform sign says it: the station the trains run towards, or, round a loop that
/// brings them back to where the ride boarded, clockwise or anticlockwise (with the next interchange to name).
///
/// It is found on the path actually ridden: from the alighting station the line is followed onwards, away from the
/// station before it, so a ride that took a branch keeps to that branch and a ride round a loop keeps its sense.
public struct RideHeading: Hashable, Sendable {
    public enum Rotation: String, Hashable, Sendable {
        case clockwise, anticlockwise
    }

    /// The terminus; the termini beyond a fork the ride does not choose between (trains to any of them serve
    /// it); round a loop, the next interchange after the alighting station.
    public var stationIDs: [String]
    /// Set when the line brings the train back round to the boarding station.
    public var rotation: Rotation?

    public init(stationIDs: [String], rotation: Rotation? = nil) {
        self.stationIDs = stationIDs
        self.rotation = rotation
    }

    /// The heading of a ride through `stations` (boarding first) on `line`.
    ///
    /// Where the line forks beyond the alighting station, the branch that carries on straight (within 60°, and
    /// 45° straighter than any other) is the one the trains take, as at a junction a lasso or a shuttle meets;
    /// else the one that comes back round to the boarding station, on a loop with spurs; where neither tells,
    /// every branch's terminus is named, but for branches turning back more than 120° (no train reverses there). A line that closes on a station the
    /// ride already passed (a lasso such as Tokyo's Oedo line or Beijing's Airport Express) is heading for that
    /// junction; one that closes on the boarding station (or ends at a station of the boarding station's name) is
    /// a loop.
    public static func of(ride stations: [String], on line: MetroLine, in map: MetroMap,
                          interchanges: Set<String>) -> RideHeading {
        guard stations.count >= 2, let boarding = stations.first, let alighting = stations.last else {
            return RideHeading(stationIDs: Array(stations.suffix(1)))
        }
        let neighbours = line.neighbours
        var visited = Set(stations)
        var previous = stations[stations.count - 2], current = alighting
        var onwards: [String] = []
        while true {
            let next = (neighbours[current] ?? []).filter { $0 != previous }
            let fresh = next.filter { !visited.contains($0) }
            if fresh.isEmpty {
                // pMetro draws some loops as a chain whose two ends are one station under two internal names
                // (Tokyo's Oedo line: Tochomae1 … Shinjuku, Tochomae2 … Hikarigaoka, both shown "Tochomae"):
                // reaching the boarding station's name again is coming round the loop.
                let backAtBoarding = next.isEmpty && current != boarding
                    && map.station(id: current)?.name == map.station(id: boarding)?.name
                if backAtBoarding && !encloses(stations + onwards, in: map) {
                    // Not a loop but a route out and back along one street with each direction's stops listed
                    // apart (Kolomna's trams: "Пионерская1" out, "Пионерская2" back): it heads for the far end,
                    // the last stop before the names start to repeat.
                    return RideHeading(stationIDs: [turningPoint(of: stations + onwards, in: map) ?? current])
                }
                if next.contains(boarding) || backAtBoarding {
                    // Round a loop every station lies ahead: the sense, and the next interchange to look out for
                    // (without coordinates to tell the sense, that interchange alone).
                    let via = onwards.first(where: interchanges.contains) ?? onwards.first ?? alighting
                    return RideHeading(stationIDs: [via], rotation: rotation(of: stations + onwards, in: map))
                }
                // A line closing on a station passed earlier (a lasso) runs to that junction; else this is the end.
                return RideHeading(stationIDs: [next.first ?? current])
            }
            let chosen: String
            if fresh.count == 1 {
                chosen = fresh[0]
            } else if let straight = straightest(of: fresh, at: current, from: previous, on: line, in: map) {
                chosen = straight
            } else if let round = only(fresh.filter { leadsBack(into: $0, from: current, to: boarding,
                                                                 neighbours: neighbours, visited: visited) }) {
                // A loop with spurs (Berlin's Ring, Singapore's Circle): the branch that comes back round to the
                // boarding station carries the loop on.
                chosen = round
            } else {
                // Trains do not reverse through a junction: a branch turning back on the arrival is no terminus.
                let turns = self.turns(of: fresh, at: current, from: previous, on: line, in: map)
                let onward = turns.map { turns in fresh.filter { branch in
                    (turns.first { $0.id == branch }?.degrees ?? 0) <= 120 } } ?? fresh
                var termini: [String] = []
                for branch in onward.isEmpty ? fresh : onward {
                    let end = terminus(from: current, into: branch, neighbours: neighbours, visited: visited)
                    if !termini.contains(end) { termini.append(end) }
                }
                return RideHeading(stationIDs: termini)
            }
            visited.insert(chosen)
            onwards.append(chosen)
            previous = current
            current = chosen
        }
    }

    /// The end of one branch beyond a fork: followed while it does not fork again; a second fork is named itself.
    private static func terminus(from fork: String, into first: String, neighbours: [String: [String]],
                                 visited: Set<String>) -> String {
        var visited = visited
        var previous = fork, current = first
        visited.insert(first)
        while true {
            let fresh = (neighbours[current] ?? []).filter { $0 != previous && !visited.contains($0) }
            guard fresh.count == 1 else { return current }
            visited.insert(fresh[0])
            previous = current
            current = fresh[0]
        }
    }

    private static func only(_ ids: [String]) -> String? { ids.count == 1 ? ids[0] : nil }

    /// Whether the line, entered at `branch` from `fork`, comes back to `boarding` without passing a station
    /// already visited.
    private static func leadsBack(into branch: String, from fork: String, to boarding: String,
                                  neighbours: [String: [String]], visited: Set<String>) -> Bool {
        var seen: Set<String> = [fork, branch], queue = [branch]
        while let station = queue.popLast() {
            for next in neighbours[station] ?? [] where !(station == branch && next == fork) {
                if next == boarding { return true }
                guard !visited.contains(next), seen.insert(next).inserted else { continue }
                queue.append(next)
            }
        }
        return false
    }

    /// The branch leaving `fork` closest to the direction the train arrives in, when it is clearly the straightest.
    static func straightest(of branches: [String], at fork: String, from previous: String, on line: MetroLine,
                            in map: MetroMap) -> String? {
        guard var turns = turns(of: branches, at: fork, from: previous, on: line, in: map) else { return nil }
        turns.sort { $0.degrees < $1.degrees }
        guard turns.count >= 2, turns[0].degrees <= 60, turns[1].degrees >= turns[0].degrees + 45 else { return nil }
        return turns[0].id
    }

    /// How far each branch turns from the direction the train arrives at `fork` in, in degrees; nil where a
    /// position is missing.
    static func turns(of branches: [String], at fork: String, from previous: String, on line: MetroLine,
                      in map: MetroMap) -> [(id: String, degrees: Double)]? {
        guard let here = map.station(id: fork)?.position else { return nil }
        // The directions come from the drawn track: the bend points next to the fork where the link has some.
        let behind = line.link(from: previous, to: fork)?.bendPoints.last ?? map.station(id: previous)?.position
        guard let behind else { return nil }
        let arriving = (x: here.x - behind.x, y: here.y - behind.y)
        var turns: [(id: String, degrees: Double)] = []
        for branch in branches {
            guard let ahead = line.link(from: fork, to: branch)?.bendPoints.first ?? map.station(id: branch)?.position
            else { return nil }
            let leaving = (x: ahead.x - here.x, y: ahead.y - here.y)
            let lengths = hypot(arriving.x, arriving.y) * hypot(leaving.x, leaving.y)
            guard lengths > 0 else { return nil }
            let cosine = max(-1, min(1, (arriving.x * leaving.x + arriving.y * leaving.y) / lengths))
            turns.append((branch, acos(cosine) * 180 / .pi))
        }
        return turns
    }

    /// Whether a closed walk through `cycle` encloses an area like a loop does rather than running out and back:
    /// its isoperimetric quotient 4πA/P² (1 for a circle) is above 0.05. Unknown without coordinates: assumed so.
    static func encloses(_ cycle: [String], in map: MetroMap) -> Bool {
        let points = cycle.compactMap { map.station(id: $0)?.position }
        guard points.count >= 3 else { return true }
        var area = 0.0, perimeter = 0.0
        for index in points.indices {
            let a = points[index], b = points[(index + 1) % points.count]
            area += a.x * b.y - b.x * a.y
            perimeter += hypot(b.x - a.x, b.y - a.y)
        }
        guard perimeter > 0 else { return false }
        return 4 * .pi * abs(area / 2) / (perimeter * perimeter) > 0.05
    }

    /// The station before the first whose shown name was already passed on the way: where an out-and-back route
    /// turns.
    static func turningPoint(of path: [String], in map: MetroMap) -> String? {
        var names = Set<String>()
        for (index, id) in path.enumerated() {
            let name = map.station(id: id)?.name ?? id
            if !names.insert(name).inserted { return index > 0 ? path[index - 1] : nil }
        }
        return nil
    }

    /// The sense of a closed walk through `cycle` on the scheme (y grows downward, so a positive shoelace sum
    /// turns clockwise as seen); nil when fewer than three of its stations are placed.
    static func rotation(of cycle: [String], in map: MetroMap) -> Rotation? {
        let points = cycle.compactMap { map.station(id: $0)?.position }
        guard points.count >= 3 else { return nil }
        var sum = 0.0
        for index in points.indices {
            let a = points[index], b = points[(index + 1) % points.count]
            sum += a.x * b.y - b.x * a.y
        }
        if sum == 0 { return nil }
        return sum > 0 ? .clockwise : .anticlockwise
    }
}

extension MetroLine {
    /// Each station's neighbours along the line, in drawing order, each once.
    var neighbours: [String: [String]] {
        var result: [String: [String]] = [:]
        for hop in hops where hop.from != hop.to {
            if !(result[hop.from]?.contains(hop.to) ?? false) { result[hop.from, default: []].append(hop.to) }
            if !(result[hop.to]?.contains(hop.from) ?? false) { result[hop.to, default: []].append(hop.from) }
        }
        return result
    }
}
