import TOMLDocument

/// Turns a parsed map document into a `MetroMap`, checking every key, type, reference and id on the way.
/// Returns nil when anything was wrong; the reader then holds the diagnostics.
enum MapDocumentValidator {
    static func map(from root: TOMLTable, reader: inout TOMLDocumentReader) -> MetroMap? {
        reader.rejectUnknownKeys(in: root, allowed: ["format", "name", "names", "bounds", "station", "line", "transfer",
                                                       "line_width", "station_diameter", "shape", "line_name_patterns",
                                                       "main_scheme", "insets"],
                                 path: "", subject: "map")
        if let value = root["format"], value.int != MapFileLoader.formatVersion {
            reader.error("map: 'format' must be \(MapFileLoader.formatVersion), found \(TOMLDocumentReader.describe(value))",
                         at: "format")
        }
        let name = reader.string(root, "name", path: "", subject: "map", required: true)
        let localizedNames = reader.localizedNames(root, path: "", subject: "map")
        var bounds: SchemeRect?
        if let numbers = reader.numbers(root, "bounds", count: 4, meaning: "[x, y, width, height]", path: "",
                                        subject: "map") {
            if !(numbers[2] > 0 && numbers[3] > 0) {
                reader.error("map: 'bounds' must have a positive width and height", at: "bounds")
            } else if !SchemeLimits.contains(numbers) {
                reader.error("map: 'bounds' " + SchemeLimits.outOfRange, at: "bounds")
            } else {
                bounds = SchemeRect(x: numbers[0], y: numbers[1], width: numbers[2], height: numbers[3])
            }
        } else if root["bounds"] == nil {
            reader.error("map: missing 'bounds' ([x, y, width, height] in scheme units)", at: "")
        }

        let lineNamePatterns = self.lineNamePatterns(root, reader: &reader)
        // Where the main scheme is when extra schemes sit beside it (the home view frames it).
        var mainScheme: SchemeRect?
        if let numbers = reader.numbers(root, "main_scheme", count: 4, meaning: "[x, y, width, height]", path: "", subject: "map") {
            if !(numbers[2] > 0 && numbers[3] > 0) || !SchemeLimits.contains(numbers) {
                reader.error("map: 'main_scheme' must have a positive width and height within the limits", at: "main_scheme")
            } else {
                mainScheme = SchemeRect(x: numbers[0], y: numbers[1], width: numbers[2], height: numbers[3])
            }
        }

        // The extra schemes' frames beside it, which their names stay inside.
        var insets: [SchemeRect] = []
        if let value = root["insets"] {
            if let array = value.array {
                for index in array.indices {
                    guard let numbers = TOMLDocumentReader.numbers(array[index], count: 4),
                          numbers[2] > 0, numbers[3] > 0, SchemeLimits.contains(numbers) else {
                        reader.error("map: insets[\(index)] must be [x, y, width, height] with a positive width and height "
                                     + "within the limits", at: "insets")
                        continue
                    }
                    insets.append(SchemeRect(x: numbers[0], y: numbers[1], width: numbers[2], height: numbers[3]))
                }
            } else {
                reader.error("map: 'insets' must be an array of [x, y, width, height], found \(TOMLDocumentReader.describe(value))",
                             at: "insets")
            }
        }

        let lineWidth = reader.number(root, "line_width", path: "", subject: "map", minimum: 0,
                                      maximum: SchemeLimits.maximumSize)
        let stationDiameter = reader.number(root, "station_diameter", path: "", subject: "map", minimum: 0,
                                            maximum: SchemeLimits.maximumSize)

        var stationPaths: [String: String] = [:]
        var stations: [Station] = []
        for (index, element) in reader.tables(root, "station").enumerated() {
            let path = element.path
            guard let station = self.station(element.table, path: path, number: index + 1, bounds: bounds,
                                             reader: &reader) else { continue }
            if let first = stationPaths[station.id] {
                let line = reader.locator.bestPosition(for: first).line
                reader.error("station \"\(TOMLText.excerpt(station.id))\": duplicate id (first defined on line \(line))",
                             at: path + ".id")
            } else {
                stationPaths[station.id] = path
            }
            stations.append(station)
        }
        if root["station"] == nil { reader.error("map: no [[station]] entries", at: "") }
        let known = Set(stationPaths.keys)

        var lineIDs: [String: String] = [:]
        var lines: [MetroLine] = []
        for (index, element) in reader.tables(root, "line").enumerated() {
            let path = element.path
            guard let line = self.line(element.table, path: path, number: index + 1, knownStations: known,
                                       reader: &reader) else { continue }
            if let first = lineIDs[line.id] {
                let firstLine = reader.locator.bestPosition(for: first).line
                reader.error("line \"\(TOMLText.excerpt(line.id))\": duplicate id (first defined on line \(firstLine))", at: path + ".id")
            } else {
                lineIDs[line.id] = path
            }
            lines.append(line)
        }
        if root["line"] == nil { reader.error("map: no [[line]] entries", at: "") }

        var transfers: [Transfer] = []
        for (index, element) in reader.tables(root, "transfer").enumerated() {
            if let transfer = self.transfer(element.table, path: element.path, number: index + 1, knownStations: known,
                                            reader: &reader) {
                transfers.append(transfer)
            }
        }

        var background: [BackgroundShape] = []
        for (index, element) in reader.tables(root, "shape").enumerated() {
            if let shape = BackgroundShapeReader.shape(element.table, path: element.path, number: index + 1,
                                                      reader: &reader) {
                background.append(shape)
            }
        }

        guard reader.diagnostics.isEmpty, let name, let bounds else { return nil }
        var map = MetroMap(name: name, localizedNames: localizedNames, bounds: bounds, stations: stations, lines: lines,
                           transfers: transfers, lineWidth: lineWidth, stationDiameter: stationDiameter,
                           background: background, lineNamePatterns: lineNamePatterns)
        map.mainScheme = mainScheme
        map.insets = insets
        return map
    }

    /// `line_name_patterns = { en = "Line {n}", zh-Hans = "{n}号线" }`: each a string with one `{n}`.
    private static func lineNamePatterns(_ root: TOMLTable, reader: inout TOMLDocumentReader) -> [String: String] {
        guard let value = root["line_name_patterns"] else { return [:] }
        guard let table = value.table else {
            reader.error("map: 'line_name_patterns' must be a table of language = \"pattern with {n}\", found \(value.type)",
                         at: "line_name_patterns")
            return [:]
        }
        var result: [String: String] = [:]
        for key in table.keys {
            let path = "line_name_patterns." + key
            guard let pattern = table[key]?.string else {
                reader.error("map: line_name_patterns.\(TOMLText.excerpt(key)) must be a string", at: path)
                continue
            }
            if let problem = LineNamePattern.problem(in: pattern) {
                reader.error("map: line_name_patterns.\(TOMLText.excerpt(key)) \"\(TOMLText.excerpt(pattern))\" \(problem)",
                             at: path)
                continue
            }
            result[key] = pattern
        }
        return result
    }

    private static func station(_ table: TOMLTable, path: String, number: Int, bounds: SchemeRect?,
                                reader: inout TOMLDocumentReader) -> Station? {
        let rawID = table["id"]?.string
        let subject = rawID.map { "station \"\(TOMLText.excerpt($0))\"" } ?? "station \(number)"
        reader.rejectUnknownKeys(in: table, allowed: ["id", "name", "names", "position", "off_scheme", "label",
                                                      "label_anchor", "hide_label"], path: path, subject: subject)
        let id = reader.string(table, "id", path: path, subject: subject, required: true)
        if id?.isEmpty == true { reader.error("\(subject): 'id' must not be empty", at: path + ".id") }
        let name = reader.string(table, "name", path: path, subject: subject, required: true)
        let localizedNames = reader.localizedNames(table, path: path, subject: subject)
        let offScheme = reader.bool(table, "off_scheme", path: path, subject: subject) ?? false
        var position: SchemePoint?
        if let xy = reader.numbers(table, "position", count: 2, meaning: "[x, y]", path: path, subject: subject) {
            if SchemeLimits.contains(xy) {
                position = SchemePoint(x: xy[0], y: xy[1])
            } else {
                reader.error("\(subject): position " + SchemeLimits.outOfRange, at: path + ".position")
            }
            if offScheme {
                reader.error("\(subject): has both 'position' and off_scheme = true", at: path + ".off_scheme")
            }
            if let bounds, let point = position, !bounds.contains(point) {
                reader.error("\(subject): position [\(TOMLText.number(point.x)), \(TOMLText.number(point.y))] "
                             + "lies outside the map's bounds", at: path + ".position")
            }
        } else if table["position"] == nil && !offScheme {
            reader.error("\(subject): missing position (give position = [x, y], or off_scheme = true for a station "
                         + "that is not drawn)", at: path)
        }
        var labelBox: SchemeRect?
        if let box = reader.numbers(table, "label", count: 4, meaning: "[x, y, width, height]", path: path,
                                    subject: subject) {
            if !(box[2] >= 0 && box[3] >= 0) {
                reader.error("\(subject): 'label' width and height must not be negative", at: path + ".label")
            } else if !SchemeLimits.contains(box) {
                reader.error("\(subject): 'label' " + SchemeLimits.outOfRange, at: path + ".label")
            } else {
                labelBox = SchemeRect(x: box[0], y: box[1], width: box[2], height: box[3])
            }
        }
        var labelAnchor: LabelAnchor?
        if let anchor = reader.string(table, "label_anchor", path: path, subject: subject, required: false) {
            labelAnchor = LabelAnchor(rawValue: anchor)
            if labelAnchor == nil {
                let choices = LabelAnchor.allCases.map(\.rawValue).joined(separator: ", ")
                reader.error("\(subject): label_anchor \"\(TOMLText.excerpt(anchor))\" is not one of: \(choices)",
                             at: path + ".label_anchor")
            }
            if table["label"] != nil {
                reader.error("\(subject): give either 'label' or 'label_anchor', not both", at: path + ".label_anchor")
            }
        }
        let hideLabel = reader.bool(table, "hide_label", path: path, subject: subject) ?? false
        if hideLabel && (table["label"] != nil || table["label_anchor"] != nil) {
            reader.error("\(subject): hide_label = true with a 'label' or 'label_anchor' (which one is meant?)",
                         at: path + ".hide_label")
        }
        guard let id, let name else { return nil }
        return Station(id: id, name: name, localizedNames: localizedNames, position: position, labelBox: labelBox,
                       labelAnchor: labelAnchor, isLabelHidden: hideLabel)
    }

    private static func line(_ table: TOMLTable, path: String, number: Int, knownStations: Set<String>,
                             reader: inout TOMLDocumentReader) -> MetroLine? {
        let rawID = table["id"]?.string
        let subject = rawID.map { "line \"\(TOMLText.excerpt($0))\"" } ?? "line \(number)"
        reader.rejectUnknownKeys(in: table, allowed: ["id", "name", "names", "color", "segments", "link", "width"], path: path,
                                 subject: subject)
        let id = reader.string(table, "id", path: path, subject: subject, required: true)
        if id?.isEmpty == true { reader.error("\(subject): 'id' must not be empty", at: path + ".id") }
        let name = reader.string(table, "name", path: path, subject: subject, required: true)
        let localizedNames = reader.localizedNames(table, path: path, subject: subject)
        var color: RGBColor?
        if let text = reader.string(table, "color", path: path, subject: subject, required: true) {
            color = RGBColor(hex: text)
            if color == nil {
                reader.error("\(subject): color \"\(TOMLText.excerpt(text))\" is not \"#RRGGBB\"", at: path + ".color")
            }
        }
        let segments = self.segments(table, path: path, subject: subject, knownStations: knownStations,
                                     reader: &reader)
        var links: [LineLink] = []
        let consecutive = Set(segments.flatMap { zip($0, $0.dropFirst()).map { [$0, $1].sorted() } })
        for (linkTable, linkPath) in reader.tables(table, "link", path: path) {
            if let link = self.link(linkTable, path: linkPath, subject: subject, consecutive: consecutive,
                                    reader: &reader) {
                if links.contains(where: { $0.joins(link.from, link.to) }) {
                    reader.error("\(subject): a second link between \"\(TOMLText.excerpt(link.from))\" and \"\(TOMLText.excerpt(link.to))\"",
                                 at: linkPath)
                }
                links.append(link)
            }
        }
        let width = reader.number(table, "width", path: path, subject: subject, minimum: 0,
                                  maximum: SchemeLimits.maximumSize)
        guard let id, let name, let color else { return nil }
        return MetroLine(id: id, name: name, localizedNames: localizedNames, color: color, segments: segments,
                         links: links, width: width)
    }

    private static func segments(_ table: TOMLTable, path: String, subject: String, knownStations: Set<String>,
                                 reader: inout TOMLDocumentReader) -> [[String]] {
        let keyPath = path + ".segments"
        guard let value = table["segments"] else {
            reader.error("\(subject): missing 'segments' (a list of station-id lists)", at: path)
            return []
        }
        guard let outer = value.array, !outer.isEmpty else {
            reader.error("\(subject): 'segments' must be a non-empty array of arrays of station ids", at: keyPath)
            return []
        }
        var segments: [[String]] = []
        var occurrences: [String: Int] = [:]
        var literals: [String: [SourcePosition]]?
        for index in outer.indices {
            guard let inner = outer[index].array else {
                reader.error("\(subject): segment \(index + 1) must be an array of station ids, found \(outer[index].type)",
                             at: keyPath)
                continue
            }
            var segment: [String] = []
            for element in inner {
                guard let id = element.string else {
                    reader.error("\(subject): segment \(index + 1) holds a \(element.type), expected station ids",
                                 at: keyPath)
                    continue
                }
                let occurrence = occurrences[id, default: 0]
                occurrences[id] = occurrence + 1
                // Located only when there is something to report, and then from one scan of the whole value.
                func located() -> SourcePosition {
                    if literals == nil { literals = reader.locator.stringLiteralPositions(inValueOf: keyPath) }
                    let found = literals?[id] ?? []
                    return occurrence < found.count ? found[occurrence] : reader.locator.bestPosition(for: keyPath)
                }
                if !knownStations.contains(id) {
                    reader.error("\(subject): unknown station \"\(TOMLText.excerpt(id))\" in segment \(index + 1)",
                                 at: located())
                } else if segment.last == id {
                    reader.error("\(subject): station \"\(TOMLText.excerpt(id))\" repeated back to back in segment \(index + 1)",
                                 at: located())
                }
                segment.append(id)
            }
            if inner.count < 2 {
                reader.error("\(subject): segment \(index + 1) needs at least two stations", at: keyPath)
            }
            segments.append(segment)
        }
        return segments
    }

    private static func link(_ table: TOMLTable, path: String, subject: String, consecutive: Set<[String]>,
                             reader: inout TOMLDocumentReader) -> LineLink? {
        reader.rejectUnknownKeys(in: table, allowed: ["from", "to", "via", "spline", "travel_seconds"], path: path,
                                 subject: subject + " link")
        let from = reader.string(table, "from", path: path, subject: subject + " link", required: true)
        let to = reader.string(table, "to", path: path, subject: subject + " link", required: true)
        if let from, let to, !consecutive.contains([from, to].sorted()) {
            reader.error("\(subject): link \"\(TOMLText.excerpt(from))\" – \"\(TOMLText.excerpt(to))\" does not join two consecutive stations of the line",
                         at: path + ".from")
        }
        var bendPoints: [SchemePoint] = []
        if let value = table["via"] {
            bendPoints = reader.schemePoints(value, key: "via", pointName: "via point", at: path + ".via", subject: subject)
        }
        let spline = reader.bool(table, "spline", path: path, subject: subject + " link") ?? false
        let seconds = reader.number(table, "travel_seconds", path: path, subject: subject + " link", minimum: 0,
                                    maximum: JourneyTimeLimits.maximumSeconds)
        guard let from, let to else { return nil }
        return LineLink(from: from, to: to, bendPoints: bendPoints, isSpline: spline, travelSeconds: seconds)
    }

    private static func transfer(_ table: TOMLTable, path: String, number: Int, knownStations: Set<String>,
                                 reader: inout TOMLDocumentReader) -> Transfer? {
        let subject = "transfer \(number)"
        reader.rejectUnknownKeys(in: table, allowed: ["stations", "walk_seconds", "visible"], path: path,
                                 subject: subject)
        let keyPath = path + ".stations"
        var ids: [String] = []
        var literals: [String: [SourcePosition]]?
        if let value = table["stations"] {
            if let array = value.array {
                for element in array {
                    guard let id = element.string else {
                        reader.error("\(subject): 'stations' holds a \(element.type), expected station ids", at: keyPath)
                        continue
                    }
                    if !knownStations.contains(id) {
                        if literals == nil { literals = reader.locator.stringLiteralPositions(inValueOf: keyPath) }
                        let position = literals?[id]?.first ?? reader.locator.bestPosition(for: keyPath)
                        reader.error("\(subject): unknown station \"\(TOMLText.excerpt(id))\"", at: position)
                    }
                    ids.append(id)
                }
                if Set(ids).count < 2 {
                    reader.error("\(subject): needs at least two different stations", at: keyPath)
                }
            } else {
                reader.error("\(subject): 'stations' must be an array of station ids, found \(value.type)", at: keyPath)
            }
        } else {
            reader.error("\(subject): missing 'stations' (two or more station ids)", at: path)
        }
        let walk = reader.number(table, "walk_seconds", path: path, subject: subject, minimum: 0,
                                 maximum: JourneyTimeLimits.maximumSeconds)
        let visible = reader.bool(table, "visible", path: path, subject: subject) ?? true
        return Transfer(stationIDs: ids, walkSeconds: walk, isVisible: visible)
    }
}
