/// What a pMetro transport file (`Metro.trp`) says: the lines with their stations and running times, and the
/// transfers between them. Entries it cannot understand become warnings and are left out.
struct PMetroTransportFile {
    struct Line {
        var sectionName: String
        var name: String
        var line: Int
        /// Unique station names in listed order.
        var stationNames: [String]
        /// The name at each place of `Stations=`, empty and repeated names included: `Coordinates=` and `Rects=`
        /// in the `.map` follow these places one for one.
        var slotNames: [String]
        /// `Aliases=internal,shown,…`: the name a station is shown by, when it differs from its name in the lists.
        var aliases: [String: String]
        /// `LineMap=`: the scheme file this line is drawn on besides `Metro.map`, if any.
        var lineMap: String?
        var lineMapLine: Int
        /// Connections in listed order, each with minutes as seconds where the file gives them.
        var connections: [(from: String, to: String, seconds: Double?)]
        var color: RGBColor?
    }

    struct TransferEntry {
        var fields: [String]
        var line: Int
    }

    var path: String
    var lines: [Line] = []
    var transfers: [TransferEntry] = []
    var warnings: [MapDiagnostic] = []

    private static let ignoredLineKeys: Set<String> = ["delays", "alias", "labelscolor", "type",
                                                       "delaynight", "delayday"]

    init(text: String, path: String) {
        self.path = path
        let ini = PMetroIniFile(text: text)
        for unparsed in ini.unparsedLines {
            warn(path, unparsed.line, "not a [section] or key=value line, skipped: \(unparsed.text)")
        }
        for section in ini.sections {
            let lowered = section.name.lowercased()
            if lowered.hasPrefix("line"), Int(lowered.dropFirst(4)) != nil {
                if let line = parseLine(section, path: path) { lines.append(line) }
            } else if lowered == "transfers" {
                transfers += section.entries.map { TransferEntry(fields: PMetroList.fields($0.value), line: $0.line) }
            } else if lowered != "options" && lowered != "additionalinfo" {
                warn(path, section.line, "unknown section [\(section.name)], skipped")
            }
        }
    }

    private mutating func warn(_ path: String, _ line: Int, _ message: String) {
        warnings.append(MapDiagnostic(file: path, line: line, message: message, severity: .warning))
    }

    private mutating func parseLine(_ section: PMetroIniFile.Section, path: String) -> Line? {
        for entry in section.entries {
            let key = entry.key.lowercased()
            if !["name", "stations", "driving", "color", "aliases", "linemap"].contains(key) && !Self.ignoredLineKeys.contains(key) {
                warn(path, entry.line, "[\(section.name)]: unknown key '\(entry.key)', ignored")
            }
        }
        guard let name = section.entry("Name")?.value, !name.isEmpty else {
            warn(path, section.line, "[\(section.name)] has no Name=, line skipped")
            return nil
        }
        guard let stationsEntry = section.entry("Stations"), let items = PMetroList.items(stationsEntry.value),
              !items.isEmpty else {
            let line = section.entry("Stations")?.line ?? section.line
            warn(path, line, "line \"\(name)\": Stations= is missing or its parentheses or quotes do not balance; line skipped")
            return nil
        }
        var stationNames: [String] = []
        var known = Set<String>()
        for (index, item) in items.enumerated() where !item.name.isEmpty {
            if known.insert(item.name).inserted {
                stationNames.append(item.name)
            } else {
                warn(path, stationsEntry.line, "line \"\(name)\": station \"\(item.name.prefix(80))\" is listed again at place "
                     + "\(index + 1) of Stations=; one station, its coordinates from the first place")
            }
        }
        for (index, item) in items.enumerated() where item.name.isEmpty && index + 1 < items.count {
            warn(path, stationsEntry.line, "line \"\(name)\": an empty station name at place \(index + 1) of Stations=; "
                 + "skipped, its coordinate place kept")
        }

        var aliases: [String: String] = [:]
        if let entry = section.entry("Aliases"), !entry.value.isEmpty {
            let fields = PMetroList.fields(entry.value)
            if fields.count % 2 != 0 {
                warn(path, entry.line, "line \"\(name)\": Aliases= has an odd count of names; the last is ignored")
            }
            for index in stride(from: 0, to: fields.count - 1, by: 2) where !fields[index + 1].isEmpty {
                if !known.contains(fields[index]) {
                    warn(path, entry.line, "line \"\(name)\": alias for \"\(fields[index].prefix(80))\", which is not a "
                         + "station of the line; ignored")
                    continue
                }
                aliases[fields[index]] = fields[index + 1]
            }
        }
        let lineMapEntry = section.entry("LineMap")

        var driving: [PMetroList.Item]?
        if let entry = section.entry("Driving") {
            driving = PMetroList.items(entry.value)
            if driving == nil {
                warn(path, entry.line, "line \"\(name)\": Driving= does not balance its parentheses; times ignored")
            } else if let count = driving?.count, count != items.count, count != items.count - 1 {
                warn(path, entry.line, "line \"\(name)\": Driving= has \(driving?.count ?? 0) entries for "
                     + "\(items.count) stations; times matched by position where present")
            }
        }
        let drivingLine = section.entry("Driving")?.line ?? section.line

        var connections: [(String, String, Double?)] = []
        for (index, item) in items.enumerated() where !item.name.isEmpty {
            let times = driving.flatMap { index < $0.count ? $0[index] : nil }
            if let group = item.group {
                if let times, let timeGroup = times.group, timeGroup.count != group.count,
                   timeGroup.contains(where: { !$0.isEmpty }) {
                    warn(path, drivingLine, "line \"\(name)\": Driving= entry \(index + 1) has \(timeGroup.count) times "
                         + "for the \(group.count) neighbour places of \(item.name); matched by position")
                } else if let times, times.group == nil, !times.name.isEmpty {
                    warn(path, drivingLine, "line \"\(name)\": Driving= entry \(index + 1) is one time but "
                         + "\(item.name) has a neighbour list; its times ignored")
                }
                for (position, written) in group.enumerated() where !written.isEmpty {
                    // "-Name" marks a one-way connection (Heathrow's loop); the model draws and routes it both ways.
                    let neighbour = written.hasPrefix("-") ? String(written.dropFirst()) : written
                    guard known.contains(neighbour) else {
                        warn(path, stationsEntry.line, "line \"\(name)\": \(item.name) names neighbour \"\(neighbour)\", "
                             + "which is not a station of the line; connection skipped")
                        continue
                    }
                    let minutes = times?.group.flatMap { position < $0.count ? $0[position] : nil }
                    connections.append((item.name, neighbour, seconds(minutes, path, drivingLine, name)))
                }
            } else if index + 1 < items.count, !items[index + 1].name.isEmpty {
                // Some files give a plain station a (next, previous) pair of times; the first is to the next.
                let minutes = times?.group?.first ?? times?.name
                connections.append((item.name, items[index + 1].name, seconds(minutes, path, drivingLine, name)))
            }
        }

        var color: RGBColor?
        if let entry = section.entry("Color") {
            color = RGBColor(hex: entry.value)
            if color == nil { warn(path, entry.line, "line \"\(name)\": Color=\(entry.value) is not RRGGBB; ignored") }
        }
        let lineMap = lineMapEntry.map(\.value).flatMap { $0.isEmpty ? nil : $0 }
        // A trailing comma leaves an empty last place that pMetro does not count.
        let slots = items.last?.name.isEmpty == true && items.last?.group == nil ? items.dropLast() : items[...]
        return Line(sectionName: section.name, name: name, line: section.line, stationNames: stationNames,
                    slotNames: slots.map(\.name), aliases: aliases, lineMap: lineMap,
                    lineMapLine: lineMapEntry?.line ?? section.line, connections: connections, color: color)
    }

    private mutating func seconds(_ token: String?, _ path: String, _ line: Int, _ lineName: String) -> Double? {
        guard let token else { return nil }
        switch PMetroList.minutes(token) {
        case .empty: return nil
        case .seconds(let seconds): return seconds
        case .invalid:
            warn(path, line, "line \"\(lineName)\": running time \"\(token)\" is not minutes.seconds; ignored")
            return nil
        case .tooLong:
            warn(path, line, "line \"\(lineName)\": running time \"\(token)\" is longer than a day; ignored")
            return nil
        }
    }
}
