import Foundation
@testable import LiveTimetable
import MetroMap
import Network
import Overlay
import Realtime
import Testing
import TestSupport

/// The feed's words in the traveller's language: translations.txt's line names and headsigns in the departure
/// rows (the callout's and the card's), and an alert's TranslatedString picked by the shown language with the
/// spec's fallback (the untagged text when no translation matches). A two-stop feed in our own words.
struct FeedWordsTests {
    static let files: [String: String] = FeedFolder.files(
        stops: "stop_id,stop_name,stop_lat,stop_lon\nX,Xavier Sq,52.50,13.40\nZ,Zed,52.52,13.42\n",
        routes: "route_id,agency_id,route_short_name,route_long_name,route_type\nA,T,,Harbour Line,1\n",
        trips: "route_id,service_id,trip_id,trip_headsign\nA,WK,a1,Harbour\nA,WK,a2,Harbour\n",
        stopTimes: """
            trip_id,arrival_time,departure_time,stop_id,stop_sequence
            a1,08:00:00,08:00:00,X,1
            a1,08:10:00,08:10:00,Z,2
            a2,08:20:00,08:20:00,X,1
            a2,08:30:00,08:30:00,Z,2

            """,
        other: [
            "translations.txt": """
                table_name,field_name,language,translation,record_id,field_value
                routes,route_long_name,de,Hafenlinie,A,
                trips,trip_headsign,de,Hafen,,Harbour
                stops,stop_name,de,Xaverplatz,X,

                """,
        ])

    @Test func departureRowsUseTheFeedsTranslations() throws {
        let folder = try FeedFolder(Self.files)
        defer { folder.remove() }
        let compiled = TimetableCompiler.compile(try GTFSReader.read(path: folder.path))
        let map = try BundledMap.loadDemo()
        let station = try #require(map.lines.first?.stationIDs.first)
        let timetable = KioskTimetable(timetable: compiled, links: [station: "X"])
        let card = TimedJourneyCard(map: map, graph: StationGraph(map: map), timetable: timetable)
        let at = try #require(timetable.instant(local: "2024-05-06 07:55"))
        let (day, now) = timetable.moment(at)
        func title(_ language: String?) throws -> String {
            try #require(card.departures(at: station, day: day, now: now, wording: JourneyWording(language: language),
                                         times: TimetableWording(language: language), language: language).first).title
        }
        #expect(try title("de") == "Hafenlinie · " + JourneyWording(language: "de").towards("Hafen"))
        #expect(try title("en") == "Harbour Line · " + JourneyWording(language: "en").towards("Harbour"))
        #expect(try title(nil) == "Harbour Line · " + JourneyWording(language: nil).towards("Harbour"))
        let x = try #require(compiled.stopIndex(id: "X"))
        #expect(timetable.stopName(x, language: "de-CH") == "Xaverplatz")
        #expect(timetable.stopName(x, language: "fr") == "Xavier Sq")
    }

    @Test func anAlertIsWordedInTheShownLanguageElseTheFeedsDefault() {
        let header = TranslatedText([.init(language: nil, text: "Station closed"), .init(language: "es", text: "Estación cerrada"),
                                     .init(language: "fr-CA", text: "Station fermée")])
        #expect(header.text(preferring: ["es-MX"]) == "Estación cerrada")
        #expect(header.text(preferring: ["fr"]) == "Station fermée")
        #expect(header.text(preferring: ["de"]) == "Station closed", "no match: the untagged text")
        #expect(header.text(preferring: []) == "Station closed")
    }
}
