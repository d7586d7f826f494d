import Foundation
@testable import LiveTimetable
import MetroMap
import Network
import Overlay
import Speech
import Testing
import TestSupport

/// Nothing over 59 minutes is shown as minutes alone: a wait, a ride, a walk or a delay of an hour or more reads
/// "1 h 5 min" in every worded language (no traveller should divide "≈1442 min" by sixty), and a train on the next
/// calendar date reads as its clock time ("tomorrow 01:40"). Speech says the card's own sentences.
struct LongWaitWordingTests {
    /// The numbers in `text` other than clock times ("05:03"): none may be a count of 60 minutes or more.
    static func counts(in text: String) -> [Int] {
        let withoutClocks = text.replacingOccurrences(of: #"\d{1,2}:\d\d"#, with: " ", options: .regularExpression)
        return withoutClocks.components(separatedBy: CharacterSet.decimalDigits.inverted).compactMap { Int($0) }
    }

    @Test func everyLanguageWordsAnHourOrMoreInHours() {
        for language in JourneyWording.languages {
            let times = TimetableWording(language: language), wording = JourneyWording(language: language)
            for minutes in [60, 65, 119, 1442] {
                let said = [times.toGo(minutes), times.duration(minutes), times.lateBy(minutes),
                            wording.summary(minutes, true, 1, "Alpha"), wording.summary(minutes, false, 0, "Alpha"),
                            wording.change(minutes, "Alpha", "Circle"), wording.change(minutes, "Alpha", nil),
                            wording.walk(minutes, "Alpha", "Circle"), wording.walk(minutes, "Alpha", nil),
                            times.summary(leave: "08:00", arrive: "09:05", delayMinutes: minutes, transfers: 0, stepFree: false)]
                for text in said {
                    #expect(Self.counts(in: text).allSatisfy { $0 < 60 }, "\(language): \(text)")
                    #expect(text.contains("\(minutes / 60)"), "\(language): \(text)")
                }
            }
            // Under an hour: minutes, as before.
            #expect(times.duration(59) == times.minutes(59))
            #expect(times.duration(65) != times.duration(60) && times.duration(60) != times.duration(120))
        }
    }

    @Test func aLongWaitOnTheCardReadsInHoursOrAsTomorrowsClock() throws {
        let (map, timetable, alpha) = try CircleFeed.load()
        let card = TimedJourneyCard(map: map, graph: StationGraph(map: map), timetable: timetable)
        // 08:15: the circle has gone, the express leaves at 09:40 (1 h 25 min).
        let morning = try #require(timetable.instant(local: "2024-05-06 08:15"))
        let (day, now) = timetable.moment(morning)
        // 23:50: the late express leaves at 01:40 on the next date.
        let night = try #require(timetable.instant(local: "2024-05-06 23:50"))
        let (nightDay, nightNow) = timetable.moment(night)
        for language in JourneyWording.languages {
            let wording = JourneyWording(language: language), times = TimetableWording(language: language)
            let rows = card.departures(at: alpha, day: day, now: now, wording: wording, times: times, language: language)
            let express = try #require(rows.first { $0.title.hasPrefix("Express") && !$0.times.isEmpty && $0.times != times.noMoreService },
                                       "\(language): \(rows)")
            #expect(express.times.hasPrefix(times.duration(85)), "\(language): \(express.times)")
            for row in rows { #expect(Self.counts(in: row.times).allSatisfy { $0 < 60 }, "\(language): \(row.times)") }
            let late = card.departures(at: alpha, day: nightDay, now: nightNow, wording: wording, times: times, language: language)
            #expect(late.contains { $0.times.hasPrefix(times.tomorrow("01:40")) }, "\(language): \(late.map(\.times))")
            // Speech reads the card's rows as shown.
            let content = try #require(card.content(destination: alpha, origin: alpha, language: language, at: morning, stepFree: false))
            let spoken = ScreenPhrases.journey(content, language: language).map(\.text)
            #expect(content.departures.allSatisfy { spoken.contains($0.times) }, "\(language)")
            #expect(content.departures.contains { $0.times.hasPrefix(times.duration(85)) }, "\(language)")
        }
    }
}
