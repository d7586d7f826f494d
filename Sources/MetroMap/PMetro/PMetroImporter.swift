import Foundation

/// Converts a pMetro city folder (`Metro.trp` + `Metro.map`) into a `MetroMap`.
///
/// pMetro draws one circle per line at an interchange, so each (line, station name) becomes its own station,
/// with id `"<line section>/<station name>"` (`line5/Киевская`), joined to others by the `[Transfers]` entries.
public enum PMetroImporter {
    public static let transportFileName = "Metro.trp"
    public static let schemeFileName = "Metro.map"

    /// Reads the city folder at `directory`. `name` defaults to the folder's name.
    public static func importCity(directory: String, name: String? = nil) throws(PMetroImportError) -> PMetroImport {
        let trp = try readFile(named: transportFileName, in: directory)
        let scheme = try readFile(named: schemeFileName, in: directory)
        let cityName = name ?? URL(fileURLWithPath: directory).standardizedFileURL.lastPathComponent
        var result = try convert(transportText: trp.text, transportPath: trp.path, schemeText: scheme.text,
                                 schemePath: scheme.path, name: cityName)
        result.encodings = [transportFileName: trp.encoding, schemeFileName: scheme.encoding]
        return result
    }

    /// Converts already-decoded file contents; the paths only label diagnostics.
    public static func convert(transportText: String, transportPath: String, schemeText: String, schemePath: String,
                               name: String) throws(PMetroImportError) -> PMetroImport {
        let transport = PMetroTransportFile(text: transportText, path: transportPath)
        let layout = PMetroSchemeFile(text: schemeText, path: schemePath)
        var warnings = transport.warnings + layout.warnings
        guard !transport.lines.isEmpty else { throw .noLines(path: transportPath) }
        func warn(_ path: String, _ line: Int, _ message: String) {
            warnings.append(MapDiagnostic(file: path, line: line, message: message, severity: .warning))
        }

        var stations: [Station] = []
        var lines: [MetroLine] = []
        var lineIDByName: [String: String] = [:]
        var stationIDs: [String: [String: String]] = [:] // line id → station name → station id
        for source in transport.lines {
            let lineID = source.sectionName.lowercased()
            if lineIDByName[source.name] != nil {
                warn(transportPath, source.line, "a second line named \"\(source.name)\"; transfers and the scheme "
                     + "refer to the first")
            } else {
                lineIDByName[source.name] = lineID
            }
            let sourceLayout = layout.layouts[source.name]
            if sourceLayout == nil {
                warn(schemePath, 1, "line \"\(source.name)\" has no section in \(schemeFileName); its stations are "
                     + "not drawn")
            } else if let sourceLayout, sourceLayout.positions.count != source.stationNames.count {
                let placement = sourceLayout.positions.count < source.stationNames.count
                    ? "the last \(source.stationNames.count - sourceLayout.positions.count) are not drawn"
                    : "the extra ones are ignored"
                warn(schemePath, sourceLayout.positionsLine, "line \"\(source.name)\": \(sourceLayout.positions.count) "
                     + "coordinates for \(source.stationNames.count) stations; \(placement)")
            }

            var ids: [String: String] = [:]
            for (index, stationName) in source.stationNames.enumerated() {
                let id = "\(lineID)/\(stationName)"
                ids[stationName] = id
                let position = sourceLayout.flatMap { index < $0.positions.count ? $0.positions[index] : nil }
                let box = sourceLayout.flatMap { index < $0.labelBoxes.count ? $0.labelBoxes[index] : nil }
                stations.append(Station(id: id, name: stationName, position: position,
                                        labelBox: position == nil ? nil : box))
            }
            stationIDs[lineID] = ids

            let connections = source.connections.compactMap { connection -> (String, String, Double?)? in
                guard let from = ids[connection.from], let to = ids[connection.to] else { return nil }
                return (from, to, connection.seconds)
            }
            let segments = LineSegmentBuilder.segments(order: source.stationNames.compactMap { ids[$0] },
                                                       connections: connections.map { ($0.0, $0.1) })
            var links: [LineLink] = []
            for (from, to, seconds) in connections {
                if let index = links.firstIndex(where: { $0.joins(from, to) }) {
                    if links[index].travelSeconds == nil { links[index].travelSeconds = seconds }
                } else if let seconds {
                    links.append(LineLink(from: from, to: to, travelSeconds: seconds))
                }
            }
            let color = sourceLayout?.color ?? source.color ?? RGBColor(red: 0x80, green: 0x80, blue: 0x80)
            if sourceLayout?.color == nil && source.color == nil {
                warn(transportPath, source.line, "line \"\(source.name)\" has no colour; drawn grey")
            }
            if segments.isEmpty {
                warn(transportPath, source.line, "line \"\(source.name)\" connects no stations; left out")
                continue
            }
            lines.append(MetroLine(id: lineID, name: source.name, color: color, segments: segments, links: links))
        }

        // Bend points, attached to the connection they belong to.
        var bentPairs = Set<[String]>()
        for bend in layout.bends {
            guard let lineID = lineIDByName[bend.lineName], let lineIndex = lines.firstIndex(where: { $0.id == lineID }),
                  let from = stationIDs[lineID]?[bend.from], let to = stationIDs[lineID]?[bend.to] else {
                warn(schemePath, bend.line, "AdditionalNodes: no station \"\(bend.from)\" or \"\(bend.to)\" on a line "
                     + "\"\(bend.lineName)\"; skipped")
                continue
            }
            guard lines[lineIndex].hops.contains(where: { ($0.from == from && $0.to == to) || ($0.from == to && $0.to == from) }) else {
                warn(schemePath, bend.line, "AdditionalNodes: \(bend.from) and \(bend.to) are not neighbours on "
                     + "\(bend.lineName); skipped")
                continue
            }
            guard bentPairs.insert([from, to].sorted()).inserted else {
                warn(schemePath, bend.line, "AdditionalNodes: a second entry for \(bend.from) – \(bend.to) on "
                     + "\(bend.lineName); the first is used")
                continue
            }
            if let index = lines[lineIndex].links.firstIndex(where: { $0.joins(from, to) }) {
                let seconds = lines[lineIndex].links[index].travelSeconds
                lines[lineIndex].links[index] = LineLink(from: from, to: to, bendPoints: bend.points,
                                                         isSpline: bend.isSpline, travelSeconds: seconds)
            } else {
                lines[lineIndex].links.append(LineLink(from: from, to: to, bendPoints: bend.points,
                                                       isSpline: bend.isSpline))
            }
        }

        var transfers: [Transfer] = []
        for entry in transport.transfers {
            let fields = entry.fields
            guard fields.count >= 4 else {
                warn(transportPath, entry.line, "Transfers: expected line, station, line, station[, time[, invisible]]; skipped")
                continue
            }
            guard let firstLine = lineIDByName[fields[0]], let secondLine = lineIDByName[fields[2]],
                  let first = stationIDs[firstLine]?[fields[1]], let second = stationIDs[secondLine]?[fields[3]] else {
                warn(transportPath, entry.line, "Transfers: no station \"\(fields[1])\" on \"\(fields[0])\" or "
                     + "\"\(fields[3])\" on \"\(fields[2])\"; skipped")
                continue
            }
            var seconds: Double?
            if fields.count > 4 {
                switch PMetroList.minutes(fields[4]) {
                case .seconds(let value): seconds = value
                case .empty: break
                case .invalid: warn(transportPath, entry.line, "Transfers: time \"\(fields[4])\" is not minutes; ignored")
                }
            }
            var isVisible = true
            for flag in fields.dropFirst(5) where !flag.isEmpty {
                if flag.lowercased() == "invisible" {
                    isVisible = false
                } else {
                    warn(transportPath, entry.line, "Transfers: unknown flag \"\(flag)\"; ignored")
                }
            }
            transfers.append(Transfer(stationIDs: [first, second], walkSeconds: seconds, isVisible: isVisible))
        }

        var map = MetroMap(name: name, bounds: SchemeRect(x: 0, y: 0, width: 1, height: 1), stations: stations,
                           lines: lines, transfers: transfers)
        map.bounds = paddedExtent(of: map)
        return PMetroImport(map: map, warnings: warnings, encodings: [:])
    }

    /// Everything drawn (stations, labels, bend points) with a margin, so the camera can frame the scheme.
    static func paddedExtent(of map: MetroMap, margin: Double = 40) -> SchemeRect {
        var extent = map.drawnExtent
        for point in map.lines.flatMap({ $0.links.flatMap(\.bendPoints) }) {
            let dot = SchemeRect(x: point.x, y: point.y, width: 0, height: 0)
            extent = extent?.union(dot) ?? dot
        }
        guard let extent else { return SchemeRect(x: 0, y: 0, width: 1, height: 1) }
        return SchemeRect(x: extent.x - margin, y: extent.y - margin, width: extent.width + 2 * margin,
                          height: extent.height + 2 * margin)
    }

    private static func readFile(named fileName: String, in directory: String)
        throws(PMetroImportError) -> (text: String, encoding: PMetroTextEncoding, path: String) {
        // pMetro folders come from Windows, where names are case-insensitive: accept metro.trp, METRO.TRP.
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
        guard let actual = entries.first(where: { $0.lowercased() == fileName.lowercased() }) else {
            throw .missingFile(directory: directory, fileName: fileName)
        }
        let path = URL(fileURLWithPath: directory).appendingPathComponent(actual).path
        guard let data = FileManager.default.contents(atPath: path) else {
            throw .unreadable(path: path, reason: "permission denied or not a file")
        }
        let decoded = PMetroTextDecoder.decode([UInt8](data))
        return (decoded.text, decoded.encoding, path)
    }
}
