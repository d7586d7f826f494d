import Foundation
import Testing
import TestSupport
@testable import MetroMap

/// `towards` on the path actually ridden: branches, lassos and loops, on made-up lines and on real pMetro schemes.
struct RideHeadingTests {
    static func map(_ points: [String: (Double, Double)], _ lines: [MetroLine]) -> MetroMap {
        let stations = points.keys.sorted().map { id in
            Station(id: id, name: id, position: points[id].map { SchemePoint(x: $0.0, y: $0.1) })
        }
        return MetroMap(name: "t", bounds: SchemeRect(x: -100, y: -100, width: 200, height: 200), stations: stations,
                        lines: lines)
    }

    static func line(_ id: String, _ segments: [[String]]) -> MetroLine {
        MetroLine(id: id, name: id, color: RGBColor(red: 0, green: 0, blue: 0), segments: segments)
    }

    /// Beijing's Airport Express as pMetro lists it: Dongzhimen, Sanyuanqiao, round T3 and T2 back to Sanyuanqiao
    /// and Dongzhimen. Drawn as one segment that ends where it starts, it used to say "towards Dongzhimen" to a
    /// traveller boarding at Dongzhimen.
    @Test func aLassoHeadsForItsJunctionNeverBackToTheBoardingStation() {
        let express = Self.line("airport", [["D", "S", "T3", "T2", "S", "D"]])
        let map = Self.map(["D": (0, 0), "S": (10, 0), "T3": (20, -5), "T2": (20, 5)], [express])
        let outbound = RideHeading.of(ride: ["D", "S", "T3"], on: express, in: map, interchanges: [])
        #expect(outbound == RideHeading(stationIDs: ["S"]))
        // Boarding inside the loop: round it, through the junction and on to Dongzhimen.
        let round = RideHeading.of(ride: ["T3", "T2"], on: express, in: map, interchanges: [])
        #expect(round == RideHeading(stationIDs: ["D"]))
        let home = RideHeading.of(ride: ["T2", "S"], on: express, in: map, interchanges: [])
        #expect(home == RideHeading(stationIDs: ["D"]), "from the loop, straight on through the junction")
        let graph = StationGraph(map: map)
        let itinerary = RouteItinerary(route: graph.quickestRoute(from: "D", to: "T3")!, map: map)
        #expect(itinerary.rides.map(\.towardsStationID) == ["S"])
    }

    /// A square loop drawn top, right, bottom, left: y grows downward, so top → right turns clockwise as seen.
    @Test func aLoopSaysItsSenseAndNamesTheNextInterchange() {
        let ring = Self.line("ring", [["N", "E", "S", "W", "N"]])
        let map = Self.map(["N": (0, -10), "E": (10, 0), "S": (0, 10), "W": (-10, 0)], [ring])
        let clockwise = RideHeading.of(ride: ["N", "E"], on: ring, in: map, interchanges: ["W"])
        #expect(clockwise == RideHeading(stationIDs: ["W"], rotation: .clockwise))
        let anticlockwise = RideHeading.of(ride: ["E", "N", "W"], on: ring, in: map, interchanges: [])
        #expect(anticlockwise == RideHeading(stationIDs: ["S"], rotation: .anticlockwise))
        // Without coordinates the sense cannot be told: the next station ahead is named instead.
        let unplaced = Self.map(["N": (0, -10)], [ring])
        #expect(RideHeading.of(ride: ["N", "E"], on: ring, in: unplaced, interchanges: [])
            == RideHeading(stationIDs: ["S"]))
    }

    /// A trunk A–F forks at F into B1–B2 (up) and C1–C2 (down). Riding the trunk towards the fork, trains go to
    /// either branch: both termini are named. Coming off a branch, the trunk runs straight on.
    @Test func aForkAheadNamesEveryTerminusAndABranchRunsStraightOntoTheTrunk() {
        let forked = Self.line("y", [["A", "F", "B1", "B2"], ["F", "C1", "C2"]])
        let map = Self.map(["A": (0, 0), "F": (10, 0), "B1": (20, -6), "B2": (30, -12), "C1": (20, 6), "C2": (30, 12)],
                           [forked])
        #expect(RideHeading.of(ride: ["A", "F"], on: forked, in: map, interchanges: [])
            == RideHeading(stationIDs: ["B2", "C2"]))
        #expect(RideHeading.of(ride: ["B2", "B1"], on: forked, in: map, interchanges: [])
            == RideHeading(stationIDs: ["A"]))
        // On a branch, the ridden path has chosen it.
        #expect(RideHeading.of(ride: ["A", "F", "C1"], on: forked, in: map, interchanges: [])
            == RideHeading(stationIDs: ["C2"]))
        // Pieces of one line drawn apart are followed through; the end of the line is its own terminus.
        let pieces = Self.line("p", [["p", "q"], ["r", "q"], ["r", "s"]])
        let straight = Self.map(["p": (0, 0), "q": (1, 0), "r": (2, 0), "s": (3, 0)], [pieces])
        #expect(RideHeading.of(ride: ["p", "q"], on: pieces, in: straight, interchanges: []).stationIDs == ["s"])
        #expect(RideHeading.of(ride: ["r", "s"], on: pieces, in: straight, interchanges: []).stationIDs == ["s"])
    }

    /// A loop with a spur (Berlin's Ring, Singapore's Circle): at the junction the branch coming back round to
    /// the boarding station carries the loop on; and a branch turning back on the arrival (the Northern line's
    /// Camden Town, from the Charing Cross branch towards Euston) is no terminus.
    @Test func aLoopWithASpurStaysALoopAndNoTrainReversesThroughAJunction() {
        let ring = Self.line("ring", [["N", "E", "S", "W", "N"], ["E", "X"]])
        let map = Self.map(["N": (0, -10), "E": (10, 0), "S": (0, 10), "W": (-10, 0), "X": (10, -10)], [ring])
        #expect(RideHeading.of(ride: ["W", "N"], on: ring, in: map, interchanges: [])
            == RideHeading(stationIDs: ["E"], rotation: .clockwise))
        let camden = Self.line("northern", [["P", "F", "A"], ["F", "B"], ["F", "C"]])
        let junction = Self.map(["P": (0, 0), "F": (10, 0), "A": (20, -8), "B": (20, 8), "C": (0, 5)], [camden])
        #expect(RideHeading.of(ride: ["P", "F"], on: camden, in: junction, interchanges: [])
            == RideHeading(stationIDs: ["A", "B"]))
    }

    static func imported(_ city: String) throws -> MetroMap {
        try PMetroImporter.importCity(directory: RepositoryPaths.sharedData("maps/pmetro-\(city)").path).map
    }

    /// The sense round a drawn loop, told independently of the shoelace sum: the turn of each hop about the
    /// centre of the loop's stations (positive z of the cross product is clockwise with y downward).
    static func turnAboutCentre(_ stations: [String], loop: MetroLine, in map: MetroMap) -> RideHeading.Rotation {
        let points = loop.stationIDs.compactMap { map.station(id: $0)?.position }
        let cx = points.map(\.x).reduce(0, +) / Double(points.count)
        let cy = points.map(\.y).reduce(0, +) / Double(points.count)
        var turn = 0.0
        for (a, b) in zip(stations, stations.dropFirst()) {
            guard let p = map.station(id: a)?.position, let q = map.station(id: b)?.position else { continue }
            turn += (p.x - cx) * (q.y - cy) - (p.y - cy) * (q.x - cx)
        }
        return turn > 0 ? .clockwise : .anticlockwise
    }

    /// Moscow's Koltsevaya (line 5) is a drawn loop: every ride on it says its sense, the same one the stations
    /// turn about the ring's centre, and names an interchange ahead.
    @Test func moscowsRingLineSaysClockwiseOrAnticlockwise() throws {
        let map = try Self.imported("moscow")
        let ring = try #require(map.line(id: "line5"))
        #expect(ring.hasLoop && !ring.hasBranch)
        let order = try #require(ring.segments.first { $0.first == $0.last })
        let interchanges = map.interchangeStationIDs
        var senses = Set<RideHeading.Rotation>()
        for start in 0..<(order.count - 1) {
            for length in [1, 3] {
                let forward = (0...length).map { order[(start + $0) % (order.count - 1)] }
                for ride in [forward, forward.reversed()] {
                    let heading = RideHeading.of(ride: ride, on: ring, in: map, interchanges: interchanges)
                    let expected = Self.turnAboutCentre(ride, loop: ring, in: map)
                    #expect(heading.rotation == expected, "\(ride)")
                    #expect(heading.stationIDs.count == 1 && interchanges.contains(heading.stationIDs[0]))
                    senses.insert(expected)
                }
            }
        }
        #expect(senses == [.clockwise, .anticlockwise])
        let kievskaya = try #require(map.station(id: "line5/Киевская")?.position)
        let park = try #require(map.station(id: "line5/Парк культуры")?.position)
        // Kievskaya lies west on the ring and Park Kultury south-west: west → south runs anticlockwise.
        #expect(kievskaya.x < park.x && kievskaya.y < park.y)
        #expect(RideHeading.of(ride: ["line5/Киевская", "line5/Парк культуры"], on: ring, in: map,
                               interchanges: interchanges).rotation == .anticlockwise)
    }

    /// Tokyo's Oedo line as pMetro draws it: one chain Tochomae1 … Shinjuku, Tochomae2 … Hikarigaoka, both ends
    /// of the loop shown "Tochomae". Boarding at Tochomae round the loop is a loop ride (it used to say "towards
    /// Tochomae" from Tochomae); from the tail the trains run round to Tochomae; from Tochomae out, to Hikarigaoka.
    @Test func tokyosOedoLoopIsALoopThoughDrawnAsAChain() throws {
        let map = try Self.imported("tokyo")
        let oedo = try #require(map.line(id: "line4"))
        #expect(oedo.name == "Oedo Line" && !oedo.hasLoop)
        func id(_ name: String) -> String { "line4/" + name }
        let interchanges = map.interchangeStationIDs
        let round = [id("Tochomae2"), id("Shinjuku"), id("Yoyogi")]
        let heading = RideHeading.of(ride: round, on: oedo, in: map, interchanges: interchanges)
        let loop = Array(oedo.segments.joined().prefix { $0 != id("Tochomae2") }) + [id("Tochomae2")]
        #expect(heading.rotation == Self.turnAboutCentre(round, loop: MetroLine(id: "loop", name: "", color: oedo.color,
                                                                                 segments: [loop]), in: map))
        #expect(heading.rotation == .anticlockwise, "Shinjuku (west) to Yoyogi (south)")
        let fromTail = [id("Toshimaen"), id("Nerima"), id("Shin-egota")]
        #expect(RideHeading.of(ride: [id("Nishi-shinjuku-gochome"), id("Tochomae2"), id("Shinjuku")], on: oedo, in: map,
                               interchanges: interchanges) == RideHeading(stationIDs: [id("Tochomae1")]))
        #expect(RideHeading.of(ride: fromTail, on: oedo, in: map, interchanges: interchanges).stationIDs
            == [id("Tochomae1")])
        #expect(RideHeading.of(ride: [id("Tochomae1"), id("Shinjuku-nishiguchi")], on: oedo, in: map,
                               interchanges: interchanges) == RideHeading(stationIDs: [id("Hikarigaoka")]))
    }

    /// London's Circle line as the shared scheme draws it: a closed loop from Baker Street round to Edgware Road.
    @Test func londonsCircleSaysItsSense() throws {
        let map = try Self.imported("london")
        let circle = try #require(map.lines.first { $0.name == "Circle" })
        let stations = circle.stationIDs
        var senses = Set<RideHeading.Rotation>()
        for start in stride(from: 0, to: stations.count - 2, by: 3) {
            let ride = Array(stations[start...(start + 2)])
            for ridden in [ride, ride.reversed()] {
                let heading = RideHeading.of(ride: ridden, on: circle, in: map, interchanges: map.interchangeStationIDs)
                #expect(heading.rotation == Self.turnAboutCentre(ridden, loop: circle, in: map), "\(ridden)")
                senses.formUnion(heading.rotation.map { [$0] } ?? [])
            }
        }
        #expect(senses == [.clockwise, .anticlockwise])
    }
}
