import Foundation
import MetroMap
import Network
import Overlay
import Physics
import Raster
import Testing
import TestSupport
@testable import KioskCore

/// The README's demo shows the product's times: configs/demo.toml names Novograd's own small GTFS feed (demo/gtfs,
/// compiled when the kiosk starts) and the links of the demo map's stations to it (demo/links.toml, as link-gtfs
/// writes them), and the card a tap raises says when to leave and lists the next departures, today and decades on.
struct DemoTimetableTests {
    static let configPath = RepositoryPaths.file("configs/demo.toml").path

    @Test func theDemoConfigLoadsTheTimetableAndLinksEveryStation() throws {
        let session = try KioskSession(configPath: Self.configPath)
        let timetable = try #require(session.timetable, "configs/demo.toml names a timetable")
        #expect(Set(timetable.links.keys) == Set(session.map.stations.map(\.id)))
        #expect(Set(timetable.timetable.routes.map(\.id)) == Set(session.map.lines.map(\.id)))
    }

    /// demo/links.toml is what linking the feed to the map gives now: an edit to either shows up here.
    @Test func theCommittedLinksAreAFreshLink() throws {
        let map = try BundledMap.loadDemo()
        let timetable = try TimetableSource.load(path: RepositoryPaths.file("demo/gtfs").path)
        let committed = LinksFile.read(path: RepositoryPaths.file("demo/links.toml").path)
        #expect(committed.problems.isEmpty)
        // The ring's stations share names with the stations they cross (Theatre, Upper Town…): pinned there, as
        // an operator pins what names cannot tell apart, and kept by link-gtfs as it keeps them here.
        let pinned = committed.entries.filter(\.pinned).map { StationLinker.Link(station: $0.station, stop: $0.stop, similarity: 1) }
        let fresh = StationLinker.link(map: map, timetable: timetable, pinned: pinned)
        #expect(fresh.links.count == map.stations.count, "\(fresh.report)")
        #expect(Set(committed.entries.map { "\($0.station)=\($0.stop)" }) == Set(fresh.links.map { "\($0.station)=\($0.stop)" }))
    }

    @Test(arguments: ["2026-11-27 14:00", "2061-02-03 03:10"])
    func theCardSaysWhenToLeaveAndListsDepartures(at moment: String) throws {
        let session = try KioskSession(configPath: Self.configPath)
        let timetable = try #require(session.timetable)
        let clock = SimulatedClock(startMicroseconds: 0)
        let output = KioskStill.LastFrameOutput(width: 1280, height: 800, clock: clock)
        let loop = try KioskLoop(map: session.map, config: session.config, fonts: nil, input: TraceInput(frames: []),
                                 output: output, clock: clock, timetable: timetable)
        let instant = try #require(timetable.instant(local: moment))
        loop.wallClock = { instant }
        _ = try loop.turn()
        // The tour's tap: Bastion on the ring, from Central Square.
        #expect(loop.showJourney(to: "bastion"))
        let content = try #require(loop.journey?.card.content)
        #expect(content.summary.hasPrefix("leave "), "\(moment): \(content.summary)")
        #expect(!content.isEstimated)
        #expect(content.steps.contains { $0.text.contains("towards") }, "\(content.steps.map(\.text))")
        #expect(content.departures.count == 2, "the ring both ways: \(content.departures)")
        #expect(content.departures.allSatisfy { $0.times.contains("min") || $0.times.contains("due") }, "\(content.departures)")
    }
}
