import Foundation

/// A deliberately small reader of pMetro running times, written apart from the importer so route tests have an
/// independent reference: the `Stations=`/`Driving=` lists of every `[LineN]` and the `[Transfers]` section of the
/// given `.trp` files, as an undirected graph over (line name, station name), with a plain O(n²) Dijkstra.
///
/// Format as documented in PMetroList.swift: `A,B(C,D),E` joins a plain station to the next one and a station with
/// a parenthesised list to exactly the listed neighbours; `Driving=` has the same shape; `-Name` is a one-way
/// neighbour, used both ways; times are minutes.seconds (`2.30` = 150 s, `1.5` = 110 s) and 0 means "not given".
/// A pair listed twice takes its first given time; a hop without one costs `defaultRideSeconds`, a transfer without
/// one `defaultWalkSeconds` (the same defaults `StationGraph` documents).
struct RawPMetroTimetable {
    struct Node: Hashable, Comparable {
        var line: String
        var station: String
        static func < (a: Node, b: Node) -> Bool { (a.line, a.station) < (b.line, b.station) }
    }

    private(set) var nodes: [Node] = []
    private(set) var lineNames: Set<String> = []
    private var index: [Node: Int] = [:]
    /// Cheapest edge between two nodes, both directions.
    private var cost: [Int: [Int: Double]] = [:]

    init(files: [URL], defaultRideSeconds: Double = 120, defaultWalkSeconds: Double = 180) throws {
        var transfers: [[String]] = []
        for file in files {
            let data = try Data(contentsOf: file)
            let text = String(data: data, encoding: .utf8) ?? String(data: data, encoding: .windowsCP1251) ?? ""
            var section = ""
            var entries: [(section: String, key: String, value: String)] = []
            for raw in text.split(whereSeparator: \.isNewline) {
                let line = raw.trimmingCharacters(in: .whitespaces).replacingOccurrences(of: "\u{FEFF}", with: "")
                if line.isEmpty || line.hasPrefix(";") { continue }
                if line.hasPrefix("["), line.hasSuffix("]") {
                    section = String(line.dropFirst().dropLast()).lowercased()
                } else if let equals = line.firstIndex(of: "=") {
                    entries.append((section, line[..<equals].trimmingCharacters(in: .whitespaces).lowercased(),
                                    line[line.index(after: equals)...].trimmingCharacters(in: .whitespaces)))
                }
            }
            let lineSections = Set(entries.map(\.section)).filter { $0.hasPrefix("line") && Int($0.dropFirst(4)) != nil }
            for name in lineSections.sorted() {
                let values = Dictionary(entries.filter { $0.section == name }.map { ($0.key, $0.value) },
                                        uniquingKeysWith: { first, _ in first })
                guard let lineName = values["name"], let stations = values["stations"] else { continue }
                addLine(lineName, stations: Self.list(stations), driving: values["driving"].map(Self.list),
                        defaultRideSeconds: defaultRideSeconds)
            }
            transfers += entries.filter { $0.section == "transfers" }.map { Self.fields($0.value) }
        }
        for fields in transfers where fields.count >= 4 {
            guard let a = index[Node(line: fields[0], station: fields[1])],
                  let b = index[Node(line: fields[2], station: fields[3])] else { continue }
            let seconds = fields.count > 4 ? Self.seconds(fields[4]) : nil
            connect(a, b, seconds ?? defaultWalkSeconds)
        }
    }

    private mutating func addLine(_ lineName: String, stations: [(String, [String]?)], driving: [(String, [String]?)]?,
                                  defaultRideSeconds: Double) {
        lineNames.insert(lineName)
        let names = Set(stations.map(\.0).filter { !$0.isEmpty })
        for (name, _) in stations where !name.isEmpty && index[Node(line: lineName, station: name)] == nil {
            index[Node(line: lineName, station: name)] = nodes.count
            nodes.append(Node(line: lineName, station: name))
        }
        func id(_ name: String) -> Int { index[Node(line: lineName, station: name)]! }
        var pairs: [(Int, Int, Double?)] = []
        for (position, (name, group)) in stations.enumerated() where !name.isEmpty {
            let time = driving.flatMap { position < $0.count ? $0[position] : nil }
            if let group {
                for (slot, written) in group.enumerated() where !written.isEmpty {
                    let neighbour = written.hasPrefix("-") ? String(written.dropFirst()) : written
                    guard names.contains(neighbour) else { continue }
                    let minutes = time?.1.flatMap { slot < $0.count ? $0[slot] : nil }
                    pairs.append((id(name), id(neighbour), minutes.flatMap(Self.seconds)))
                }
            } else if position + 1 < stations.count, !stations[position + 1].0.isEmpty {
                let minutes = time?.1?.first ?? time?.0
                pairs.append((id(name), id(stations[position + 1].0), minutes.flatMap(Self.seconds)))
            }
        }
        // First given time per pair wins; a pair never given a time gets the default.
        var times: [[Int]: Double] = [:]
        var order: [[Int]] = []
        for (a, b, seconds) in pairs where a != b {
            let key = [min(a, b), max(a, b)]
            if times[key] == nil && !order.contains(key) { order.append(key) }
            if times[key] == nil, let seconds { times[key] = seconds }
        }
        for key in order { connect(key[0], key[1], times[key] ?? defaultRideSeconds) }
    }

    private mutating func connect(_ a: Int, _ b: Int, _ seconds: Double) {
        guard a != b else { return }
        cost[a, default: [:]][b] = min(cost[a]?[b] ?? .infinity, seconds)
        cost[b, default: [:]][a] = min(cost[b]?[a] ?? .infinity, seconds)
    }

    func node(line: String, station: String) -> Int? { index[Node(line: line, station: station)] }

    /// Quickest time between two nodes, nil when not connected: Dijkstra by scanning every node for the nearest.
    func quickestSeconds(from start: Int, to goal: Int) -> Double? {
        var distance = [Double](repeating: .infinity, count: nodes.count)
        var done = [Bool](repeating: false, count: nodes.count)
        distance[start] = 0
        for _ in nodes.indices {
            var nearest = -1
            for candidate in nodes.indices where !done[candidate] && distance[candidate] < .infinity {
                if nearest < 0 || distance[candidate] < distance[nearest] { nearest = candidate }
            }
            guard nearest >= 0 else { break }
            if nearest == goal { return distance[goal] }
            done[nearest] = true
            for (next, seconds) in cost[nearest] ?? [:] where distance[nearest] + seconds < distance[next] {
                distance[next] = distance[nearest] + seconds
            }
        }
        return distance[goal].isFinite ? distance[goal] : nil
    }

    /// minutes.seconds; nil for empty, zero or unreadable.
    static func seconds(_ token: String) -> Double? {
        let parts = token.trimmingCharacters(in: .whitespaces).split(separator: ".", omittingEmptySubsequences: false)
        guard let minutes = Int(parts[0]) else { return nil }
        var seconds = 0
        if parts.count == 2 {
            guard let value = Int(parts[1]), parts[1].count <= 2 else { return nil }
            seconds = parts[1].count == 1 ? value * 10 : value
        }
        let total = Double(minutes * 60 + seconds)
        return total > 0 ? total : nil
    }

    /// `A,B(C,D),"E,F"` → [(A, nil), (B, [C, D]), (E,F, nil)].
    static func list(_ text: String) -> [(String, [String]?)] {
        var items: [(String, [String]?)] = []
        var name = "", inner = "", group: [String]?
        var depth = 0, quoted = false
        func unquote(_ s: String) -> String {
            let t = s.trimmingCharacters(in: .whitespaces)
            return t.count >= 2 && t.hasPrefix("\"") && t.hasSuffix("\"") ? String(t.dropFirst().dropLast()) : t
        }
        for character in text + "," {
            if character == "\"" { quoted.toggle() }
            if quoted {
                if depth > 0 { inner.append(character) } else { name.append(character) }
                continue
            }
            switch character {
            case "(" : depth += 1; group = []
            case ")": depth -= 1; group?.append(unquote(inner)); inner = ""
            case "," where depth > 0: group?.append(unquote(inner)); inner = ""
            case ",":
                items.append((unquote(name), group))
                name = ""; group = nil
            default:
                if depth > 0 { inner.append(character) } else { name.append(character) }
            }
        }
        return items
    }

    static func fields(_ text: String) -> [String] { list(text).map(\.0) }
}
