import MetroMap

/// Small maps built in code for the cases no shared city has (Greek, Hangul, Han names; a chosen interchange).
enum SearchMaps {
    /// One line through `names` (primary name, then localized names), stations placed in a row; `interchange`
    /// names stations that a second line also serves.
    static func line(_ names: [(String, [String: String])], interchange: Set<String> = []) -> MetroMap {
        let stations = names.enumerated().map { index, entry in
            Station(id: "s\(index)", name: entry.0, localizedNames: entry.1, position: SchemePoint(x: Double(index) * 10, y: 0))
        }
        let ids = stations.map(\.id)
        let crossing = stations.filter { interchange.contains($0.name) }.map(\.id)
        var lines = [MetroLine(id: "a", name: "A", color: RGBColor(red: 200, green: 0, blue: 0), segments: [ids])]
        if crossing.count >= 1 {
            // A second line touching each interchange from a station of its own.
            var segments: [[String]] = []
            var extra: [Station] = []
            for (index, id) in crossing.enumerated() {
                let other = Station(id: "x\(index)", name: "Extra \(index)", position: SchemePoint(x: Double(index) * 10, y: 10))
                extra.append(other)
                segments.append([other.id, id])
            }
            lines.append(MetroLine(id: "b", name: "B", color: RGBColor(red: 0, green: 0, blue: 200), segments: segments))
            return MetroMap(name: "test", bounds: SchemeRect(x: 0, y: 0, width: 1000, height: 100),
                            stations: stations + extra, lines: lines)
        }
        return MetroMap(name: "test", bounds: SchemeRect(x: 0, y: 0, width: 1000, height: 100), stations: stations, lines: lines)
    }
}
