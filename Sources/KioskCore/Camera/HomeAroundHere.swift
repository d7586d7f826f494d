import Cartography
import MetroMap
import Physics

/// `[map] home = "here"`: the view a traveller at the kiosk needs first, as a station's own map shows it: the
/// kiosk's station in the middle of the free part of the screen, at the smallest scale at which it and its nearest
/// interchanges are all named (labels keep the configured physical size, so a scale with room for them is a scale
/// at which they are drawn) while those interchanges stay in view. The whole network stays one tap away (the
/// overview inset, the home button's fitted view through `home = "fit"`).
public enum HomeAroundHere {
    /// How many of the nearest interchanges must be named at home.
    public static let interchanges = 3

    /// The nearest interchanges to `place` (other than it), each as its platforms' scheme points: stations a
    /// transfer joins or that two lines serve, grouped by name.
    public static func nearestInterchanges(to place: YouAreHerePlace, in map: MetroMap, count: Int = interchanges) -> [[SchemePoint]] {
        var lineCount: [String: Int] = [:]
        for line in map.lines {
            for id in Set(line.stationIDs) { lineCount[id, default: 0] += 1 }
        }
        var joined = Set<String>()
        for transfer in map.transfers where transfer.stationIDs.count > 1 { joined.formUnion(transfer.stationIDs) }
        var groups: [String: [SchemePoint]] = [:]
        for station in map.stations where station.name != place.name && (joined.contains(station.id) || lineCount[station.id, default: 0] > 1) {
            guard let position = station.position else { continue }
            groups[station.name, default: []].append(position)
        }
        func distance(_ points: [SchemePoint]) -> Double {
            points.map { (($0.x - place.position.x) * ($0.x - place.position.x) + ($0.y - place.position.y) * ($0.y - place.position.y)).squareRoot() }.min() ?? .infinity
        }
        return groups.values.sorted { distance($0) < distance($1) }.prefix(count).map { $0 }
    }

    /// The home camera on a screen whose `free` part no overlay occupies; `zoom` the scales the camera allows,
    /// `labelled(scale)` the scheme points of the stations named at a scale (the label planner's answer).
    public static func camera(place: YouAreHerePlace, map: MetroMap, geometry: CameraGeometry, zoom: ClosedRange<Double>,
                              free: ScreenRect, labelled: (Double) -> [SchemePoint]) -> Camera {
        let neighbours = nearestInterchanges(to: place, in: map)
        let wanted = [map.stations.filter { place.stationIDs.contains($0.id) }.compactMap(\.position)] + neighbours
        // Room around the station: the free part's nearer edges, less a margin for the names beside the neighbours.
        let margin = min(free.width, free.height) * 0.12
        let centre = ScreenPoint(x: (free.minX + free.maxX) / 2, y: (free.minY + free.maxY) / 2)
        func inView(_ scale: Double) -> Bool {
            neighbours.allSatisfy { group in
                group.contains { point in
                    let x = centre.x + (point.x - place.position.x) * scale, y = centre.y + (point.y - place.position.y) * scale
                    return x >= free.minX + margin && x <= free.maxX - margin && y >= free.minY + margin && y <= free.maxY - margin
                }
            }
        }
        func named(_ scale: Double) -> Bool {
            let points = labelled(scale)
            return wanted.allSatisfy { group in
                group.contains { point in points.contains { abs($0.x - point.x) < 1e-6 && abs($0.y - point.y) < 1e-6 } }
            }
        }
        var chosen = zoom.lowerBound
        for scale in MapAudit.ladder(zoom) {
            guard inView(scale) || scale == zoom.lowerBound else { break }
            chosen = scale
            if named(scale) { break }
        }
        var camera = Camera(offset: ScreenPoint(x: (place.position.x - geometry.contentOrigin.x) * chosen - centre.x,
                                                y: (place.position.y - geometry.contentOrigin.y) * chosen - centre.y),
                            scale: chosen)
        if let bounds = try? geometry.offsetBounds(scale: chosen) { camera.offset = bounds.clamped(camera.offset) }
        return camera
    }
}
