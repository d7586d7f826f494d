import Foundation
import MetroMap
import Network
import Overlay
import Physics
import Raster
import Testing
import TestSupport
@testable import KioskCore

/// "You are here" with a timetable and no journey open lists the kiosk's next departures, per line and direction
/// as the card does; a journey open hides them.
struct YouAreHereDeparturesTests {
    @Test func theCalloutListsTheNextDeparturesUntilAJourneyOpens() throws {
        let session = try KioskSession(configPath: DemoTimetableTests.configPath)
        let timetable = try #require(session.timetable)
        let clock = SimulatedClock(startMicroseconds: 0)
        let output = KioskStill.LastFrameOutput(width: 1280, height: 800, clock: clock)
        let loop = try KioskLoop(map: session.map, config: session.config, fonts: FontStack(fonts: [try Font.loadDefault()]),
                                 input: TraceInput(frames: []), output: output, clock: clock, timetable: timetable)
        let instant = try #require(timetable.instant(local: "2026-11-27 14:00"))
        loop.wallClock = { instant }
        _ = try loop.turn()
        let callout = try #require(loop.youAreHere)
        // Central Square: the Red, Green and Blue lines, each both ways, each row with minutes to go.
        let colors = Set(callout.departures.compactMap(\.color))
        let serving = session.map.lines.filter { ["red", "green", "blue"].contains($0.id) }
        #expect(colors.count == serving.count, "\(callout.departures)")
        #expect(callout.departures.count >= 6)
        #expect(callout.departures.allSatisfy { $0.title.contains("towards") && ($0.times.contains("min") || $0.times.contains("due")) })
        let withDepartures = try #require(callout.box)
        // The same rows as the card lists for the kiosk's own station.
        #expect(loop.showJourney(to: "central-square"))
        let card = try #require(loop.journey?.card.content)
        #expect(Set(card.departures.map(\.title)).isSubset(of: Set(callout.departures.map(\.title))))
        // A journey open: the words alone.
        #expect(loop.showJourney(to: "bastion"))
        _ = try loop.turn()
        #expect(callout.departures.isEmpty)
        let wordsOnly = try #require(callout.box)
        #expect(withDepartures.height > wordsOnly.height + 100)
    }

    @Test func withoutATimetableTheCalloutHasTheWordsAlone() throws {
        var config = try KioskConfigLoader.load(contentsOf: DemoTimetableTests.configPath)
        config.network = KioskConfig.NetworkSettings()
        let clock = SimulatedClock(startMicroseconds: 0)
        let output = KioskStill.LastFrameOutput(width: 1280, height: 800, clock: clock)
        let loop = try KioskLoop(map: try BundledMap.loadDemo(), config: config, fonts: nil, input: TraceInput(frames: []),
                                 output: output, clock: clock)
        _ = try loop.turn()
        #expect(loop.youAreHere?.departures.isEmpty == true)
    }
}
