import Foundation
import OutputFile

/// Writes a `MetroMap` in the project's TOML map format; `MapFileLoader` reads the result back to an equal map.
public enum MapFileWriter {
    public static func text(for map: MetroMap) -> String {
        var out = "# metro-kiosk map, format described in docs/map-format.md\n"
        out += "format = \(MapFileLoader.formatVersion)\n"
        out += "name = \(TOMLText.quoted(map.name))\n"
        out += "bounds = \(numbers([map.bounds.x, map.bounds.y, map.bounds.width, map.bounds.height]))\n"
        if !map.localizedNames.isEmpty {
            out += "names = \(inlineNames(map.localizedNames))\n"
        }

        for line in map.lines {
            out += "\n[[line]]\n"
            out += "id = \(TOMLText.quoted(line.id))\n"
            out += "name = \(TOMLText.quoted(line.name))\n"
            if !line.localizedNames.isEmpty { out += "names = \(inlineNames(line.localizedNames))\n" }
            out += "color = \(TOMLText.quoted(line.color.hexString))\n"
            out += "segments = [\n"
            for segment in line.segments {
                out += "  [" + segment.map(TOMLText.quoted).joined(separator: ", ") + "],\n"
            }
            out += "]\n"
            for link in line.links {
                out += "\n[[line.link]]\n"
                out += "from = \(TOMLText.quoted(link.from))\n"
                out += "to = \(TOMLText.quoted(link.to))\n"
                if !link.bendPoints.isEmpty {
                    out += "via = [" + link.bendPoints.map { numbers([$0.x, $0.y]) }.joined(separator: ", ") + "]\n"
                }
                if link.isSpline { out += "spline = true\n" }
                if let seconds = link.travelSeconds { out += "travel_seconds = \(TOMLText.number(seconds))\n" }
            }
        }

        for station in map.stations {
            out += "\n[[station]]\n"
            out += "id = \(TOMLText.quoted(station.id))\n"
            out += "name = \(TOMLText.quoted(station.name))\n"
            if !station.localizedNames.isEmpty { out += "names = \(inlineNames(station.localizedNames))\n" }
            if let position = station.position {
                out += "position = \(numbers([position.x, position.y]))\n"
            } else {
                out += "off_scheme = true\n"
            }
            if let box = station.labelBox { out += "label = \(numbers([box.x, box.y, box.width, box.height]))\n" }
            if let anchor = station.labelAnchor { out += "label_anchor = \(TOMLText.quoted(anchor.rawValue))\n" }
        }

        for transfer in map.transfers {
            out += "\n[[transfer]]\n"
            out += "stations = [" + transfer.stationIDs.map(TOMLText.quoted).joined(separator: ", ") + "]\n"
            if let seconds = transfer.walkSeconds { out += "walk_seconds = \(TOMLText.number(seconds))\n" }
            if !transfer.isVisible { out += "visible = false\n" }
        }
        return out
    }

    /// Writes the map to `path` through `OutputFile`: a regular file is replaced atomically, a device, FIFO or
    /// directory is refused, and a failed write leaves what was there.
    public static func write(_ map: MetroMap, to path: String) throws(OutputFileError) {
        try OutputFile.write(text: text(for: map), to: path)
    }

    private static func numbers(_ values: [Double]) -> String {
        "[" + values.map(TOMLText.number).joined(separator: ", ") + "]"
    }

    private static func inlineNames(_ names: [String: String]) -> String {
        let pairs = names.keys.sorted().map { "\(TOMLText.key($0)) = \(TOMLText.quoted(names[$0] ?? ""))" }
        return "{ " + pairs.joined(separator: ", ") + " }"
    }
}
