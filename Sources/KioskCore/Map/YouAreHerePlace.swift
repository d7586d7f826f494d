import MetroMap

/// Where the kiosk stands, as `[map] you_are_here` names it: a place a passenger would name (a station's name, or
/// one of its platforms' ids as older configs wrote it), which on a pMetro scheme is often several same-named
/// stations, one per line, joined by transfers. A journey may start from any of them, so it never begins with a
/// change inside the kiosk's own station; the marker goes on their middle.
public struct YouAreHerePlace: Equatable, Sendable {
    /// The platforms of the place, the one the config named (or the first by name) first.
    public var stationIDs: [String]
    public var name: String
    /// Where the marker goes: the middle of the platforms drawn on the scheme.
    public var position: SchemePoint

    /// The place `naming` names in `map`: a station id (the place is that station and every same-named station
    /// reached from it by transfers), else a station's name in any of its languages, case and surrounding spaces
    /// ignored; nil when neither matches.
    public init?(naming: String, in map: MetroMap) {
        let wanted = naming.trimmingCharacters(in: .whitespaces).lowercased()
        guard !wanted.isEmpty else { return nil }
        let first = map.station(id: naming) ?? map.stations.first { station in
            station.position != nil
                && ([station.name] + station.localizedNames.values).contains { $0.trimmingCharacters(in: .whitespaces).lowercased() == wanted }
        }
        guard let first else { return nil }
        // Same-named stations joined to it through transfers, transitively (a three-line interchange).
        var members = [first.id]
        var seen: Set<String> = [first.id]
        var index = 0
        while index < members.count {
            let id = members[index]
            index += 1
            for transfer in map.transfers where transfer.stationIDs.contains(id) {
                for other in transfer.stationIDs where !seen.contains(other) {
                    guard let station = map.station(id: other), station.name == first.name else { continue }
                    seen.insert(other)
                    members.append(other)
                }
            }
        }
        stationIDs = members
        name = first.name
        let points = members.compactMap { map.station(id: $0)?.position }
        guard !points.isEmpty else { return nil }
        position = SchemePoint(x: points.map(\.x).reduce(0, +) / Double(points.count),
                               y: points.map(\.y).reduce(0, +) / Double(points.count))
    }
}
