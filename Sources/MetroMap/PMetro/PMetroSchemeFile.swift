/// What a pMetro scheme file (`Metro.map`) says about drawing: per line, its colour, one coordinate and one
/// label box per station (in the order of the transport file), and bend points between pairs of stations.
struct PMetroSchemeFile {
    struct LineLayout {
        var color: RGBColor?
        /// nil where the station is not on the scheme (pMetro writes 0,0 or negative coordinates for those).
        var positions: [SchemePoint?]
        var positionsLine: Int
        /// nil where the station has no label box (zero width or height).
        var labelBoxes: [SchemeRect?]
        var line: Int
        /// The line's own stroke width (`Width=`), when it differs from the scheme's.
        var width: Double?
        /// `Rect=`: the line's key in the scheme's legend, a bar in its colour.
        var legendBox: SchemeRect?
        /// Some station has a position: the line is drawn on this scheme.
        var isPlaced: Bool { positions.contains { $0 != nil } }
    }

    /// `[Options]`: what the scheme says about itself.
    struct Options {
        var lineWidth: Double?
        var stationDiameter: Double?
        /// `ImageFileName=`: the vector background (`.vec`).
        var imageFileName: String?
        /// `Transports=`: the `.trp` files the scheme draws, in order.
        var transports: [String] = []
        var transportsLine = 1
    }

    struct BendEntry {
        var lineName: String
        var from: String
        var to: String
        var points: [SchemePoint]
        var isSpline: Bool
        var line: Int
    }

    var path: String
    var layouts: [String: LineLayout] = [:]
    var bends: [BendEntry] = []
    var options = Options()
    var warnings: [MapDiagnostic] = []
    /// Numbers no scheme can mean (past `PMetroImporter.coordinateLimit`): the import is refused.
    var errors: [MapDiagnostic] = []

    private static let ignoredLineKeys: Set<String> = ["labelscolor", "heights", "rects2",
                                                       "labelsbgcolor", "labelsbcolor", "linewidth"]

    init(text: String, path: String) {
        self.path = path
        let ini = PMetroIniFile(text: text)
        for unparsed in ini.unparsedLines {
            warn(path, unparsed.line, "not a [section] or key=value line, skipped: \(unparsed.text)")
        }
        for section in ini.sections {
            switch section.name.lowercased() {
            case "options":
                parseOptions(section, path: path)
            case "additionalnodes":
                for entry in section.entries { parseBend(entry, path: path) }
            default:
                if layouts[section.name] != nil {
                    warn(path, section.line, "a second section [\(section.name)]; the first is used")
                    continue
                }
                layouts[section.name] = parseLayout(section, path: path)
            }
        }
    }

    private mutating func warn(_ path: String, _ line: Int, _ message: String) {
        warnings.append(MapDiagnostic(file: path, line: line, message: message, severity: .warning))
    }

    /// A size past the map format's bound (`SchemeLimits.maximumSize`), warned about and drawn at the bound: pMetro
    /// itself takes such a number, so the import keeps the city instead of refusing it for one damaged size.
    private mutating func clampedSize(_ value: Double, _ subject: String, path: String, line: Int) -> Double {
        PMetroSizeBound.clamped(value, to: SchemeLimits.maximumSize, subject: subject + "=", path: path, line: line,
                                warnings: &warnings)
    }

    private mutating func parseOptions(_ section: PMetroIniFile.Section, path: String) {
        func size(_ key: String) -> Double? {
            guard let entry = section.entry(key), !entry.value.isEmpty else { return nil }
            guard let value = Double(entry.value), value.isFinite, value > 0 else {
                warn(path, entry.line, "[Options]: \(key)=\(entry.value.prefix(80)) is not a size; the default is used")
                return nil
            }
            return clampedSize(value, "[Options]: \(key)", path: path, line: entry.line)
        }
        options.lineWidth = size("LinesWidth")
        options.stationDiameter = size("StationDiameter")
        if let entry = section.entry("ImageFileName"), !entry.value.isEmpty { options.imageFileName = entry.value }
        if let entry = section.entry("Transports") {
            options.transports = PMetroList.fields(entry.value).filter { !$0.isEmpty }
            options.transportsLine = entry.line
        }
    }

    private mutating func parseLayout(_ section: PMetroIniFile.Section, path: String) -> LineLayout {
        for entry in section.entries {
            let key = entry.key.lowercased()
            if !["color", "coordinates", "rects", "width", "rect"].contains(key) && !Self.ignoredLineKeys.contains(key) {
                warn(path, entry.line, "[\(section.name)]: unknown key '\(entry.key)', ignored")
            }
        }
        var color: RGBColor?
        if let entry = section.entry("Color"), !entry.value.isEmpty {
            color = RGBColor(hex: entry.value)
            if color == nil { warn(path, entry.line, "[\(section.name)]: Color=\(entry.value) is not RRGGBB; ignored") }
        }
        var positions: [SchemePoint?] = []
        if let entry = section.entry("Coordinates") {
            let numbers = self.numbers(entry, path: path, section: section.name)
            if numbers.count % 2 != 0 {
                warn(path, entry.line, "[\(section.name)]: Coordinates= has an odd count of numbers; the last is ignored")
            }
            for index in stride(from: 0, to: numbers.count - 1, by: 2) {
                guard let x = numbers[index], let y = numbers[index + 1], x > 0 || y > 0, x >= 0, y >= 0 else {
                    positions.append(nil)
                    continue
                }
                positions.append(SchemePoint(x: x, y: y))
            }
        }
        var boxes: [SchemeRect?] = []
        if let entry = section.entry("Rects") {
            let numbers = self.numbers(entry, path: path, section: section.name)
            if numbers.count % 4 != 0 {
                warn(path, entry.line, "[\(section.name)]: Rects= count is not a multiple of 4; the rest is ignored")
            }
            for index in stride(from: 0, to: numbers.count - 3, by: 4) {
                guard let x = numbers[index], let y = numbers[index + 1], let width = numbers[index + 2],
                      let height = numbers[index + 3], width > 0, height > 0 else {
                    boxes.append(nil)
                    continue
                }
                boxes.append(SchemeRect(x: x, y: y, width: width, height: height))
            }
        }
        var width: Double?
        if let entry = section.entry("Width"), !entry.value.isEmpty {
            width = Double(entry.value)
            if width.map({ !($0.isFinite && $0 > 0) }) ?? true {
                warn(path, entry.line, "[\(section.name)]: Width=\(entry.value.prefix(80)) is not a width; ignored")
                width = nil
            }
            width = width.map { clampedSize($0, "[\(section.name)]: Width", path: path, line: entry.line) }
        }
        var legendBox: SchemeRect?
        if let entry = section.entry("Rect"), !entry.value.isEmpty {
            let numbers = self.numbers(entry, path: path, section: section.name).compactMap { $0 }
            if numbers.count == 4, numbers[2] > 0, numbers[3] > 0 {
                legendBox = SchemeRect(x: numbers[0], y: numbers[1], width: numbers[2], height: numbers[3])
            }
        }
        return LineLayout(color: color, positions: positions,
                          positionsLine: section.entry("Coordinates")?.line ?? section.line, labelBoxes: boxes,
                          line: section.line, width: width, legendBox: legendBox)
    }

    /// The numbers of a comma list; an entry that is not a number is nil (and reported).
    private mutating func numbers(_ entry: PMetroIniFile.Entry, path: String, section: String) -> [Double?] {
        guard !entry.value.isEmpty else { return [] }
        var fields = entry.value.split(separator: ",", omittingEmptySubsequences: false).map {
            String($0.trimmingPMetroWhitespace())
        }
        if fields.last == "" { fields.removeLast() } // a trailing comma is common
        return fields.map { field in
            guard let value = Double(field), value.isFinite else {
                warn(path, entry.line, "[\(section)]: \(entry.key)= holds \"\(field.prefix(80))\", not a number; that station "
                     + "is left off")
                return nil
            }
            guard abs(value) <= PMetroImporter.coordinateLimit else {
                errors.append(MapDiagnostic(file: path, line: entry.line, message: "[\(section)]: \(entry.key)= holds "
                                            + "\(field.prefix(80)), outside ±\(Int(PMetroImporter.coordinateLimit)) scheme units"))
                return nil
            }
            return value
        }
    }

    private mutating func parseBend(_ entry: PMetroIniFile.Entry, path: String) {
        var fields = PMetroList.fields(entry.value)
        var isSpline = false
        if let last = fields.last?.lowercased(), last == "spline" {
            isSpline = true
            fields.removeLast()
        }
        guard fields.count >= 3, (fields.count - 3) % 2 == 0 else {
            warn(path, entry.line, "AdditionalNodes: expected line, station, station, x, y, …; skipped")
            return
        }
        var points: [SchemePoint] = []
        for index in stride(from: 3, to: fields.count, by: 2) {
            guard let x = Double(fields[index]), let y = Double(fields[index + 1]), x.isFinite, y.isFinite else {
                warn(path, entry.line, "AdditionalNodes: \"\(fields[index].prefix(40)),\(fields[index + 1].prefix(40))\" is "
                     + "not a point; entry skipped")
                return
            }
            guard abs(x) <= PMetroImporter.coordinateLimit, abs(y) <= PMetroImporter.coordinateLimit else {
                errors.append(MapDiagnostic(file: path, line: entry.line, message: "AdditionalNodes: \(x),\(y) is outside "
                                            + "±\(Int(PMetroImporter.coordinateLimit)) scheme units"))
                return
            }
            points.append(SchemePoint(x: x, y: y))
        }
        bends.append(BendEntry(lineName: fields[0], from: fields[1], to: fields[2], points: points, isSpline: isSpline,
                               line: entry.line))
    }
}
