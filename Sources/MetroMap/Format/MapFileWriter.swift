import Foundation
import OutputFile
import TOMLDocument

/// Writes a `MetroMap` in the project's TOML map format; `MapFileLoader` reads the result back to an equal map.
public enum MapFileWriter {
    public static func text(for map: MetroMap) -> String {
        var text = ""
        write(map) { text += $0 }
        return text
    }

    /// Hands the map's text to `emit` in pieces of about 64 KB, in order: a large map's text (several times its
    /// pMetro source) never has to be held whole.
    public static func write<Failure: Error>(_ map: MetroMap, emit: (String) throws(Failure) -> Void) throws(Failure) {
        var out = "# metro-kiosk map, format described in docs/map-format.md\n"
        out += "format = \(MapFileLoader.formatVersion)\n"
        out += "name = \(TOMLText.quoted(map.name))\n"
        out += "bounds = \(numbers([map.bounds.x, map.bounds.y, map.bounds.width, map.bounds.height]))\n"
        if !map.localizedNames.isEmpty {
            out += "names = \(inlineNames(map.localizedNames))\n"
        }
        if !map.lineNamePatterns.isEmpty {
            out += "line_name_patterns = \(inlineNames(map.lineNamePatterns))\n"
        }
        if let main = map.mainScheme { out += "main_scheme = \(numbers([main.x, main.y, main.width, main.height]))\n" }
        if !map.insets.isEmpty {
            out += "insets = [" + map.insets.map { numbers([$0.x, $0.y, $0.width, $0.height]) }.joined(separator: ", ") + "]\n"
        }
        if let width = map.lineWidth { out += "line_width = \(TOMLText.number(width))\n" }
        if let diameter = map.stationDiameter { out += "station_diameter = \(TOMLText.number(diameter))\n" }

        func flush(force: Bool = false) throws(Failure) {
            if force || out.utf8.count >= 65_536 {
                try emit(out)
                out = ""
            }
        }
        for line in map.lines {
            try flush()
            out += "\n[[line]]\n"
            out += "id = \(TOMLText.quoted(line.id))\n"
            out += "name = \(TOMLText.quoted(line.name))\n"
            if !line.localizedNames.isEmpty { out += "names = \(inlineNames(line.localizedNames))\n" }
            out += "color = \(TOMLText.quoted(line.color.hexString))\n"
            if let width = line.width { out += "width = \(TOMLText.number(width))\n" }
            out += "segments = [\n"
            for segment in line.segments {
                out += "  [" + segment.map(TOMLText.quoted).joined(separator: ", ") + "],\n"
            }
            out += "]\n"
            for link in line.links {
                try flush()
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
            try flush()
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
            if station.isLabelHidden { out += "hide_label = true\n" }
        }

        for transfer in map.transfers {
            try flush()
            out += "\n[[transfer]]\n"
            out += "stations = [" + transfer.stationIDs.map(TOMLText.quoted).joined(separator: ", ") + "]\n"
            if let seconds = transfer.walkSeconds { out += "walk_seconds = \(TOMLText.number(seconds))\n" }
            if !transfer.isVisible { out += "visible = false\n" }
        }

        for shape in map.background {
            try flush()
            out += "\n[[shape]]\n"
            out += "kind = \(TOMLText.quoted(shape.kind.rawValue))\n"
            out += "points = [" + shape.points.map { numbers([$0.x, $0.y]) }.joined(separator: ", ") + "]\n"
            if shape.kind == .text {
                out += "text = \(TOMLText.quoted(shape.text))\n"
                out += "size = \(TOMLText.number(shape.size))\n"
            }
            if let fill = shape.fill { out += "fill = \(TOMLText.quoted(fill.hexString))\n" }
            if let stroke = shape.stroke { out += "stroke = \(TOMLText.quoted(stroke.hexString))\n" }
            if shape.width != 1 { out += "width = \(TOMLText.number(shape.width))\n" }
        }
        try flush(force: true)
    }

    /// Writes the map to `path` through `OutputFile`, in pieces: a regular file is replaced atomically, a device,
    /// FIFO or directory is refused, and a failed write leaves what was there.
    public static func write(_ map: MetroMap, to path: String) throws(OutputFileError) {
        try OutputFile.write(to: path) { (emit: (String) throws(OutputFileError) -> Void) throws(OutputFileError) in
            try write(map) { (piece: String) throws(OutputFileError) in try emit(piece) }
        }
    }

    private static func numbers(_ values: [Double]) -> String {
        "[" + values.map(TOMLText.number).joined(separator: ", ") + "]"
    }

    private static func inlineNames(_ names: [String: String]) -> String {
        let pairs = names.keys.sorted().map { "\(TOMLText.key($0)) = \(TOMLText.quoted(names[$0] ?? ""))" }
        return "{ " + pairs.joined(separator: ", ") + " }"
    }
}
