import Foundation
import MetroMap
import Testing
@testable import Overlay

/// The journey card speaks the language the map is shown in, with that language's plurals.
struct JourneyWordingTests {
    @Test func eastSlavicCountsTakeTheirCLDRForm() {
        let expected: [(Int, PluralCategory)] = [(1, .one), (2, .few), (4, .few), (5, .many), (11, .many), (12, .many),
                                                 (14, .many), (21, .one), (22, .few), (25, .many), (101, .one),
                                                 (111, .many), (112, .many), (0, .many)]
        for (n, category) in expected { #expect(PluralCategory.eastSlavic(n) == category, "\(n)") }
        #expect(PluralCategory.eastSlavic(3, "остановка", "остановки", "остановок") == "3 остановки")
        #expect(PluralCategory.eastSlavic(11, "остановка", "остановки", "остановок") == "11 остановок")
        #expect(PluralCategory.eastSlavic(21, "остановка", "остановки", "остановок") == "21 остановка")
        #expect(PluralCategory.zeroOrOne(0) == .one && PluralCategory.zeroOrOne(2) == .other)
        #expect(PluralCategory.oneOnly(0) == .other && PluralCategory.oneOnly(1) == .one)
    }

    @Test func languageCodesFindTheirWording() {
        #expect(JourneyWording(language: "ru-RU").youAreHere == "Вы здесь")
        #expect(JourneyWording(language: "zh-Hant").youAreHere == "您在這裡")
        #expect(JourneyWording(language: "zh-TW").youAreHere == "您在這裡")
        #expect(JourneyWording(language: "zh").youAreHere == "您在这里")
        #expect(JourneyWording(language: "zh-Hans-HK").youAreHere == "您在这里")
        #expect(JourneyWording(language: "DE").youAreHere == "Sie sind hier")
        #expect(JourneyWording(language: "sw").youAreHere == "You are here")
        #expect(JourneyWording(language: nil).youAreHere == "You are here")
        #expect(JourneyWording(language: "").youAreHere == "You are here")
    }

    /// Every worded language says every sentence in its own words: no English left in it, and the names and
    /// numbers it is given all appear.
    @Test(arguments: JourneyWording.languages.filter { $0 != "en" })
    func everySentenceIsInTheLanguage(_ language: String) {
        let wording = JourneyWording(language: language)
        let sentences = [
            wording.summary(17, false, 2, "Origo"), wording.summary(5, false, 0, "Origo"), wording.summary(9, true, 1, "Origo"),
            wording.youAreHere, wording.noRoute("Origo"), wording.ride("L7", "Origo", wording.towards("Finis"), 5),
            wording.ride("L7", "Origo", wording.towards("Finis"), 1), wording.change(3, "Medio", "L9"), wording.change(0, "Medio", "L9"),
            wording.change(2, "Medio", nil), wording.change(0, "Medio", nil), wording.arrive("Finis"), wording.everyStop,
            wording.walk(2, "Medio", "L9"), wording.walk(2, "Finis", nil), wording.walk(0, "Medio", "L9"),
            wording.ride("L7", "Origo", wording.clockwise, 3), wording.ride("L7", "Origo", wording.anticlockwise, 3),
            wording.notOnMap, wording.clockwise, wording.anticlockwise, wording.foldedStops(9_996),
        ]
        let english = JourneyWording(language: "en")
        let englishSentences = [english.youAreHere, english.everyStop, english.notOnMap, english.clockwise,
                                english.anticlockwise]
        for sentence in sentences {
            for word in ["stop", "transfer", "change", "from", "towards", "Walk", "Arrive", "route", "Every", "clockwise",
                         "map"] {
                #expect(!sentence.contains(word), "\(language): \"\(sentence)\" has the English \"\(word)\"")
            }
            #expect(!englishSentences.contains(sentence))
        }
        #expect(sentences[0].contains("17") && sentences[0].contains("2") && sentences[0].contains("Origo"))
        #expect(sentences[5].contains("L7") && sentences[5].contains("Finis") && sentences[5].contains("5"))
        #expect(sentences[7].contains("3") && sentences[7].contains("L9"))
        #expect(sentences[8].contains("Medio") && sentences[8].contains("L9"))
        #expect(sentences[11].contains("Finis"))
        #expect(sentences[2].hasPrefix("≈9") && !sentences[0].contains("≈"), "\(sentences[2])")
        #expect(sentences[13].contains("2") && sentences[13].contains("Medio") && sentences[13].contains("L9"))
        #expect(sentences[14].contains("Finis") && sentences[15].contains("Medio") && sentences[15].contains("L9"))
        #expect(sentences[16] != sentences[17] && sentences[16].contains(wording.clockwise))
        #expect(wording.lineNamePattern.components(separatedBy: "{n}").count == 2)
    }

    /// English stays as the card said it before languages were worded.
    @Test func englishSentences() {
        let wording = JourneyWording(language: "en")
        #expect(wording.summary(12, false, 1, "A") == "12 min · 1 transfer from A")
        #expect(wording.summary(12, false, 0, "A") == "12 min · no transfers from A")
        #expect(wording.summary(24, true, 0, "A") == "≈24 min · no transfers from A")
        #expect(wording.ride("Red", "A", wording.towards("Z"), 1) == "Red from A towards Z, 1 stop")
        #expect(wording.ride("Red", "A", wording.towards("Z"), 4) == "Red from A towards Z, 4 stops")
        #expect(wording.ride("Circle", "A", wording.clockwise, 4) == "Circle from A clockwise, 4 stops")
        #expect(wording.heading(RideHeading(stationIDs: ["y", "z"]), name: { $0.uppercased() }) == "towards Y / Z")
        #expect(wording.heading(RideHeading(stationIDs: ["y"], rotation: .anticlockwise), name: { $0 }) == "anticlockwise")
        #expect(wording.walk(2, "B", "Line 2") == "Walk 2 min to Line 2 at B")
        #expect(wording.walk(3, "C", nil) == "Walk 3 min to C")
        #expect(wording.change(0, "B", "Green") == "At B, change to Green")
        #expect(wording.change(3, "B", nil) == "Walk 3 min, walk out")
    }

    /// The demo map in Russian: a card whose names come from the map's `ru` names and whose sentences are Russian.
    @Test func theDemoCardInRussianReadsInRussian() throws {
        let map = CardTraceReplay.demo
        let content = try #require(JourneyCardContent(map: map, destination: "museum", origin: "north-gate",
                                                      graph: StationGraph(map: map), language: "ru"))
        let english = try #require(JourneyCardContent(map: map, destination: "museum", origin: "north-gate",
                                                      graph: StationGraph(map: map), language: nil))
        #expect(content.steps.count == english.steps.count)
        #expect(content.summary.contains("мин") && content.summary.contains("от ст."), "\(content.summary)")
        #expect(content.everyStopHeading == "Все остановки")
        let ride = try #require(content.steps.first { $0.kind == .ride })
        #expect(ride.text.contains("в сторону ст."), "\(ride.text)")
        #expect(["остановка", "остановки", "остановок"].contains { ride.text.hasSuffix($0) }, "\(ride.text)")
        #expect(content.steps.last?.text.hasPrefix("Прибытие: ст.") == true)
        #expect(content.summary.hasSuffix("от ст. Северные ворота"), "\(content.summary)")
        #expect(content.steps.last?.text == "Прибытие: ст. Музейная")
    }
}
