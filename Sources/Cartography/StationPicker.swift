import MetroMap

/// Finds the station under a finger: the nearest placed one within reach of the tap, in screen pixels.
public struct StationPicker: Sendable {
    private let stations: [(id: String, position: SchemePoint)]

    public init(map: MetroMap) {
        stations = map.stations.compactMap { station in station.position.map { (station.id, $0) } }
    }

    /// `point`: the tap in scheme units; `reachSchemeUnits`: how far a fingertip may miss.
    public func station(near point: SchemePoint, within reachSchemeUnits: Double) -> String? {
        var best: (id: String, distance: Double)?
        for station in stations {
            let dx = station.position.x - point.x, dy = station.position.y - point.y
            let distance = (dx * dx + dy * dy).squareRoot()
            if distance <= reachSchemeUnits, distance < (best?.distance ?? .infinity) { best = (station.id, distance) }
        }
        return best?.id
    }
}
