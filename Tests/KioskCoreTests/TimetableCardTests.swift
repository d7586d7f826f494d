import Foundation
@testable import LiveTimetable
import MetroMap
import Network
import Overlay
import Raster
import Testing
import TestSupport
@testable import KioskCore

/// The journey card worded from the real timetable: BART 2019 linked to pMetro's San Francisco scheme (read in
/// place from ../shared/data). Each case builds its own timetable: nothing mutable is shared between parallel cases.
struct TimetableCardTests {
    /// The scheme, the timetable as the kiosk holds it, and the scheme station linked to each BART stop id.
    static func bart() throws -> (map: MetroMap, timetable: KioskTimetable, station: [String: String]) {
        let map = try PMetroImporter.importCity(directory: RepositoryPaths.sharedData("maps/pmetro-san-francisco").path).map
        let timetable = TimetableCompiler.compile(try GTFSReader.read(path: RepositoryPaths.sharedData("gtfs/bart-2019/gtfs.zip").path))
        let links = StationLinker.link(map: map, timetable: timetable).links
        let kiosk = KioskTimetable(timetable: timetable, links: Dictionary(links.map { ($0.station, $0.stop) }, uniquingKeysWith: { a, _ in a }))
        return (map, kiosk, Dictionary(links.map { ($0.stop, $0.station) }, uniquingKeysWith: { a, _ in a }))
    }

    /// "2019-08-07 14:03" in BART's zone.
    static func moment(_ text: String, _ timetable: KioskTimetable) throws -> Date {
        try #require(timetable.instant(local: text))
    }

    @Test func theCardSaysLeaveAndArriveWithEachRidesHeadsignAndTimes() throws {
        let (map, timetable, station) = try Self.bart()
        let from = try #require(station["PITT"]), to = try #require(station["FRMT"])
        let card = TimedJourneyCard(map: map, graph: StationGraph(map: map), timetable: timetable)
        let content = try #require(card.content(destination: to, origin: from, language: nil,
                                                at: try Self.moment("2019-08-07 14:03", timetable), stepFree: false))
        // `route --at "2019-08-07 14:03"` from Pittsburg/Bay Point to Fremont arrives 15:23 changing at MacArthur
        // (issue 31's note); the card states the same journey in the feed's wall clock.
        #expect(content.summary.hasPrefix("leave 14:"), "\(content.summary)")
        #expect(content.summary.contains("arrive 15:23"), "\(content.summary)")
        #expect(content.summary.contains("1 change"))
        #expect(!content.isEstimated && !content.summary.contains("≈"))
        let rides = content.steps.filter { $0.kind == .ride }
        #expect(rides.count == 2)
        // Each ride: its departure time first, the trip's headsign, its arrival time last.
        for ride in rides {
            #expect(ride.text.range(of: #"^\d\d:\d\d "#, options: .regularExpression) != nil, "\(ride.text)")
            #expect(ride.text.range(of: #" → \d\d:\d\d$"#, options: .regularExpression) != nil, "\(ride.text)")
            #expect(ride.text.contains("towards "), "\(ride.text)")
        }
        let headsigns = Set(timetable.timetable.trips.map(\.headsign))
        #expect(rides.allSatisfy { ride in headsigns.contains { !$0.isEmpty && ride.text.contains("towards \($0)") } })
        #expect(content.steps.contains { $0.kind == .change })
        #expect(content.steps.last?.kind == .alight && content.steps.last?.text.hasSuffix("15:23") == true)
        // The route on the map runs through the timetable's stations, the kiosk's first.
        #expect(content.routeStationIDs.first == from && content.routeStationIDs.last == to)
        // The tapped station's departures: one row per line and direction, minutes to go.
        #expect(!content.departures.isEmpty)
        #expect(content.departures.allSatisfy { $0.title.contains("towards") && ($0.times.contains("min") || $0.times.contains("due")) })
    }

    @Test func aJourneyTheTimetableCannotTimeKeepsTheSchemesMinutesMarkedEstimated() throws {
        let (map, timetable, station) = try Self.bart()
        let from = try #require(station["PITT"])
        // A scheme station no BART stop is linked to (Caltrain's, in the same city scheme).
        let linked = Set(timetable.links.keys)
        let graph = StationGraph(map: map)
        let unlinked = try #require(map.stations.map(\.id).sorted().first { id in
            !linked.contains(id) && map.station(id: id)?.isPlaced == true && graph.quickestRoute(from: from, to: id) != nil
        })
        let card = TimedJourneyCard(map: map, graph: graph, timetable: timetable)
        let content = try #require(card.content(destination: unlinked, origin: from, language: nil,
                                                at: try Self.moment("2019-08-07 14:03", timetable), stepFree: false))
        #expect(content.isEstimated)
        #expect(content.summary.contains("≈"), "\(content.summary)")
        #expect(!content.summary.contains("leave"))
        #expect(content.departures.isEmpty)
    }

    @Test func departuresTickDownAndTheDaysLastTrainIsMarked() throws {
        let (map, timetable, station) = try Self.bart()
        let card = TimedJourneyCard(map: map, graph: StationGraph(map: map), timetable: timetable)
        let powell = try #require(station["POWL"])
        let early = try #require(card.content(destination: powell, origin: powell, language: nil,
                                              at: try Self.moment("2019-08-07 14:00", timetable), stepFree: false))
        let later = try #require(card.content(destination: powell, origin: powell, language: nil,
                                              at: try Self.moment("2019-08-07 14:01", timetable), stepFree: false))
        #expect(early.departures.count == later.departures.count)
        #expect(early.departures != later.departures, "a minute later the minutes to go are fewer")
        // Late in the evening, each direction ends with a train marked as the last (BART's last trains leave
        // Powell St before 01:00 on the next calendar day, still the 7th's service day).
        let night = try #require(card.content(destination: powell, origin: powell, language: nil,
                                              at: try Self.moment("2019-08-07 23:55", timetable), stepFree: false))
        #expect(night.departures.contains { $0.times.contains("last train") }, "\(night.departures)")
    }
}

/// The station card's departures are worded again as the clock runs and drawn over the map the kiosk already has:
/// the card's picture changes each minute, the map is not rasterised again for it.
struct TimetableCardLoopTests {
    final class CountingOutput: KioskOutput {
        let width = 640, height = 400, refreshMillihertz = 60_000
        let clock: SimulatedClock
        init(clock: SimulatedClock) { self.clock = clock }
        func present(_ frame: PixelBuffer, damage: IntRect?, predictedMicroseconds: Int64) throws -> Int64 {
            clock.advance(to: predictedMicroseconds)
            return predictedMicroseconds
        }
    }

    @Test func departuresTickDownWithoutRedrawingTheMap() throws {
        let (map, timetable, station) = try TimetableCardTests.bart()
        let here = try #require(station["POWL"]), there = try #require(station["EMBR"])
        var config = KioskConfig()
        config.map.youAreHere = here
        config.kiosk.idleTimeoutSeconds = 0
        let clock = SimulatedClock(startMicroseconds: 0)
        let loop = try KioskLoop(map: map, config: config, fonts: nil, input: TraceInput(frames: []),
                                 output: CountingOutput(clock: clock), clock: clock, timetable: timetable)
        // 14:00:30 on the 7th, moving with the simulated clock: a snapshot's `--at`.
        let start = try #require(timetable.instant(local: "2019-08-07 14:00")).addingTimeInterval(30)
        loop.wallClock = { start.addingTimeInterval(Double(clock.nowMicroseconds) / 1_000_000) }
        var records: [FrameRecord] = []
        loop.onFrame = { records.append($0) }
        _ = try loop.turn()
        #expect(loop.showJourney(to: there))
        let card = try #require(loop.journey?.card)
        // Until the card rests and the camera has fitted the route.
        while !(records.last.map { $0.state == .idle && $0.card?.state == "resting" } ?? false), clock.nowMicroseconds < 10_000_000 {
            _ = try loop.turn()
        }
        let settled = records.count
        let first = try #require(card.content)
        #expect(!first.departures.isEmpty)
        var contents = [first.departures]
        // Three minutes of wall clock, the loop sleeping between its wakes (one a second for the card).
        var turns = 0
        while clock.nowMicroseconds < 200_000_000, turns < 10_000 {
            _ = try loop.turn()
            turns += 1
            if let now = card.content?.departures, now != contents.last { contents.append(now) }
        }
        let after = records[settled...]
        #expect(contents.count >= 3, "the departures were worded anew as minutes passed: \(contents.count)")
        #expect(!after.isEmpty, "each change went out as a frame")
        #expect(after.allSatisfy { $0.method == .unchanged }, "the map under the card was never drawn again")
        #expect(turns < 1_000, "the loop slept between the card's wakes")
    }
}

extension TimetableCardLoopTests {
    @Test func accessStepFreeReachesTheKiosksJourneys() throws {
        let (map, timetable, station) = try TimetableCardTests.bart()
        var config = KioskConfig()
        let powell: String = try #require(station["POWL"])
        config.map.youAreHere = powell
        let clock = SimulatedClock(startMicroseconds: 0)
        let plain = try KioskLoop(map: map, config: config, fonts: nil, input: TraceInput(frames: []),
                                  output: CountingOutput(clock: clock), clock: clock, timetable: timetable)
        #expect(plain.journey?.stepFree() == false)
        config.access.stepFree = true
        let stepFree = try KioskLoop(map: map, config: config, fonts: nil, input: TraceInput(frames: []),
                                     output: CountingOutput(clock: clock), clock: clock, timetable: timetable)
        #expect(stepFree.journey?.stepFree() == true)
        let embarcadero = try #require(station["EMBR"])
        // BART 2019 runs on 2019 dates only: the card is worded at a moment of the feed.
        let at = try #require(timetable.instant(local: "2019-08-07 14:00"))
        stepFree.wallClock = { at }
        let content = try #require(stepFree.journey?.journey(to: embarcadero, language: nil))
        #expect(content.summary.hasSuffix("step-free"), "\(content.summary)")
    }
}

/// `snapshot --route FROM,TO --at …` with a timetable: the card as a kiosk words it at that moment, the same
/// pixels each time (the wall clock is the fixed moment moved by the simulated clock, nothing of the machine's).
struct TimedRouteSnapshotTests {
    @Test func theCardSnapshotWithTimesIsDeterministic() throws {
        let (map, timetable, station) = try TimetableCardTests.bart()
        let from = try #require(station["PITT"]), to = try #require(station["FRMT"])
        let at = try #require(timetable.instant(local: "2019-08-07 14:03"))
        let fonts = FontStack(fonts: [try Font.loadDefault()])
        func render(_ at: Date?) throws -> PixelBuffer {
            try KioskStill.render(.route(from: from, to: to), settings: KioskConfig(), map: map, fonts: fonts, width: 900, height: 640,
                                     timetable: timetable, at: at)
        }
        let first = try render(at), second = try render(at)
        func pixels(_ buffer: PixelBuffer) -> [UInt32] { (0..<buffer.height).flatMap { Array(UnsafeBufferPointer(start: buffer.row($0), count: buffer.width)) } }
        let same = pixels(first) == pixels(second)
        #expect(same, "the same moment gives the same picture")
        // Another moment words another card: the summary's times, shown at peek, differ.
        let later = try render(at.addingTimeInterval(20 * 60))
        let differs = pixels(later) != pixels(first)
        #expect(differs, "twenty minutes later the card says other times")
    }
}
