import ArgumentParser
import Foundation
import KioskCore
import MetroMap
import Network
import Diagnostics
import JSONText
import TOMLDocument

/// Prints the quickest route between two stations as JSON, for tests and for operators checking a scheme.
struct RouteCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "route",
        abstract: "Print the quickest route between two stations as JSON.",
        discussion: """
            Uses the lines the map draws (every line only when those do not connect the stations), the scheme's \
            running times (pMetro Driving=) and transfer walking times. A hop without a running \
            time counts 2 min and a transfer without a walking time counts --transfer-penalty-min; either, or a \
            scheme whose hops all have one placeholder time, makes the route "estimated". Steps are "board", \
            "change" (between two rides; `transfers` counts them), "walk" (to the first ride or from the last) and \
            "alight". Exit 65 when a station id is unknown or the stations are not connected.
            """
    )

    @Option(help: "Map file (TOML) or pMetro city folder; without it the configured map (or the demo).")
    var map: String?
    @Option(help: "Config file whose [map] file is used when --map is not given.") var config: String?
    @Option(help: "Station id to start from.") var from: String
    @Option(help: "Station id to reach.") var to: String
    @Option(help: "Minutes a transfer costs when the map gives no walking time.")
    var transferPenaltyMin: Double = 3
    @Option(help: "Compiled timetable (import-gtfs): route by the real timetable instead of the scheme's times; default with --at: the config's [network] timetable.")
    var timetable: String?
    @Option(help: "Links of the map's stations to the timetable's (link-gtfs); default: the config's [network] links.")
    var links: String?
    @Option(help: "When to leave, \"YYYY-MM-DD HH:MM\" in the feed's local time (with --timetable).") var at: String?
    @Flag(help: "With --timetable: only step-free boarding and walks (no stairs or escalators).") var stepFree = false

    func validate() throws {
        guard transferPenaltyMin.isFinite, transferPenaltyMin >= 0 else {
            throw ValidationError("--transfer-penalty-min must be a number of minutes ≥ 0")
        }
    }

    func run() throws {
        let settings = try KioskSettingsArgument.load(config)
        let metroMap = try KioskSettingsArgument.map(override: map, settings: settings)
        let known = Set(metroMap.stations.map(\.id))
        // The option named: with both ids unknown, or the same text in both, the message says which one it is.
        for (option, id) in [("--from", from), ("--to", to)] where !known.contains(id) {
            fail(option + ": no station with id \"\(TOMLText.excerpt(id))\" in \(TOMLText.excerpt(metroMap.name))" + hint(for: id, in: metroMap))
        }
        // --timetable and --links, else the config's [network] keys (relative to the config file).
        func configured(_ path: String?) -> String? {
            guard let path, let config, !path.hasPrefix("/") else { return path }
            return URL(fileURLWithPath: config).deletingLastPathComponent().appendingPathComponent(path).path
        }
        let timetable = self.timetable ?? configured(settings.network.timetable)
        let links = self.links ?? configured(settings.network.links)
        if let timetable, at != nil || self.timetable != nil {
            guard let links, let at else { fail("--timetable needs --links and --at \"YYYY-MM-DD HH:MM\"") }
            do {
                let route = try TimetableRoute.load(map: metroMap, timetablePath: timetable, linksPath: links)
                print(try route.json(from: from, to: to, at: at, stepFree: stepFree))
            } catch {
                fail(error.message)
            }
            return
        }
        let graph = StationGraph(map: metroMap, defaultWalkSeconds: transferPenaltyMin * 60)
        guard let route = graph.quickestRoute(from: from, to: to) else {
            fail("no route from \"\(TOMLText.excerpt(from))\" to \"\(TOMLText.excerpt(to))\" in \(TOMLText.excerpt(metroMap.name)): "
                 + "the network does not connect them")
        }
        let itinerary = RouteItinerary(route: route, map: metroMap)
        print(try JSONWriter([.sortedKeys]).text(encoding: RouteJSON(itinerary: itinerary, map: metroMap, from: from, to: to)))
    }

    private func fail(_ message: String) -> Never {
        FileHandle.standardError.write(Data(("route: " + message + "\n").utf8))
        Self.exit(withError: ExitCode(Sysexit.dataError))
    }

    /// Ids are "line/name" for pMetro maps, so a bare station name (or one behind the wrong line) is a likely
    /// mistake: list the ids of stations by that name.
    private func hint(for id: String, in map: MetroMap) -> String {
        let name = map.stations.contains { $0.name == id } ? id : String(id.split(separator: "/", maxSplits: 1).last ?? "")
        let byName = map.stations.filter { $0.name == name || $0.id.hasSuffix("/" + name) }.map(\.id)
        if !byName.isEmpty {
            return "; stations named \"\(TOMLText.excerpt(name))\": " + byName.prefix(20).map { "\"\(TOMLText.excerpt($0))\"" }.joined(separator: ", ")
        }
        if let close = NearestName.suggestion(for: id, among: map.stations.map(\.id)) { return "; did you mean \"\(close)\"?" }
        return ""
    }
}

/// The JSON shape of `route`: minutes rounded to 0.1, seconds exact.
private struct RouteJSON: Encodable {
    struct Step: Encodable {
        var step: String
        var line: String?
        var lineName: String?
        var towards: String?
        var towardsName: String?
        /// Round a loop: "clockwise" or "anticlockwise" (`towards` is then the next interchange).
        var direction: String?
        /// Beyond a fork the route does not choose: every terminus trains serving the ride run to.
        var termini: [String]?
        /// The ride runs where the map does not draw the line.
        var undrawn: Bool?
        var stops: Int?
        var fromLine: String?
        var toLine: String?
        var station: String?
        var stationName: String?
        var stations: [String]?
        var walkMinutes: Double?
        var minutes: Double?
        var estimated: Bool?

        enum CodingKeys: String, CodingKey {
            case step, line, towards, stops, station, stations, minutes, estimated, direction, termini, undrawn
            case lineName = "line_name", towardsName = "towards_name", fromLine = "from_line", toLine = "to_line"
            case stationName = "station_name", walkMinutes = "walk_minutes"
        }
    }

    var from: String
    var to: String
    var totalMinutes: Double
    var totalSeconds: Double
    var transfers: Int
    var estimated: Bool
    var steps: [Step]
    var stations: [String]

    enum CodingKeys: String, CodingKey {
        case from, to, transfers, estimated, steps, stations
        case totalMinutes = "total_minutes", totalSeconds = "total_seconds"
    }

    init(itinerary: RouteItinerary, map: MetroMap, from: String, to: String) {
        let names = Dictionary(map.stations.map { ($0.id, $0.name) }, uniquingKeysWith: { first, _ in first })
        let lineNames = Dictionary(map.lines.map { ($0.id, $0.name) }, uniquingKeysWith: { first, _ in first })
        func minutes(_ seconds: Double) -> Double { (seconds / 6).rounded() / 10 }
        self.from = from
        self.to = to
        totalSeconds = itinerary.totalSeconds
        totalMinutes = minutes(itinerary.totalSeconds)
        transfers = itinerary.transferCount
        estimated = itinerary.isEstimated
        stations = itinerary.stationIDs
        steps = []
        for step in itinerary.steps {
            switch step {
            case .ride(let ride):
                steps.append(Step(step: "board", line: ride.lineID, lineName: lineNames[ride.lineID],
                                  towards: ride.towardsStationID, towardsName: names[ride.towardsStationID],
                                  direction: ride.heading.rotation?.rawValue,
                                  termini: ride.heading.stationIDs.count > 1 ? ride.heading.stationIDs : nil,
                                  undrawn: ride.isUndrawn ? true : nil, stops: ride.stopCount, station: ride.boardingStationID,
                                  stationName: names[ride.boardingStationID], stations: ride.stationIDs,
                                  minutes: minutes(ride.seconds), estimated: ride.isEstimated))
            case .change(let change):
                let at = change.stationIDs.first ?? ""
                // "walk" to the first train or from the last: not one of the `transfers`, which count "change".
                steps.append(Step(step: change.isTransfer ? "change" : "walk", line: change.toLineID, lineName: change.toLineID.flatMap { lineNames[$0] },
                                  fromLine: change.fromLineID, toLine: change.toLineID, station: at,
                                  stationName: names[at], stations: change.stationIDs,
                                  walkMinutes: minutes(change.walkSeconds), estimated: change.isEstimated))
            }
        }
        if let last = itinerary.stationIDs.last, !itinerary.steps.isEmpty {
            steps.append(Step(step: "alight", station: last, stationName: names[last]))
        }
    }
}
