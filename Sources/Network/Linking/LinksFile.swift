import Diagnostics
import Foundation
import MetroMap
import OutputFile
import TOMLDocument

/// LINKS.toml: which timetable stop each scheme station is. One `[[link]]` table per linked station:
///
///     [[link]]
///     station = "Line1/Powell Street"   # the scheme's station id
///     stop = "POWL"                     # the GTFS station's or platform's stop_id
///     pinned = true                     # optional: an operator's override, kept when link-gtfs runs again
///
/// `link-gtfs` writes it with the report of what did not match as comments at the end; `check-config` reads it
/// back and checks every station and stop against the map and the timetable, located.
public enum LinksFile {
    public struct Entry: Sendable, Equatable {
        public var station: String
        public var stop: String
        public var pinned: Bool
        /// Where `station` and `stop` are written.
        public var position: SourcePosition
        public var stopPosition: SourcePosition

        public init(station: String, stop: String, pinned: Bool = false, position: SourcePosition = .init(line: 0, column: 0),
                    stopPosition: SourcePosition = .init(line: 0, column: 0)) {
            self.station = station
            self.stop = stop
            self.pinned = pinned
            self.position = position
            self.stopPosition = stopPosition
        }
    }

    public static func text(links: [StationLinker.Link], pinned: Set<String>, report: [String], header: String) -> String {
        var text = "# metro-kiosk links: scheme stations (station) to timetable stops (stop).\n"
        text += header.split(separator: "\n").map { "# " + $0 + "\n" }.joined()
        text += "# Pin an override with `pinned = true`: link-gtfs keeps it when run again.\n"
        for link in links {
            text += "\n[[link]]\nstation = \(TOMLText.quoted(link.station))\nstop = \(TOMLText.quoted(link.stop))\n"
            if pinned.contains(link.station) { text += "pinned = true\n" }
        }
        if !report.isEmpty {
            text += "\n# Not matched:\n"
            text += report.map { "# " + $0.replacingOccurrences(of: "\n", with: " ") + "\n" }.joined()
        }
        return text
    }

    /// The entries of a links file and located problems (syntax, missing keys, wrong types, a station twice); an
    /// entry with a problem is left out.
    public struct Contents: Sendable {
        public var entries: [Entry]
        public var problems: [Diagnostic]
    }

    public static func read(path: String) -> Contents {
        guard let data = FileManager.default.contents(atPath: path) else {
            return Contents(entries: [], problems: [Diagnostic(file: path, line: 0, message: "cannot be read")])
        }
        let text: String
        switch SourceText.decode([UInt8](data), file: path) {
        case .success(let decoded): text = decoded
        case .failure(let problem): return Contents(entries: [], problems: [problem])
        }
        return parse(text: text, file: path)
    }

    public static func parse(text: String, file: String) -> Contents {
        let root: TOMLTable, locator: TOMLSourceLocator
        switch LocatedTOML.parse(text, file: file) {
        case .success(let document): (root, locator) = (document.root, document.locator)
        case .failure(let syntax): return Contents(entries: [], problems: [syntax])
        }
        var problems: [Diagnostic] = []
        var entries: [Entry] = []
        for key in root.keys where key != "link" {
            problems.append(Diagnostic(file: file, position: locator.bestPosition(for: key),
                                       message: "unknown key '\(key)' (a links file holds [[link]] tables)"))
        }
        guard let value = root["link"] else { return Contents(entries: [], problems: problems) }
        guard let array = value.array else {
            return Contents(entries: [], problems: problems + [Diagnostic(file: file, position: locator.bestPosition(for: "link"),
                                                                          message: "'link' must be an array of tables ([[link]])")])
        }
        var seen: [String: SourcePosition] = [:]
        for index in 0..<array.count {
            let path = "link[\(index)]"
            let where_ = locator.bestPosition(for: path)
            guard let table = array[index].table else {
                problems.append(Diagnostic(file: file, position: where_, message: "link \(index + 1): must be a table"))
                continue
            }
            for key in table.keys where !["station", "stop", "pinned"].contains(key) {
                problems.append(Diagnostic(file: file, position: locator.bestPosition(for: path + "." + key),
                                           message: "link \(index + 1): unknown key '\(key)' (expected one of: pinned, station, stop)"))
            }
            guard let station = table["station"]?.string, !station.isEmpty else {
                problems.append(Diagnostic(file: file, position: locator.bestPosition(for: path + ".station"),
                                           message: "link \(index + 1): missing 'station' (the scheme's station id, a string)"))
                continue
            }
            guard let stop = table["stop"]?.string, !stop.isEmpty else {
                problems.append(Diagnostic(file: file, position: locator.bestPosition(for: path + ".stop"),
                                           message: "link \(index + 1): missing 'stop' (a GTFS stop_id, a string)"))
                continue
            }
            var pinned = false
            if let flag = table["pinned"] {
                guard let value = flag.bool else {
                    problems.append(Diagnostic(file: file, position: locator.bestPosition(for: path + ".pinned"),
                                               message: "link \(index + 1): 'pinned' must be true or false"))
                    continue
                }
                pinned = value
            }
            let position = locator.bestPosition(for: path + ".station")
            if let first = seen[station] {
                problems.append(Diagnostic(file: file, position: position,
                                           message: "station \"\(station)\" is linked twice (first at line \(first.line))"))
                continue
            }
            seen[station] = position
            entries.append(Entry(station: station, stop: stop, pinned: pinned, position: position,
                                 stopPosition: locator.bestPosition(for: path + ".stop")))
        }
        return Contents(entries: entries, problems: problems)
    }

    /// Entries naming a station the map lacks or a stop the timetable lacks, located.
    public static func problems(in entries: [Entry], file: String, map: MetroMap, timetable: Timetable?) -> [Diagnostic] {
        var problems: [Diagnostic] = []
        let stopIDs = timetable.map { Set($0.stops.map(\.id)) }
        for entry in entries {
            if map.station(id: entry.station) == nil {
                let hint = NearestName.suggestion(for: entry.station, among: map.stations.map(\.id)).map { "; did you mean \"\($0)\"?" } ?? ""
                problems.append(Diagnostic(file: file, position: entry.position,
                                           message: "no station \"\(entry.station)\" in the map \(map.name)" + hint))
            }
            if let stopIDs, !stopIDs.contains(entry.stop) {
                problems.append(Diagnostic(file: file, position: entry.stopPosition,
                                           message: "no stop \"\(entry.stop)\" in the timetable"))
            }
        }
        return problems
    }
}
