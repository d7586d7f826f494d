import MetroMap
import Raster

/// What a tap on a station tells a passenger: its name (and its names in the other languages the map has) and the
/// lines that stop there, counting the stations it is an interchange with, and (from the timetable) whether its trains
/// can be boarded step-free.
public struct StationInfo: Equatable, Sendable {
    public struct LineStop: Equatable, Sendable {
        public var name: String
        public var color: Color
    }

    public var stationID: String
    public var name: String
    public var otherNames: [String]
    public var lines: [LineStop]
    public var position: SchemePoint
    /// Its step-free access as the timetable states it; nil without a timetable or for a station it does not link.
    public var access: StationAccessFact?

    public init?(map: MetroMap, stationID: String, language: String?) {
        guard let station = map.station(id: stationID), let position = station.position else { return nil }
        self.stationID = stationID
        self.position = position
        let shown = language.map { station.name(in: $0) } ?? station.name
        name = shown
        otherNames = ([station.name] + station.localizedNames.keys.sorted().compactMap { station.localizedNames[$0] })
            .reduce(into: [String]()) { names, other in
                if other != shown, !names.contains(other) { names.append(other) }
            }
        // Only partners the map places: a line the scheme does not draw is one the traveller cannot find on it.
        let partners = map.transfers.filter { $0.stationIDs.contains(stationID) }.flatMap(\.stationIDs)
            .filter { map.station(id: $0)?.isPlaced == true }
        var seen = Set<String>()
        lines = ([stationID] + partners).flatMap { map.lines(servingStation: $0) }.compactMap { line in
            guard seen.insert(line.id).inserted else { return nil }
            return LineStop(name: LineNaming.name(of: line, in: map, language: language),
                            color: Color(red: line.color.red, green: line.color.green, blue: line.color.blue))
        }
    }
}
