/// The loader's rules checked on a `MetroMap` value, in one linear pass and without writing or parsing TOML:
/// a map that passes is one `MapFileWriter` writes and `MapFileLoader` loads back equal (the property the
/// real-city tests check for every city). `import-pmetro` uses it before writing, so a map the loader would
/// refuse never reaches the disk, at a fraction of a re-parse's memory.
public enum MapFormatCheck {
    /// Every broken rule, described with the station, line, transfer or shape it concerns; empty when none is.
    public static func problems(in map: MetroMap) -> [String] {
        var problems: [String] = []
        // The loader's own number rule: finite and within the scheme limits.
        func finite(_ values: Double...) -> Bool { SchemeLimits.contains(values) }
        let bounds = map.bounds
        if !(finite(bounds.x, bounds.y, bounds.width, bounds.height) && bounds.width > 0 && bounds.height > 0) {
            problems.append("map: bounds must be finite with a positive width and height")
        }
        for (key, value) in [("line_width", map.lineWidth), ("station_diameter", map.stationDiameter)] {
            if let value, !SchemeLimits.isSize(value) { problems.append("map: \(key) must be between 0 and 1000 scheme units") }
        }
        for language in map.lineNamePatterns.keys.sorted() {
            if let problem = LineNamePattern.problem(in: map.lineNamePatterns[language] ?? "") {
                problems.append("map: line_name_patterns.\(language) \(problem)")
            }
        }
        var stationIDs = Set<String>()
        for station in map.stations {
            let subject = "station \"\(station.id)\""
            if station.id.isEmpty { problems.append("\(subject): empty id") }
            if !stationIDs.insert(station.id).inserted { problems.append("\(subject): duplicate id") }
            if let p = station.position, !(finite(p.x, p.y) && bounds.contains(p)) {
                problems.append("\(subject): position outside the map's bounds")
            }
            if let box = station.labelBox, !(finite(box.x, box.y, box.width, box.height) && box.width >= 0 && box.height >= 0) {
                problems.append("\(subject): label box must be finite with sizes ≥ 0")
            }
            if station.labelBox != nil && station.labelAnchor != nil { problems.append("\(subject): both label and label_anchor") }
            if station.isLabelHidden && (station.labelBox != nil || station.labelAnchor != nil) {
                problems.append("\(subject): hide_label with a label or label_anchor")
            }
        }
        var lineIDs = Set<String>()
        for line in map.lines {
            let subject = "line \"\(line.id)\""
            if line.id.isEmpty { problems.append("\(subject): empty id") }
            if !lineIDs.insert(line.id).inserted { problems.append("\(subject): duplicate id") }
            if line.segments.isEmpty { problems.append("\(subject): no segments") }
            if let width = line.width, !SchemeLimits.isSize(width) { problems.append("\(subject): width must be between 0 and 1000") }
            var consecutive = Set<[String]>()
            for (index, segment) in line.segments.enumerated() {
                if segment.count < 2 { problems.append("\(subject): segment \(index + 1) has fewer than two stations") }
                for id in segment where !stationIDs.contains(id) {
                    problems.append("\(subject): unknown station \"\(id)\" in segment \(index + 1)")
                }
                for (a, b) in zip(segment, segment.dropFirst()) {
                    if a == b { problems.append("\(subject): \"\(a)\" repeated back to back in segment \(index + 1)") }
                    consecutive.insert([a, b].sorted())
                }
            }
            var linked = Set<[String]>()
            for link in line.links {
                let pair = [link.from, link.to].sorted()
                if !consecutive.contains(pair) { problems.append("\(subject): link \(link.from) – \(link.to) is not a hop") }
                if !linked.insert(pair).inserted { problems.append("\(subject): a second link \(link.from) – \(link.to)") }
                if !link.bendPoints.allSatisfy({ finite($0.x, $0.y) }) { problems.append("\(subject): a bend is not finite") }
                if let seconds = link.travelSeconds, !JourneyTimeLimits.contains(seconds) {
                    problems.append("\(subject): travel time must be between 0 and 86400 seconds")
                }
            }
        }
        for (index, transfer) in map.transfers.enumerated() {
            let subject = "transfer \(index + 1)"
            if Set(transfer.stationIDs).count < 2 { problems.append("\(subject): needs two different stations") }
            for id in transfer.stationIDs where !stationIDs.contains(id) { problems.append("\(subject): unknown \"\(id)\"") }
            if let seconds = transfer.walkSeconds, !JourneyTimeLimits.contains(seconds) {
                problems.append("\(subject): walk time must be between 0 and 86400 seconds")
            }
        }
        for (index, shape) in map.background.enumerated() {
            let subject = "shape \(index + 1)"
            let fewest = [BackgroundShape.Kind.polygon: 3, .polyline: 2, .spline: 2, .ellipse: 2, .text: 1][shape.kind] ?? 1
            if shape.points.count < fewest { problems.append("\(subject): too few points") }
            if !shape.points.allSatisfy({ finite($0.x, $0.y) }) { problems.append("\(subject): a point is not finite") }
            if !(SchemeLimits.isSize(shape.width) && SchemeLimits.isSize(shape.size)) {
                problems.append("\(subject): width and size must be between 0 and 1000")
            }
            if shape.kind != .text && (!shape.text.isEmpty || shape.size != 0) {
                problems.append("\(subject): text or size on a \(shape.kind.rawValue)")
            }
        }
        return problems
    }
}
