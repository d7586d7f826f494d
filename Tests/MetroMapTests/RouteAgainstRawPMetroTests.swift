import Foundation
import Testing
import TestSupport
@testable import MetroMap

/// The quickest route over the imported scheme against an independent reading of the raw pMetro times.
struct RouteAgainstRawPMetroTests {
    struct Outcome: CustomStringConvertible {
        var pairs = 0, connected = 0, twoOrMoreTransfers = 0
        var maxDifference = 0.0
        var files: [String] = []
        var description: String {
            "\(pairs) pairs (\(connected) connected), max difference \(maxDifference) s, "
                + "\(twoOrMoreTransfers) with ≥2 transfers, files \(files.joined(separator: "+"))"
        }
    }

    /// Deterministic pairs: SplitMix64 over the sorted stations, so every run checks the same journeys.
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

    static func check(city: String, pairCount: Int = 40) throws -> Outcome {
        let directory = RepositoryPaths.sharedData("maps").appendingPathComponent("pmetro-\(city)")
        let imported = try PMetroImporter.importCity(directory: directory.path).map
        let importedLines = Set(imported.lines.map(\.name))
        // Every .trp of the folder, Metro.trp first (the others' transfers name its lines). An importer that reads
        // only Metro.trp is compared on that file alone, and must then carry exactly its lines.
        let all = try FileManager.default.contentsOfDirectory(atPath: directory.path)
            .filter { $0.lowercased().hasSuffix(".trp") }
            .sorted { ($0.lowercased() == "metro.trp" ? 0 : 1, $0) < ($1.lowercased() == "metro.trp" ? 0 : 1, $1) }
        var files = all
        var raw = try RawPMetroTimetable(files: files.map { directory.appendingPathComponent($0) })
        if raw.lineNames != importedLines {
            files = [all[0]]
            raw = try RawPMetroTimetable(files: [directory.appendingPathComponent(all[0])])
        }
        #expect(raw.lineNames == importedLines, "\(city): lines the importer kept differ from the raw files")

        // Station ids are "<line>/<name as listed in Stations=>" (the importer's documented contract); the shown
        // name may be an alias (London's "Woodford I" and "Woodford II" both show "Woodford").
        var idOfNode: [Int: String] = [:]
        for line in imported.lines {
            for id in line.stationIDs {
                guard let slash = id.firstIndex(of: "/") else { continue }
                if let node = raw.node(line: line.name, station: String(id[id.index(after: slash)...])) { idOfNode[node] = id }
            }
        }
        try #require(!raw.nodes.isEmpty, "\(city): the raw reader found no stations")
        let nodes = raw.nodes.indices.filter { idOfNode[$0] != nil }.sorted { raw.nodes[$0] < raw.nodes[$1] }
        let unmatched = raw.nodes.indices.filter { idOfNode[$0] == nil }.map { raw.nodes[$0] }
        #expect(unmatched.isEmpty, "\(city): raw stations without an imported station: \(unmatched)")

        let graph = StationGraph(map: imported)
        var outcome = Outcome(files: files)
        for (a, b) in pairs(count: pairCount, among: nodes.count, seed: 17) {
            let start = try #require(idOfNode[nodes[a]]), goal = try #require(idOfNode[nodes[b]])
            let expected = raw.quickestSeconds(from: nodes[a], to: nodes[b])
            let route = graph.quickestRoute(from: start, to: goal, drawnOnly: false)
            outcome.pairs += 1
            #expect((expected == nil) == (route == nil), "\(city): \(start) → \(goal) connected in only one reading")
            guard let expected, let route else { continue }
            outcome.connected += 1
            outcome.maxDifference = max(outcome.maxDifference, abs(route.totalSeconds - expected))
            #expect(abs(route.totalSeconds - expected) <= 1, "\(city): \(start) → \(goal)")

            let itinerary = RouteItinerary(route: route, map: imported)
            if itinerary.transferCount >= 2 { outcome.twoOrMoreTransfers += 1 }
            // The steps cover the route exactly: their times add up, rides chain through the changes.
            var seconds = 0.0
            var walked: [String] = [start]
            for step in itinerary.steps {
                switch step {
                case .ride(let ride):
                    seconds += ride.seconds
                    #expect(ride.boardingStationID == walked.last)
                    walked += ride.stationIDs.dropFirst()
                    let line = try #require(imported.lines.first { $0.id == ride.lineID })
                    #expect(line.stationIDs.contains(ride.towardsStationID))
                case .change(let change):
                    seconds += change.walkSeconds
                    #expect(change.stationIDs.first == walked.last)
                    walked += change.stationIDs.dropFirst()
                }
            }
            #expect(walked == route.stationIDs)
            #expect(abs(seconds - route.totalSeconds) < 1e-6)
            #expect(itinerary.transferCount == max(0, itinerary.rides.count - 1))
            // The count stated is the change steps listed; a walk that is not a change leads to the first ride or
            // from the last.
            let changes = itinerary.steps.enumerated().compactMap { index, step -> (Int, RouteItinerary.Change)? in
                if case .change(let change) = step { (index, change) } else { nil }
            }
            #expect(changes.filter { $0.1.isTransfer }.count == itinerary.transferCount)
            for (index, change) in changes where !change.isTransfer {
                #expect(index == 0 || index == itinerary.steps.count - 1, "\(city): a walk inside \(start) → \(goal)")
            }
            for ride in itinerary.rides {
                #expect(imported.station(id: ride.towardsStationID)?.name != imported.station(id: ride.boardingStationID)?.name
                        || ride.heading.rotation != nil, "\(city): \(ride.stationIDs) heads for its boarding station")
            }
        }
        print("route check \(city): \(outcome)")
        return outcome
    }

    @Test func moscowRoutesMatchTheRawTimes() throws {
        let outcome = try Self.check(city: "moscow")
        #expect(outcome.connected == outcome.pairs)
        #expect(outcome.twoOrMoreTransfers >= 5)
    }

    @Test func londonRoutesMatchTheRawTimes() throws {
        let outcome = try Self.check(city: "london")
        #expect(outcome.connected >= outcome.pairs * 9 / 10)
        #expect(outcome.twoOrMoreTransfers >= 3)
    }

    @Test func berlinRoutesMatchTheRawTimes() throws {
        let outcome = try Self.check(city: "berlin")
        // The importer reads every .trp of the folder: the U-Bahn's Metro.trp and the S-Bahn's own file.
        #expect(outcome.files == ["Metro.trp", "S-Bahn.trp"])
        #expect(outcome.connected >= outcome.pairs * 9 / 10)
        #expect(outcome.twoOrMoreTransfers >= 3)
    }
}
