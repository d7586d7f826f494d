import MetroMap
import Testing
@testable import Overlay

/// The journey card over times no map file can give (the loader bounds them, issue 38), as a map built in memory can:
/// the total and the walk saturate instead of trapping the kiosk on the tap that opens the card.
struct HostileJourneyCardTests {
    static func map(ride: Double, walk: Double) -> MetroMap {
        MetroMap(name: "x", bounds: SchemeRect(x: 0, y: 0, width: 10, height: 10),
                 stations: ["a", "b", "c"].map { Station(id: $0, name: $0.uppercased(), position: SchemePoint(x: 1, y: 1)) },
                 lines: [MetroLine(id: "l", name: "L", color: RGBColor(red: 1, green: 0, blue: 0), segments: [["a", "b"]],
                                   links: [LineLink(from: "a", to: "b", travelSeconds: ride)]),
                         MetroLine(id: "m", name: "M", color: RGBColor(red: 0, green: 1, blue: 0), segments: [["b", "c"]])],
                 transfers: [Transfer(stationIDs: ["b", "c"], walkSeconds: walk)])
    }

    @Test(arguments: [5.6e20, 1e300, Double.greatestFiniteMagnitude])
    func aHugeRideAndWalkOpenTheCard(seconds: Double) throws {
        let map = Self.map(ride: seconds, walk: seconds)
        let content = try #require(JourneyCardContent(map: map, destination: "c", origin: "a",
                                                      graph: StationGraph(map: map), language: nil))
        #expect(!content.summary.isEmpty)
        #expect(content.routeStationIDs.first == "a" && content.routeStationIDs.last == "c")
    }
}

/// `snapshot --route` of a 20,000-stop ride drew every stop into the card's picture (12 s, 936 MB; issue 38): a ride
/// past 41 stops lists its first and last 20 around one ellipsis row, so the picture stops growing.
struct LongRideCardTests {
    static func line(_ count: Int) -> MetroMap {
        let ids = (0..<count).map { "s\($0)" }
        return MetroMap(name: "long", bounds: SchemeRect(x: 0, y: 0, width: Double(count), height: 10),
                        stations: ids.enumerated().map { Station(id: $1, name: "Stop \($0)", position: SchemePoint(x: Double($0), y: 5)) },
                        lines: [MetroLine(id: "l", name: "L", color: RGBColor(red: 1, green: 0, blue: 0), segments: [ids])])
    }

    @Test func aShortRideListsEveryStop() {
        let stops = (0..<41).map { "Stop \($0)" }
        #expect(JourneyCardPicture.listedStops(stops) == stops)
    }

    @Test func aLongRideIsFoldedAroundOneEllipsis() {
        let stops = (0..<20_000).map { "Stop \($0)" }
        let listed = JourneyCardPicture.listedStops(stops)
        #expect(listed.count == 41)
        #expect(listed.first == "Stop 0" && listed[19] == "Stop 19" && listed[20] == nil)
        #expect(listed[21] == "Stop 19980" && listed.last == "Stop 19999")
    }

    /// The folded row says how many stops it stands for, in the card's language with its plural and its digit
    /// grouping: a row of "…" alone read as if the list had been cut by mistake.
    @Test func theFoldedRowCountsItsStopsInEveryWordedLanguage() throws {
        let map = Self.line(10_036)
        let expected = [
            "en": "… 9,996 stops …", "ru": "… 9\u{A0}996 остановок …", "uk": "… 9\u{A0}996 зупинок …",
            "de": "… 9.996 Stationen …", "fr": "… 9\u{A0}996 arrêts …", "es": "… 9996 paradas …", "tr": "… 9.996 durak …",
            "ja": "… 9,996駅 …", "zh-Hans": "… 9,996站 …", "zh-Hant": "… 9,996站 …", "ko": "… 9,996개 역 …",
        ]
        #expect(Set(expected.keys) == Set(JourneyWording.languages))
        for language in JourneyWording.languages {
            let content = try #require(JourneyCardContent(map: map, destination: "s10035", origin: "s0",
                                                          graph: StationGraph(map: map), language: language))
            let ride = try #require(content.steps.first { $0.kind == .ride })
            #expect(JourneyCardPicture.foldedCount(ride.stops) == 9_996)
            let texts = JourneyCardPicture(content: content, width: 400, minimumHeight: 0, fonts: nil, scalePixels: 1).texts
            // The row sits between the 20 first and the 20 last stops.
            let row = try #require(texts.firstIndex(of: "Stop 19"))
            #expect(texts[row + 1] == expected[language], "\(language): \(texts[row + 1])")
            #expect(texts[row + 2] == "Stop 10016")
        }
    }

    /// Counts are grouped as CLDR groups them, and the plural follows the count.
    @Test func foldedCountsTakeTheirLanguagesGroupingAndPlural() {
        #expect(GroupedCount.text(1_234_567, language: "en") == "1,234,567")
        #expect(GroupedCount.text(999, language: "de") == "999")
        #expect(GroupedCount.text(12_345, language: "es") == "12.345")
        #expect(GroupedCount.text(1_000, language: "sw") == "1,000")
        #expect(JourneyWording(language: "ru").foldedStops(22) == "… 22 остановки …")
        #expect(JourneyWording(language: "ru").foldedStops(1_001) == "… 1\u{A0}001 остановка …")
        #expect(JourneyWording(language: "uk").foldedStops(3) == "… 3 зупинки …")
        #expect(JourneyWording(language: "en").foldedStops(1) == "… 1 stop …")
        #expect(JourneyWording(language: "fr").foldedStops(1) == "… 1 arrêt …")
        // A ride listed in full folds nothing.
        #expect(JourneyCardPicture.foldedCount((0..<41).map { "Stop \($0)" }) == 0)
        #expect(JourneyCardPicture.foldedCount((0..<42).map { "Stop \($0)" }) == 2)
    }

    @Test(.timeLimit(.minutes(10)))
    func theCardOfATwentyThousandStopRideStaysTheSizeOfAFortyStopOne() throws {
        func height(_ count: Int) throws -> Int {
            let map = Self.line(count)
            let content = try #require(JourneyCardContent(map: map, destination: "s\(count - 1)", origin: "s0",
                                                          graph: StationGraph(map: map), language: nil))
            return JourneyCardPicture(content: content, width: 400, minimumHeight: 0, fonts: nil, scalePixels: 1).contentHeight
        }
        let folded = try height(20_000)
        #expect(folded == (try height(60)))
        #expect(folded == (try height(41)), "41 rows either way: 41 stops, or 40 and the ellipsis")
    }
}
