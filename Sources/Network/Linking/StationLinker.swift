import MetroMap

/// Links a scheme's stations to a timetable's stations: by normalised name first, then by the closest fuzzy
/// name, then checked by topology: two stations next to each other on a scheme line should be called at one after
/// the other (or with a station or two between, for stations the scheme does not draw) by some trip. A scheme line
/// most of whose hops fail that check is not in this timetable (a bus line of the scheme, another operator), and
/// its links are dropped.
public enum StationLinker {
    /// Fuzzy matches below this are not links.
    public static let minimumSimilarity = 0.75
    /// Stops between two neighbouring scheme stations that still count as consecutive (stations a scheme omits).
    public static let maximumSkippedStops = 3

    public struct Link: Sendable, Equatable {
        public var station: String
        public var stop: String
        public var similarity: Double

        public init(station: String, stop: String, similarity: Double) {
            self.station = station
            self.stop = stop
            self.similarity = similarity
        }
    }

    public struct Result: Sendable {
        public var links: [Link]
        /// Located lines: scheme stations without a link, timetable stations no scheme station links to, hops
        /// that failed the topology check.
        public var report: [String]
        /// Timetable stations (with trips) that some scheme station links to, of all of them.
        public var linkedTimetableStations: Int
        public var timetableStations: Int

        public var matchedShare: Double { timetableStations == 0 ? 0 : Double(linkedTimetableStations) / Double(timetableStations) }
    }

    public static func link(map: MetroMap, timetable: Timetable, pinned: [Link] = []) -> Result {
        // Timetable stations: the parents of stops trips call at, or those stops when they have no parent.
        var served = Set<Int32>()
        for stop in timetable.patternStops { served.insert(timetable.station(of: stop)) }
        let stations = served.sorted()
        let names = stations.map { StationName(timetable.stops[Int($0)].name) }
        var byKey: [String: [Int]] = [:]
        for (index, name) in names.enumerated() { byKey[name.key, default: []].append(index) }

        var links: [String: Link] = [:]
        var report: [String] = []
        for station in map.stations {
            let name = StationName(station.name)
            if let exact = byKey[name.key], exact.count == 1 {
                links[station.id] = Link(station: station.id, stop: timetable.stops[Int(stations[exact[0]])].id, similarity: 1)
                continue
            }
            var best: (Int, Double)?
            for (index, candidate) in names.enumerated() {
                let score = name.similarity(to: candidate)
                if score > (best?.1 ?? 0) { best = (index, score) }
            }
            if let (index, score) = best, score >= minimumSimilarity {
                links[station.id] = Link(station: station.id, stop: timetable.stops[Int(stations[index])].id, similarity: score)
            }
        }

        // Topology: per scheme line, the share of its hops between linked stations that some pattern calls at in
        // order within a few stops.
        let stationOfStopID = Dictionary(timetable.stops.indices.map { (timetable.stops[$0].id, timetable.station(of: Int32($0))) },
                                         uniquingKeysWith: { a, _ in a })
        var successors: [Int32: Set<Int32>] = [:]
        for pattern in timetable.patterns {
            let calls = (0..<Int(pattern.stopCount)).map { timetable.station(of: timetable.patternStops[Int(pattern.firstStop) + $0]) }
            for i in calls.indices {
                for j in (i + 1)..<min(calls.count, i + 2 + maximumSkippedStops) { successors[calls[i], default: []].insert(calls[j]) }
            }
        }
        func consecutive(_ a: String, _ b: String) -> Bool {
            guard let x = links[a].flatMap({ stationOfStopID[$0.stop] }), let y = links[b].flatMap({ stationOfStopID[$0.stop] }) else { return false }
            return x == y || successors[x]?.contains(y) == true || successors[y]?.contains(x) == true
        }
        for line in map.lines {
            let hops = line.hops.filter { links[$0.from] != nil && links[$0.to] != nil && $0.from != $0.to }
            let good = hops.filter { consecutive($0.from, $0.to) }
            if !hops.isEmpty, good.count * 2 < hops.count {
                // Not this timetable's line: drop its stations' links unless another line vouches for them.
                report.append("line \(line.id) (\(line.name)): only \(good.count) of \(hops.count) linked hops are consecutive in the timetable; its links dropped")
                for id in line.stationIDs where links[id] != nil {
                    let vouched = map.lines.contains { other in
                        other.id != line.id && other.hops.contains { ($0.from == id || $0.to == id) && consecutive($0.from, $0.to) }
                    }
                    if !vouched { links[id] = nil }
                }
                continue
            }
            for hop in hops where !consecutive(hop.from, hop.to) {
                report.append("line \(line.id) (\(line.name)): \(hop.from) → \(hop.to) linked to \(links[hop.from]!.stop) → \(links[hop.to]!.stop), not consecutive in any trip")
            }
        }
        // A fuzzy name match stands only when a neighbour on the scheme confirms it ("Castro" is not "Castro Valley",
        // a light-rail "Metro/Airport" is not BART's airport station): exact names need no witness.
        var confirmed = Set<String>()
        for line in map.lines {
            for hop in line.hops where hop.from != hop.to && consecutive(hop.from, hop.to) {
                confirmed.insert(hop.from)
                confirmed.insert(hop.to)
            }
        }
        for station in map.stations {
            guard let link = links[station.id], link.similarity < 1, !confirmed.contains(station.id) else { continue }
            // A station on no line of the scheme (an orphan of a dropped line) has no neighbour to ask: a close
            // name is all there is.
            let hasNeighbours = map.lines.contains { $0.hops.contains { ($0.from == station.id) != ($0.to == station.id) } }
            if !hasNeighbours, link.similarity >= 0.9 { continue }
            let line = map.lines(servingStation: station.id).first.map { "line \($0.id) (\($0.name)): " } ?? ""
            report.append("\(line)station \(station.id) \"\(station.name)\" is like stop \(link.stop) "
                          + "\"\(timetable.stops[Int(stationOfStopID[link.stop] ?? 0)].name)\" but no neighbour confirms it; not linked")
            links[station.id] = nil
        }
        for link in pinned where map.station(id: link.station) != nil { links[link.station] = link }

        let linkedStations = Set(links.values.compactMap { stationOfStopID[$0.stop] })
        for station in map.stations where links[station.id] == nil {
            let line = map.lines(servingStation: station.id).first.map { "line \($0.id) (\($0.name)), " } ?? ""
            report.append("\(line)station \(station.id) \"\(station.name)\": no timetable station matches")
        }
        for station in stations where !linkedStations.contains(station) {
            let stop = timetable.stops[Int(station)]
            report.append("stop \(stop.id) \"\(stop.name)\": no scheme station links to it")
        }
        return Result(links: links.values.sorted { $0.station < $1.station }, report: report,
                      linkedTimetableStations: linkedStations.count, timetableStations: stations.count)
    }
}
