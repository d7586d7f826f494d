import Foundation
import MetroMap
import Testing
import TestSupport
@testable import Overlay

/// What the journey card says agrees with the route it shows, on every shared pMetro city: the transfers it
/// counts are the change steps it lists, each ride heads for a station the train moves towards, and every line it
/// names is one the map draws (or is said not to be).
struct JourneyTruthTests {
    static let cities = ["berlin", "istanbul", "kolomna", "london", "moscow", "new-york", "san-francisco", "san-paulo",
                         "singapore", "tokyo", "washington"]
    /// A card language per city, so the sentences of several languages are checked.
    static let languages = ["berlin": "de", "istanbul": "tr", "kolomna": "ru", "london": "en", "moscow": "ru",
                            "new-york": "en", "san-francisco": "es", "san-paulo": "fr", "singapore": "zh-Hans",
                            "tokyo": "ja", "washington": "ko"]

    struct Outcome: CustomStringConvertible {
        var routes = 0, rides = 0, transfers = 0, walks = 0, loops = 0, forks = 0, undrawn = 0
        var problems: [String] = []
        var description: String {
            "\(routes) routes, \(rides) rides (\(loops) round a loop, \(forks) before a fork), \(transfers) transfers, "
                + "\(walks) walks to or from a train, \(undrawn) undrawn rides, \(problems.count) mismatches"
        }
    }

    /// Deterministic pairs (SplitMix64), as the route tests draw them.
    static func pairs(count: Int, among size: Int, seed: UInt64) -> [(Int, Int)] {
        var state = seed
        func next() -> Int {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return Int((z ^ (z >> 31)) % UInt64(size))
        }
        return (0..<count).map { _ in (next(), next()) }
    }

    /// Whether the train, having run `ride` (boarding first), moves on towards `target`: it lies on the line ahead
    /// of the alighting station, reached without turning back through a station already ridden. The alighting
    /// station itself only when the line ends there.
    static func isAhead(_ target: String, of ride: [String], on line: MetroLine) -> Bool {
        isAhead(where: { $0 == target }, of: ride, on: line)
    }

    static func isAhead(where isTarget: (String) -> Bool, of ride: [String], on line: MetroLine) -> Bool {
        var neighbours: [String: Set<String>] = [:]
        for hop in line.hops where hop.from != hop.to {
            neighbours[hop.from, default: []].insert(hop.to)
            neighbours[hop.to, default: []].insert(hop.from)
        }
        guard let alighting = ride.last, ride.count >= 2 else { return false }
        let ridden = Set(ride)
        let first = (neighbours[alighting] ?? []).subtracting([ride[ride.count - 2]])
        if isTarget(alighting) && first.isEmpty { return true }
        var seen: Set<String> = [alighting], queue = Array(first)
        while let station = queue.popLast() {
            if isTarget(station) { return true }
            guard seen.insert(station).inserted, !ridden.contains(station) else { continue }
            queue += (neighbours[station] ?? []).subtracting(seen)
        }
        return false
    }

    static func check(city: String, routeCount: Int = 100) throws -> Outcome {
        let map = try PMetroImporter.importCity(directory: RepositoryPaths.sharedData("maps/pmetro-\(city)").path).map
        let language = languages[city]
        let wording = JourneyWording(language: language)
        let graph = StationGraph(map: map)
        let placed = map.stations.filter(\.isPlaced).map(\.id).sorted()
        let drawnLineIDs = Set(map.lines.filter { line in
            line.hops.contains { map.station(id: $0.from)?.isPlaced == true && map.station(id: $0.to)?.isPlaced == true }
        }.map(\.id))
        let drawnNames = Set(map.lines.filter { drawnLineIDs.contains($0.id) }
            .map { LineNaming.name(of: $0, in: map, language: language) })
        var outcome = Outcome()
        func problem(_ text: String) { outcome.problems.append("\(city): \(text)") }
        for (a, b) in pairs(count: routeCount, among: placed.count, seed: 30) where a != b {
            let origin = placed[a], destination = placed[b]
            guard let route = graph.quickestRoute(from: origin, to: destination),
                  let card = JourneyCardContent(map: map, destination: destination, origin: origin, graph: graph,
                                                language: language) else { continue }
            outcome.routes += 1
            let itinerary = RouteItinerary(route: route, map: map)
            // The count stated is the change steps shown, and the summary states that count.
            let changeSteps = card.steps.filter { $0.kind == .change }.count
            outcome.transfers += changeSteps
            outcome.walks += card.steps.filter { $0.kind == .walk }.count
            if changeSteps != card.transferCount { problem("\(origin) → \(destination): \(changeSteps) change steps, \(card.transferCount) stated") }
            let minutes = Int((itinerary.totalSeconds / 60).rounded())
            let originName = language.flatMap { map.station(id: origin)?.name(in: $0) } ?? map.station(id: origin)?.name ?? ""
            if !card.summary.hasPrefix(wording.summary(minutes, itinerary.isEstimated, changeSteps, originName)) {
                problem("\(origin) → \(destination): summary \"\(card.summary)\" does not state \(changeSteps) transfers")
            }
            for ride in itinerary.rides {
                outcome.rides += 1
                let line = try #require(map.line(id: ride.lineID))
                if ride.heading.rotation != nil {
                    outcome.loops += 1
                    // Back round to the boarding station, or to a stop of its name where a loop is drawn as a
                    // chain (Tokyo's Tochomae1 … Tochomae2).
                    let boardingName = map.station(id: ride.boardingStationID)?.name
                    if !isAhead(where: { map.station(id: $0)?.name == boardingName }, of: ride.stationIDs, on: line) {
                        problem("\(ride.stationIDs): said to go round a loop that does not bring it back")
                    }
                } else {
                    if ride.heading.stationIDs.count > 1 { outcome.forks += 1 }
                    for terminus in ride.heading.stationIDs where !isAhead(terminus, of: ride.stationIDs, on: line) {
                        problem("\(ride.lineID) \(ride.stationIDs.first!) → \(ride.stationIDs.last!): towards \(terminus)")
                    }
                    // "Board at Dongzhimen towards Dongzhimen": never the boarding station's own name.
                    let shown = ride.heading.stationIDs.map { map.station(id: $0)?.name }
                    if shown.contains(map.station(id: ride.boardingStationID)?.name) {
                        problem("\(ride.lineID) \(ride.stationIDs.first!) → \(ride.stationIDs.last!): towards its own boarding station")
                    }
                }
                // A line named on the card is one the map draws, or the card says it is not.
                let name = LineNaming.name(of: line, in: map, language: language)
                if ride.isUndrawn {
                    outcome.undrawn += 1
                    if !card.undrawnLineNames.contains(name) { problem("\(name) ridden off the map, not said so") }
                } else if !drawnNames.contains(name) {
                    problem("\(name) named on the card but not drawn")
                }
            }
            for line in card.station.lines where !drawnNames.contains(line.name) {
                problem("\(destination): chip \"\(line.name)\" names a line the map does not draw")
            }
        }
        print("journey truth \(city): \(outcome)")
        for text in outcome.problems.prefix(5) { print("  \(text)") }
        return outcome
    }

    @Test(arguments: cities)
    func theCardAgreesWithItsRoute(_ city: String) throws {
        let outcome = try Self.check(city: city)
        // Istanbul's lines are mostly separate (65 of the 100 pairs connect).
        #expect(outcome.routes >= 60)
        #expect(outcome.problems.isEmpty, "\(outcome.problems.prefix(10))")
    }
}
