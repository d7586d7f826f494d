import Foundation

/// Counts taken straight from a pMetro folder's raw files, sharing nothing with the importer: bytes are read as
/// Latin-1 (one character per byte, so names compare exactly whatever the real encoding), sections and keys are
/// found by plain string matching, station lists are split with a regular expression. The importer's results
/// are checked against these.
///
/// What counts: every `.trp` of the folder; a line is drawn from `Metro.map` when that places one of its
/// stations, else from the `.map` its `LineMap=` names; a station is counted once (its first place in
/// `Stations=`); a label is a placed station whose `Rects=` box has a positive size; a visible transfer is one
/// not marked invisible, between two different existing stations drawn on the same scheme, counted once per pair.
struct RawPMetroCounts {
    var lines = 0
    var placedStations = 0
    var labels = 0
    var visibleTransfers = 0

    init(directory: URL) throws {
        let files = try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted()
        func named(_ name: String) -> URL? {
            files.first { $0.lowercased() == name.lowercased() }.map { directory.appendingPathComponent($0) }
        }
        var slotsOfLine: [String: [String]] = [:]
        var lineMapOfLine: [String: String] = [:]
        var transferRows: [[String]] = []
        var lineNames: [String] = []
        for file in files where file.lowercased().hasSuffix(".trp") {
            var section = ""
            var name: String?
            for line in try Self.lines(of: directory.appendingPathComponent(file)) {
                if line.hasPrefix("[") { section = line; name = nil; continue }
                if section.range(of: #"^\[Line[0-9]+\]"#, options: .regularExpression) != nil {
                    if line.hasPrefix("Name=") { name = String(line.dropFirst(5)) }
                    // Name= may come after Stations= or LineMap=: keep by section until the name is known.
                    if line.hasPrefix("Stations=") { slotsOfLine[section + file] = Self.slots(line) }
                    if line.hasPrefix("LineMap="), line.count > 8 { lineMapOfLine[section + file] = String(line.dropFirst(8)) }
                    if let name, let slots = slotsOfLine[section + file] { slotsOfLine[name] = slots }
                    if let name, let map = lineMapOfLine[section + file] { lineMapOfLine[name] = map }
                    if let name, slotsOfLine[name] != nil, !lineNames.contains(name) { lineNames.append(name) }
                }
                if section.hasPrefix("[Transfers]"), line.contains("="), !line.hasPrefix(";") {
                    let value = line.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false).last ?? ""
                    transferRows.append(value.split(separator: ",", omittingEmptySubsequences: false)
                        .map { $0.trimmingCharacters(in: .whitespaces) })
                }
            }
        }
        lines = lineNames.count

        func layouts(_ url: URL) throws -> [String: (coordinates: [Double], rects: [Double])] {
            var result: [String: (coordinates: [Double], rects: [Double])] = [:]
            var section = ""
            for line in try Self.lines(of: url) {
                if line.hasPrefix("[") { section = String(line.dropFirst().prefix { $0 != "]" }); continue }
                if line.hasPrefix("Coordinates=") { result[section, default: ([], [])].coordinates = Self.numbers(line) }
                if line.hasPrefix("Rects=") { result[section, default: ([], [])].rects = Self.numbers(line) }
            }
            return result
        }
        func isPlaced(_ numbers: [Double], _ pair: Int) -> Bool {
            guard 2 * pair + 1 < numbers.count else { return false }
            let x = numbers[2 * pair], y = numbers[2 * pair + 1]
            return x >= 0 && y >= 0 && (x != 0 || y != 0)
        }
        let main = try named("Metro.map").map(layouts) ?? [:]
        var schemeOfLine: [String: String] = [:]
        var stationsOfLine: [String: Set<String>] = [:]
        for name in lineNames {
            let slots = slotsOfLine[name] ?? []
            stationsOfLine[name] = Set(slots.filter { !$0.isEmpty })
            var layout = main[name]
            var scheme = "Metro.map"
            let mainPlaced = layout.map { l in (0..<(l.coordinates.count / 2)).contains { isPlaced(l.coordinates, $0) } } ?? false
            if !mainPlaced, let lineMap = lineMapOfLine[name], let url = named(lineMap), let extra = try layouts(url)[name] {
                layout = extra
                scheme = lineMap.lowercased()
            }
            schemeOfLine[name] = scheme
            guard let layout else { continue }
            var seen = Set<String>()
            for (index, station) in slots.enumerated() where !station.isEmpty && seen.insert(station).inserted {
                guard isPlaced(layout.coordinates, index) else { continue }
                placedStations += 1
                if 4 * index + 3 < layout.rects.count, layout.rects[4 * index + 2] > 0, layout.rects[4 * index + 3] > 0 {
                    labels += 1
                }
            }
        }

        var pairs = Set<[String]>()
        for row in transferRows where row.count >= 4 {
            guard let first = stationsOfLine[row[0]], first.contains(row[1]),
                  let second = stationsOfLine[row[2]], second.contains(row[3]) else { continue }
            let a = row[0] + "\u{1}" + row[1], b = row[2] + "\u{1}" + row[3]
            guard a != b, pairs.insert([a, b].sorted()).inserted else { continue }
            if !row.dropFirst(5).contains(where: { $0.lowercased() == "invisible" }), schemeOfLine[row[0]] == schemeOfLine[row[2]] {
                visibleTransfers += 1
            }
        }
    }

    /// `Stations=A,B(C,D),E` → ["A", "B", "E"]: parenthesised neighbour lists removed, then split at commas
    /// (names in this corpus hold no commas or quotes); a trailing comma adds no place.
    private static func slots(_ line: String) -> [String] {
        var value = String(line.dropFirst("Stations=".count))
        value = value.replacingOccurrences(of: #"\([^)]*\)"#, with: "", options: .regularExpression)
        var slots = value.components(separatedBy: ",").map { $0.trimmingCharacters(in: .whitespaces) }
        if slots.last == "" { slots.removeLast() }
        return slots
    }

    private static func lines(of url: URL) throws -> [String] {
        let data = try Data(contentsOf: url)
        let text = String(data.map { Character(Unicode.Scalar($0)) })
        return text.components(separatedBy: .newlines).map { $0.trimmingCharacters(in: .whitespaces) }
    }

    private static func numbers(_ line: String) -> [Double] {
        line.split(separator: "=", maxSplits: 1).last.map {
            $0.split(separator: ",").compactMap { Double($0.trimmingCharacters(in: .whitespaces)) }
        } ?? []
    }
}
