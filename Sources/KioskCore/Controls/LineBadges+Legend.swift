import Cartography
import MetroMap
import Overlay
import Raster

/// The legend is the overlay's, the badges' short names the map's drawing's: the key joins them here, above both.
extension LineBadges {
    /// The key to the drawn lines, in the map's order: badge, name, colour.
    static func legendEntries(of map: MetroMap) -> [LineLegendElement.Entry] {
        map.lines.filter { line in line.stationIDs.contains { map.station(id: $0)?.position != nil } }.map { line in
            LineLegendElement.Entry(badge: shortName(name: line.name, id: line.id), name: line.name,
                                    color: Color(red: line.color.red, green: line.color.green, blue: line.color.blue),
                                    lineID: line.id)
        }
    }
}
