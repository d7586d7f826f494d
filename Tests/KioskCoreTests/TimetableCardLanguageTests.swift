import Foundation
@testable import LiveTimetable
import MetroMap
import Network
import Overlay
import Physics
import Raster
import Testing
import TestSupport
@testable import KioskCore

/// The card worded in Russian has no English timetable words: its summary and departure times are all Russian.
struct TimetableCardLanguageTests {
    @Test func aRussianCardSaysItsTimesInRussian() throws {
        let session = try KioskSession(configPath: DemoTimetableTests.configPath)
        let timetable = try #require(session.timetable)
        let card = TimedJourneyCard(map: session.map, graph: StationGraph(map: session.map), timetable: timetable)
        let instant = try #require(timetable.instant(local: "2026-11-27 14:00"))
        let content = try #require(card.content(destination: "bastion", origin: "central-square", language: "ru",
                                                at: instant, stepFree: true))
        #expect(content.summary.hasPrefix("отправление "), "\(content.summary)")
        #expect(content.summary.contains("без ступеней"))
        #expect(content.summary.range(of: "[A-Za-z]", options: .regularExpression) == nil, "\(content.summary)")
        #expect(!content.departures.isEmpty)
        for row in content.departures {
            #expect(row.times.range(of: "[A-Za-z]", options: .regularExpression) == nil, "\(row.times)")
        }
    }
}
