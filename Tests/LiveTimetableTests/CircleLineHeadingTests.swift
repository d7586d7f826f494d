import Foundation
@testable import LiveTimetable
import MetroMap
import Network
import Overlay
import Testing
import TestSupport

/// A train round a circle line whose headsign names the station it leaves from ("Alpha" at Alpha) is not going
/// "towards Alpha" for a traveller there: the departure list and the journey card say "circle line, via <the next
/// station>", which tells the two directions apart. `CircleFeed`, both ways round.
struct CircleLineHeadingTests {
    @Test func aCircleTrainFromTheStationItNamesSaysWhichWayRound() throws {
        let (map, timetable, alpha) = try CircleFeed.load()
        let card = TimedJourneyCard(map: map, graph: StationGraph(map: map), timetable: timetable)
        let at = try #require(timetable.instant(local: "2024-05-06 07:55"))
        let (day, now) = timetable.moment(at)
        for language in JourneyWording.languages {
            let wording = JourneyWording(language: language), times = TimetableWording(language: language)
            let titles = card.departures(at: alpha, day: day, now: now, wording: wording, times: times, language: language).map(\.title)
            #expect(titles.contains("Circle · " + times.circleVia("Bravo")), "\(language): \(titles)")
            #expect(titles.contains("Circle · " + times.circleVia("Delta")), "\(language): \(titles)")
            #expect(!titles.contains { $0.contains(wording.towards("Alpha")) }, "\(language): \(titles)")
            // A train that heads elsewhere keeps its headsign.
            #expect(titles.contains("Express · " + wording.towards("Charlie")), "\(language): \(titles)")
        }
        // The same trip boarded elsewhere on the circle still heads "towards Alpha": that is where it ends.
        let b = try #require(timetable.timetable.stopIndex(id: "B"))
        let cw = try #require(timetable.timetable.trips.firstIndex { $0.id == "cw" })
        #expect(card.circleNext(trip: Int32(cw), at: timetable.timetable.station(of: b), headsign: "Alpha", language: nil) == nil)
    }
}
