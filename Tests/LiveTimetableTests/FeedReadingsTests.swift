@testable import LiveTimetable
import Network
import Speech
import Testing
import TestSupport

/// A GTFS-JP feed writes its stop names in kanji and their kana as `ja-Hrkt` translations: Japanese speech says the
/// names from those (espeak-ng's `ja` voice says a kanji as "Chinese letter").
struct FeedReadingsTests {
    static let files: [String: String] = FeedFolder.files(
        stops: "stop_id,stop_name,stop_lat,stop_lon\nS,新宿,35.69,139.70\nB,渋谷,35.66,139.70\n",
        routes: "route_id,agency_id,route_short_name,route_long_name,route_type\nM,T,,丸ノ内線,1\n",
        trips: "route_id,service_id,trip_id,trip_headsign\nM,WK,m1,池袋\n",
        stopTimes: """
            trip_id,arrival_time,departure_time,stop_id,stop_sequence
            m1,08:00:00,08:00:00,S,1
            m1,08:10:00,08:10:00,B,2

            """,
        other: [
            "translations.txt": """
                table_name,field_name,language,translation,record_id,field_value
                stops,stop_name,ja-Hrkt,しんじゅく,S,
                stops,stop_name,ja-Hrkt,しぶや,,渋谷
                routes,route_long_name,ja-Hrkt,まるのうちせん,M,
                trips,trip_headsign,en,Ikebukuro,,池袋

                """,
        ])

    @Test func aFeedsKanaTranslationsAreTheNamesReadings() throws {
        let folder = try FeedFolder(Self.files)
        defer { folder.remove() }
        let timetable = KioskTimetable(timetable: TimetableCompiler.compile(try GTFSReader.read(path: folder.path)), links: [:])
        let readings = JapaneseReadings(names: timetable.translatedNames)
        #expect(readings.spoken(SpokenPhrase("丸ノ内線（新宿から渋谷方面）", language: "ja"))
                == [SpokenPhrase("まるのうちせん（しんじゅくからしぶやほうめん）", language: "ja")])
        // A headsign with only an English translation is read from its romaji.
        #expect(readings.spoken(SpokenPhrase("池袋方面", language: "ja")) == [SpokenPhrase("いけぶくろほうめん", language: "ja")])
        #expect(readings.unreadNames.isEmpty)
        #expect(JapaneseReadings().spoken(SpokenPhrase("新宿", language: "ja")) == [SpokenPhrase("新宿", language: "ja")])
    }
}
