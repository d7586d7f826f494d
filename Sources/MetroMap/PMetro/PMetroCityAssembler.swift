/// Puts the parsed files of a pMetro city together into one `MetroMap`: lines from every transport file,
/// placed on the main scheme or on the extra scheme their `LineMap=` names (moved beside the main scheme as an
/// inset, scaled so its lines are as wide as the main scheme's), bends, transfers and the background layers.
struct PMetroCityAssembler {
    let transports: [(file: PMetroTransportFile, prefix: String)]
    let scheme: PMetroSchemeFile
    let schemePath: String
    /// By lower-cased file name.
    let extraSchemes: [String: PMetroSchemeFile]
    /// By lower-cased extra scheme file name; "" for the main scheme.
    let vectors: [String: PMetroVectorFile]
    var warnings: [MapDiagnostic]

    /// Room between the main scheme and an inset, and around everything drawn.
    static let margin: Double = 40
    static let defaultLineWidth: Double = 9

    private struct PlacedLine {
        var source: PMetroTransportFile.Line
        var lineID: String
        /// "" for the main scheme, else the extra scheme's lower-cased file name.
        var schemeKey: String
        var layout: PMetroSchemeFile.LineLayout?
    }

    /// Scheme-local coordinates to the map's: `offset + scale × point`.
    private struct Placement {
        var dx: Double = 0, dy: Double = 0, scale: Double = 1
        func point(_ p: SchemePoint) -> SchemePoint { SchemePoint(x: dx + scale * p.x, y: dy + scale * p.y) }
        func rect(_ r: SchemeRect) -> SchemeRect {
            SchemeRect(x: dx + scale * r.x, y: dy + scale * r.y, width: scale * r.width, height: scale * r.height)
        }
        func shape(_ s: BackgroundShape) -> BackgroundShape {
            var moved = s
            moved.points = s.points.map(point)
            moved.width = s.width * scale
            moved.size = s.size * scale
            return moved
        }
    }

    private mutating func warn(_ path: String, _ line: Int, _ message: String) {
        warnings.append(MapDiagnostic(file: path, line: line, message: message, severity: .warning))
    }

    mutating func assemble(name: String) throws(PMetroImportError) -> PMetroImport {
        var report = PMetroImport.Report()
        var errors = scheme.errors + extraSchemes.keys.sorted().flatMap { extraSchemes[$0]!.errors }
        errors += vectors.keys.sorted().flatMap { vectors[$0]!.errors }
        guard errors.isEmpty else { throw .invalid(diagnostics: errors) }
        for transport in transports { warnings += transport.file.warnings }
        warnings += scheme.warnings
        for key in extraSchemes.keys.sorted() { warnings += extraSchemes[key]!.warnings }
        for key in vectors.keys.sorted() { warnings += vectors[key]!.warnings }
        let allLines = transports.flatMap { transport in transport.file.lines.map { (transport.prefix, $0) } }
        guard !allLines.isEmpty else { throw .noLines(path: transports.first?.file.path ?? schemePath) }

        // Which scheme draws each line: the main one if it places a station of it, else its LineMap=.
        var placedLines: [PlacedLine] = []
        var lineIDByName: [String: String] = [:]
        for (prefix, source) in allLines {
            let lineID = prefix + source.sectionName.lowercased()
            if lineIDByName[source.name] != nil {
                warn(pathOf(source), source.line, "a second line named \"\(source.name)\"; transfers and the scheme "
                     + "refer to the first")
            } else {
                lineIDByName[source.name] = lineID
            }
            var schemeKey = ""
            var layout = scheme.layouts[source.name]
            if layout?.isPlaced != true, let lineMap = source.lineMap?.lowercased(),
               let extra = extraSchemes[lineMap], let extraLayout = extra.layouts[source.name], extraLayout.isPlaced {
                schemeKey = lineMap
                layout = extraLayout
            }
            placedLines.append(PlacedLine(source: source, lineID: lineID, schemeKey: schemeKey, layout: layout))
        }
        report.linesRead = allLines.count

        // Extra schemes' entries for lines the main scheme already draws are not used: say so once per line.
        for key in extraSchemes.keys.sorted() {
            let extra = extraSchemes[key]!
            for placed in placedLines where placed.schemeKey != key {
                guard let layout = extra.layouts[placed.source.name], layout.isPlaced else { continue }
                warn(extra.path, layout.line, "line \"\(placed.source.name)\" is drawn on \(placed.schemeKey.isEmpty ? "the main scheme" : placed.schemeKey); "
                     + "its \(layout.positions.compactMap { $0 }.count) coordinates here are not used")
            }
        }

        // Insets: each extra scheme that draws a line goes right of the main scheme, top-aligned, one below
        // the other, scaled so its lines come out as wide as the main scheme's.
        let mainLineWidth = scheme.options.lineWidth ?? Self.defaultLineWidth
        var placements: [String: Placement] = ["": Placement()]
        var background: [BackgroundShape] = vectors[""]?.shapes ?? []
        report.shapesDropped = vectors.values.reduce(0) { $0 + $1.dropped }
        let mainExtent = extent(of: placedLines.filter { $0.schemeKey == "" }, shapes: background)
        let insetKeys = Set(placedLines.map(\.schemeKey)).subtracting([""]).sorted()
        var insetY = mainExtent?.y ?? 0
        var insetFrames: [SchemeRect] = []
        for key in insetKeys {
            let extra = extraSchemes[key]!
            let scale = mainLineWidth / (extra.options.lineWidth ?? Self.defaultLineWidth)
            let local: SchemeRect
            if let canvas = vectors[key]?.canvas {
                local = canvas
            } else if let content = extent(of: placedLines.filter { $0.schemeKey == key }, shapes: []) {
                local = SchemeRect(x: content.x - Self.margin, y: content.y - Self.margin,
                                   width: content.width + 2 * Self.margin, height: content.height + 2 * Self.margin)
            } else {
                continue
            }
            let left = (mainExtent?.maxX ?? 0) + 2 * Self.margin
            let placement = Placement(dx: left - scale * local.x, dy: insetY - scale * local.y, scale: scale)
            placements[key] = placement
            let frame = placement.rect(local)
            background.append(BackgroundShape(kind: .polygon, points: [
                SchemePoint(x: frame.x, y: frame.y), SchemePoint(x: frame.maxX, y: frame.y),
                SchemePoint(x: frame.maxX, y: frame.maxY), SchemePoint(x: frame.x, y: frame.maxY),
            ], fill: RGBColor(red: 0xFF, green: 0xFF, blue: 0xFF), stroke: RGBColor(red: 0x9A, green: 0x9A, blue: 0x9A),
                                              width: 2))
            background += (vectors[key]?.shapes ?? []).map(placement.shape)
            insetY = frame.maxY + 2 * Self.margin
            insetFrames.append(frame)
            report.insets += 1
        }

        var stations: [Station] = []
        var lines: [MetroLine] = []
        var stationIDs: [String: [String: String]] = [:] // line id → station name → station id
        var legendKeys: [BackgroundShape] = []
        var schemeOfLine: [String: String] = [:]
        for placed in placedLines {
            let source = placed.source, lineID = placed.lineID
            let placement = placements[placed.schemeKey] ?? Placement()
            let layoutPath = placed.schemeKey.isEmpty ? schemePath : extraSchemes[placed.schemeKey]!.path
            let layout = placed.layout
            schemeOfLine[lineID] = placed.schemeKey
            if layout == nil {
                let elsewhere = source.lineMap.map { " or \($0)" } ?? ""
                warn(pathOf(source), source.line, "line \"\(source.name)\" has no section in \(PMetroImporter.schemeFileName)"
                     + "\(elsewhere); kept for routing, not drawn")
            } else if let layout, layout.positions.count != source.slotNames.count {
                let placement = layout.positions.count < source.slotNames.count
                    ? "the last \(source.slotNames.count - layout.positions.count) are not drawn"
                    : "the extra ones are ignored"
                warn(layoutPath, layout.positionsLine, "line \"\(source.name)\": \(layout.positions.count) coordinates "
                     + "for \(source.slotNames.count) places in Stations=; \(placement)")
            }

            var ids: [String: String] = [:]
            var firstSlot: [String: Int] = [:]
            for (index, stationName) in source.slotNames.enumerated() where !stationName.isEmpty {
                if firstSlot[stationName] == nil { firstSlot[stationName] = index }
            }
            for stationName in source.stationNames {
                let id = "\(lineID)/\(stationName)"
                ids[stationName] = id
                let slot = firstSlot[stationName] ?? -1
                let position = layout.flatMap { slot >= 0 && slot < $0.positions.count ? $0.positions[slot] : nil }
                let box = layout.flatMap { slot >= 0 && slot < $0.labelBoxes.count ? $0.labelBoxes[slot] : nil }
                stations.append(Station(id: id, name: source.aliases[stationName] ?? stationName,
                                        position: position.map(placement.point),
                                        labelBox: position == nil ? nil : box.map(placement.rect),
                                        isLabelHidden: position != nil && box == nil))
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
            if segments.isEmpty {
                warn(pathOf(source), source.line, "line \"\(source.name)\" connects no stations; left out")
                report.linesDropped += 1
                continue
            }
            let isDrawn = layout?.isPlaced == true
            if layout != nil && !isDrawn {
                warn(layoutPath, layout?.line ?? 1, "line \"\(source.name)\": no station has a coordinate; kept for "
                     + "routing, not drawn")
            }
            if !isDrawn { report.linesUndrawn += 1 }
            let color = layout?.color ?? source.color ?? RGBColor(red: 0x80, green: 0x80, blue: 0x80)
            if isDrawn && layout?.color == nil && source.color == nil {
                warn(pathOf(source), source.line, "line \"\(source.name)\" has no colour; drawn grey")
            }
            if let box = layout?.legendBox {
                // The line's legend area: a key in its colour where the .vec writes the name beside it (Berlin).
                // Where the area holds the name itself (London, New York) it is only pMetro's click area.
                let r = placement.rect(box)
                legendKeys.append(BackgroundShape(kind: .polygon, points: [
                    SchemePoint(x: r.x, y: r.y + r.height * 0.3), SchemePoint(x: r.maxX, y: r.y + r.height * 0.3),
                    SchemePoint(x: r.maxX, y: r.maxY - r.height * 0.3), SchemePoint(x: r.x, y: r.maxY - r.height * 0.3),
                ], fill: color))
            }
            let width = layout?.width.map { $0 * placement.scale }
            lines.append(MetroLine(id: lineID, name: source.name, color: color, segments: segments, links: links,
                                   width: width))
        }

        attachBends(lines: &lines, lineIDByName: lineIDByName, stationIDs: stationIDs, schemeOfLine: schemeOfLine,
                    placements: placements)
        let transfers = self.transfers(lineIDByName: lineIDByName, stationIDs: stationIDs, schemeOfLine: schemeOfLine,
                                       report: &report)

        guard stations.contains(where: \.isPlaced) else { throw .nothingPlaced(path: schemePath) }
        let textBoxes = background.filter { $0.kind == .text }.compactMap(Self.extent(of:))
        background += legendKeys.filter { key in
            guard let box = key.pointBounds else { return false }
            return !textBoxes.contains { $0.intersects(box) }
        }
        report.shapes = background.count - report.insets // the inset frames are the importer's, not the scheme's
        var map = MetroMap(name: name, bounds: SchemeRect(x: 0, y: 0, width: 1, height: 1), stations: stations,
                           lines: lines, transfers: transfers, lineWidth: scheme.options.lineWidth,
                           stationDiameter: scheme.options.stationDiameter, background: background)
        map.bounds = Self.paddedExtent(of: map)
        if report.insets > 0, let main = mainExtent {
            map.mainScheme = SchemeRect(x: main.x - Self.margin, y: main.y - Self.margin,
                                        width: main.width + 2 * Self.margin, height: main.height + 2 * Self.margin)
            map.insets = insetFrames
        }
        return PMetroImport(map: map, warnings: warnings, encodings: [:], report: report)
    }

    private func pathOf(_ line: PMetroTransportFile.Line) -> String {
        transports.first { $0.file.lines.contains { $0.sectionName == line.sectionName && $0.line == line.line } }?.file.path
            ?? schemePath
    }

    /// Stations, labels and bends of the given lines and the shapes, in scheme-local units.
    private func extent(of lines: [PlacedLine], shapes: [BackgroundShape]) -> SchemeRect? {
        var extent: SchemeRect?
        func add(_ rect: SchemeRect) { extent = extent?.union(rect) ?? rect }
        for line in lines {
            guard let layout = line.layout else { continue }
            for case let point? in layout.positions { add(SchemeRect(x: point.x, y: point.y, width: 0, height: 0)) }
        }
        for shape in shapes { if let box = Self.extent(of: shape) { add(box) } }
        return extent
    }

    /// A shape's box; text is estimated at 0.6 em per character (its real width depends on the font).
    static func extent(of shape: BackgroundShape) -> SchemeRect? {
        guard var box = shape.pointBounds else { return nil }
        if shape.kind == .text {
            box.width = shape.size * 0.6 * Double(shape.text.count)
            box.height = shape.size * 1.2
        }
        return box
    }

    /// Everything drawn (stations, labels, bend points, background) with a margin, so the camera can frame it.
    static func paddedExtent(of map: MetroMap, margin: Double = margin) -> SchemeRect {
        var drawn = map.drawnExtent
        func add(_ rect: SchemeRect) { drawn = drawn?.union(rect) ?? rect }
        for point in map.lines.flatMap({ $0.links.flatMap(\.bendPoints) }) {
            add(SchemeRect(x: point.x, y: point.y, width: 0, height: 0))
        }
        for shape in map.background { if let box = Self.extent(of: shape) { add(box) } }
        guard let extent = drawn else { return SchemeRect(x: 0, y: 0, width: 1, height: 1) }
        return SchemeRect(x: extent.x - margin, y: extent.y - margin, width: extent.width + 2 * margin,
                          height: extent.height + 2 * margin)
    }

    /// Bend points from the scheme that draws each line, attached to the connection they belong to.
    private mutating func attachBends(lines: inout [MetroLine], lineIDByName: [String: String],
                                      stationIDs: [String: [String: String]], schemeOfLine: [String: String],
                                      placements: [String: Placement]) {
        var bentPairs = Set<[String]>()
        let sources = [("", scheme)] + extraSchemes.keys.sorted().map { ($0, extraSchemes[$0]!) }
        for (key, file) in sources {
            let path = key.isEmpty ? schemePath : file.path
            for bend in file.bends {
                guard let lineID = lineIDByName[bend.lineName],
                      let lineIndex = lines.firstIndex(where: { $0.id == lineID }),
                      let from = stationIDs[lineID]?[bend.from], let to = stationIDs[lineID]?[bend.to] else {
                    warn(path, bend.line, "AdditionalNodes: no station \"\(bend.from)\" or \"\(bend.to)\" on a line "
                         + "\"\(bend.lineName)\"; skipped")
                    continue
                }
                guard schemeOfLine[lineID] == key else {
                    warn(path, bend.line, "AdditionalNodes: \(bend.lineName) is drawn on another scheme; bend skipped")
                    continue
                }
                guard lines[lineIndex].hops.contains(where: { ($0.from == from && $0.to == to) || ($0.from == to && $0.to == from) }) else {
                    warn(path, bend.line, "AdditionalNodes: \(bend.from) and \(bend.to) are not neighbours on "
                         + "\(bend.lineName); skipped")
                    continue
                }
                guard bentPairs.insert([from, to].sorted()).inserted else {
                    warn(path, bend.line, "AdditionalNodes: a second entry for \(bend.from) – \(bend.to) on "
                         + "\(bend.lineName); the first is used")
                    continue
                }
                let placement = placements[key] ?? Placement()
                let points = bend.points.map(placement.point)
                if let index = lines[lineIndex].links.firstIndex(where: { $0.joins(from, to) }) {
                    let seconds = lines[lineIndex].links[index].travelSeconds
                    lines[lineIndex].links[index] = LineLink(from: from, to: to, bendPoints: points,
                                                             isSpline: bend.isSpline, travelSeconds: seconds)
                } else {
                    lines[lineIndex].links.append(LineLink(from: from, to: to, bendPoints: points,
                                                           isSpline: bend.isSpline))
                }
            }
        }
    }

    /// `[Transfers]` of every transport file. A transfer between stations drawn on different schemes (the main
    /// one and an inset) is kept for routing but not drawn: its connector would cross the whole map.
    private mutating func transfers(lineIDByName: [String: String], stationIDs: [String: [String: String]],
                                    schemeOfLine: [String: String], report: inout PMetroImport.Report) -> [Transfer] {
        var transfers: [Transfer] = []
        var seen = Set<[String]>()
        for (transport, _) in transports {
            let path = transport.path
            for entry in transport.transfers {
                report.transfersRead += 1
                let fields = entry.fields
                guard fields.count >= 4 else {
                    warn(path, entry.line, "Transfers: expected line, station, line, station[, time[, invisible]]; skipped")
                    report.transfersDropped += 1
                    continue
                }
                guard let firstLine = lineIDByName[fields[0]], let secondLine = lineIDByName[fields[2]],
                      let first = stationIDs[firstLine]?[fields[1]], let second = stationIDs[secondLine]?[fields[3]] else {
                    warn(path, entry.line, "Transfers: no station \"\(fields[1].prefix(80))\" on \"\(fields[0].prefix(80))\" or "
                         + "\"\(fields[3].prefix(80))\" on \"\(fields[2].prefix(80))\"; skipped")
                    report.transfersDropped += 1
                    continue
                }
                guard first != second else {
                    warn(path, entry.line, "Transfers: \"\(fields[1].prefix(80))\" on \"\(fields[0].prefix(80))\" to itself; skipped")
                    report.transfersDropped += 1
                    continue
                }
                guard seen.insert([first, second].sorted()).inserted else {
                    warn(path, entry.line, "Transfers: \"\(fields[1].prefix(80))\" – \"\(fields[3].prefix(80))\" is listed "
                         + "again; the first entry is used")
                    report.transfersDropped += 1
                    continue
                }
                var seconds: Double?
                if fields.count > 4 {
                    switch PMetroList.minutes(fields[4]) {
                    case .seconds(let value): seconds = value
                    case .empty: break
                    case .invalid: warn(path, entry.line, "Transfers: time \"\(fields[4].prefix(80))\" is not minutes; ignored")
                    case .tooLong: warn(path, entry.line, "Transfers: time \"\(fields[4].prefix(80))\" is longer than a day; ignored")
                    }
                }
                var isVisible = schemeOfLine[firstLine] == schemeOfLine[secondLine]
                for flag in fields.dropFirst(5) where !flag.isEmpty {
                    if flag.lowercased() == "invisible" {
                        isVisible = false
                    } else {
                        warn(path, entry.line, "Transfers: unknown flag \"\(flag.prefix(80))\"; ignored")
                    }
                }
                transfers.append(Transfer(stationIDs: [first, second], walkSeconds: seconds, isVisible: isVisible))
            }
        }
        return transfers
    }
}
