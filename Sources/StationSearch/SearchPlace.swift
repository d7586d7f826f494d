import MetroMap

/// What a traveller searches for: a station as people name it. Schemes that draw one circle per line at an
/// interchange (pMetro) have one station per line joined by transfers; those that share a name are one place, so a
/// three-line interchange takes one of the eight result rows, not three.
public struct SearchPlace: Sendable {
    /// The place's stations, the first (in map order) the one its card opens on.
    public var stationIDs: [String]
    /// Every name of every station of the place, in every language, each once.
    public var names: [String]
    /// Lines that stop at the place or at a station a transfer leads to: interchanges rank before stops of one line.
    public var lineCount: Int
    /// Each name's folded keys (own script, romanisations), parallel to `names`.
    var keys: [[[Unicode.Scalar]]]

    /// The places of `map`: placed stations grouped by primary name through transfers, in map order.
    public static func places(of map: MetroMap) -> [SearchPlace] {
        var transferNeighbours: [String: [String]] = [:]
        for transfer in map.transfers {
            for id in transfer.stationIDs {
                transferNeighbours[id, default: []].append(contentsOf: transfer.stationIDs.filter { $0 != id })
            }
        }
        var linesByStation: [String: Set<String>] = [:]
        for line in map.lines {
            for id in line.stationIDs { linesByStation[id, default: []].insert(line.id) }
        }
        var grouped: Set<String> = []
        var places: [SearchPlace] = []
        for station in map.stations where station.isPlaced && !grouped.contains(station.id) {
            // Same-named stations reached through transfers, transitively.
            var members = [station.id]
            grouped.insert(station.id)
            var index = 0
            while index < members.count {
                for other in transferNeighbours[members[index]] ?? [] where !grouped.contains(other) {
                    guard let candidate = map.station(id: other), candidate.isPlaced, candidate.name == station.name else { continue }
                    grouped.insert(other)
                    members.append(other)
                }
                index += 1
            }
            var lines: Set<String> = []
            for id in members {
                lines.formUnion(linesByStation[id] ?? [])
                for other in transferNeighbours[id] ?? [] { lines.formUnion(linesByStation[other] ?? []) }
            }
            var names: [String] = []
            for id in members {
                guard let member = map.station(id: id) else { continue }
                for name in [member.name] + member.localizedNames.keys.sorted().compactMap({ member.localizedNames[$0] })
                where !names.contains(name) && !name.isEmpty {
                    names.append(name)
                }
            }
            places.append(SearchPlace(stationIDs: members, names: names, lineCount: lines.count,
                                      keys: names.map(NameKeys.keys(of:))))
        }
        return places
    }
}
