import Foundation
import MetroMap
import Overlay
import Raster
import Testing
import TestSupport
@testable import KioskCore

/// The departures board lists what leaves soon. BART 2019 at Montgomery Street on a weekday at 10:45 (the real feed
/// linked to pMetro's San Francisco scheme): the Yellow line to Millbrae runs only in the evening, and its row said
/// "9 h 46 min · 10 h 6 min · 10 h 26 min", widening the times' column until every title was cut to "towards …".
struct DeparturesHereHorizonTests {
    static func journey(at text: String) throws -> KioskJourney {
        let (map, timetable, _) = try TimetableCardTests.bart()
        let place = try #require(YouAreHerePlace(naming: "Montgomery Street", in: map))
        let journey = KioskJourney(map: map, place: place, settings: CardSettings(), fonts: nil,
                                   screen: IntRect(x: 0, y: 0, width: 1920, height: 1080))
        journey.timetable = timetable
        let instant = try TimetableCardTests.moment(text, timetable)
        journey.wallClock = { instant }
        return journey
    }

    @Test func aLineWhoseNextTrainIsHoursAwayIsLeftToTheCard() throws {
        let rows = try Self.journey(at: "2019-08-07 10:45").departuresHere(language: nil)
        #expect(rows.count >= 6, "\(rows.map(\.title))")
        #expect(rows.allSatisfy { ($0.firstWaitMinutes ?? 0) <= KioskJourney.departuresHereHorizonMinutes }, "\(rows.map(\.times))")
        #expect(!rows.contains { $0.times.contains(" h ") }, "\(rows.map(\.times))")
        #expect(!rows.contains { $0.title.hasPrefix("Yellow") && $0.title.contains("Millbrae") })
        #expect(rows.contains { $0.title.hasPrefix("Yellow") && $0.title.contains("Antioch") })
    }

    /// After the last trains every row is hours away: the board still lists them (the first of the morning).
    @Test func atNightTheFirstTrainsOfTheMorningAreListed() throws {
        let rows = try Self.journey(at: "2019-08-07 02:30").departuresHere(language: nil)
        #expect(!rows.isEmpty)
        #expect(rows.allSatisfy { ($0.firstWaitMinutes ?? .max) > KioskJourney.departuresHereHorizonMinutes || $0.firstWaitMinutes == nil })
    }

    /// A title too long for the board keeps as much of its headsign as fits.
    @Test func aLongTitleIsCutWithinItsLastWord() throws {
        let fonts = FontStack(fonts: [try Font.loadDefault()])
        let title = "Blue-Wkd/Sat · towards Dublin/Pleasanton", size: Float = 20
        let width = fonts.measure("Blue-Wkd/Sat · towards Dublin", sizePixels: size)
        let cut = fonts.cutWithin(title, toWidth: width, sizePixels: size)
        #expect(cut.hasPrefix("Blue-Wkd/Sat · towards Dub") && cut.hasSuffix("…"), "\(cut)")
        #expect(fonts.measure(cut, sizePixels: size) <= width)
        #expect(fonts.cut(title, toWidth: width, sizePixels: size) == "Blue-Wkd/Sat · towards …", "the word cut, for the strip")
        #expect(fonts.cutWithin("Short", toWidth: 400, sizePixels: size) == "Short")
    }
}
