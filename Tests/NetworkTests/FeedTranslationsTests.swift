import Testing
import TestSupport
@testable import Network

/// GTFS translations.txt, on the toy feed with our own words: record_id and field_value forms, a record's own
/// translation before the words', language tags matched as GTFS-realtime matches them, bad rows skipped with their
/// place, and the translations kept through the compiled timetable file. (No shared real feed carries a
/// translations.txt: BART, Caltrain, WMATA and São Paulo have none.)
struct FeedTranslationsTests {
    static let translations = """
        table_name,field_name,language,translation,record_id,record_sub_id,field_value
        stops,stop_name,de,Xaverplatz,X,,
        stops,stop_name,fr,Place Xavier,X,,
        stops,stop_name,de,Eibenstraße,,,Yew Street
        routes,route_long_name,de,Linie A,A,,
        trips,trip_headsign,de,Richtung Zed,,,Zed
        trips,trip_headsign,de,Zed (Sonderfahrt),a2,,
        trips,trip_headsign,fr-CA,Vers Zed,,,Zed
        agency,agency_name,de,Spielzeugverkehr,T,,
        stops,stop_name,,Ohne Sprache,X,,
        stops,stop_name,de,Beides,X,,Xavier Sq
        stops,stop_name,de,Keines,,,
        stops,stop_name,de,Niemand,NOWHERE,,
        routes,route_short_name,de,,A,,

        """

    static func timetable() throws -> Timetable {
        var files = FeedFolder.toy
        files["translations.txt"] = translations
        let folder = try FeedFolder(files)
        defer { folder.remove() }
        let feed = try GTFSReader.read(path: folder.path)
        // Five unusable rows, each skipped at its row; the agency row is a field the kiosk does not show.
        let skipped = feed.report.problems.filter { $0.file.hasSuffix("translations.txt") }
        #expect(skipped.map(\.line) == [10, 11, 12, 13, 14], "\(feed.report.lines)")
        #expect(skipped.map(\.message).contains("record_id \"NOWHERE\" is not in stops.txt"))
        return TimetableCompiler.compile(feed)
    }

    @Test func recordAndWordTranslationsInTheShownLanguage() throws {
        let table = try Self.timetable().translations
        #expect(table.text(.stopName, id: "X", original: "Xavier Sq", languages: ["de"]) == "Xaverplatz")
        #expect(table.text(.stopName, id: "X", original: "Xavier Sq", languages: ["fr-FR"]) == "Place Xavier")
        #expect(table.text(.stopName, id: "X", original: "Xavier Sq", languages: ["es", "de"]) == "Xaverplatz")
        #expect(table.text(.stopName, id: "X", original: "Xavier Sq", languages: ["es"]) == nil, "the feed's words stay")
        #expect(table.text(.stopName, id: "Y", original: "Yew Street", languages: ["de-AT"]) == "Eibenstraße")
        #expect(table.text(.routeLongName, id: "A", original: "Line A", languages: ["de"]) == "Linie A")
        #expect(table.text(.tripHeadsign, id: "a1", original: "Zed", languages: ["de"]) == "Richtung Zed")
        #expect(table.text(.tripHeadsign, id: "a2", original: "Zed", languages: ["de"]) == "Zed (Sonderfahrt)",
                "a record's own translation before the words'")
        #expect(table.text(.tripHeadsign, id: "a2", original: "Zed", languages: ["fr"]) == "Vers Zed")
    }

    @Test func theCompiledFileKeepsTheTranslations() throws {
        let timetable = try Self.timetable()
        let bytes = TimetableFile.encode(timetable)
        let loaded = try TimetableFile.decode(bytes, file: "toy.mktt")
        #expect(loaded.translations == timetable.translations)
        #expect(!loaded.translations.isEmpty)
        #expect(TimetableFile.encode(loaded) == bytes, "the same timetable gives the same bytes")
    }
}
