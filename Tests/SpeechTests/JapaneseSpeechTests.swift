import MetroMap
import Overlay
@testable import Speech
import TestSupport
import Testing

/// Every word a Japanese screen shows is heard as a word: espeak-ng 1.51's `ja` voice says each kanji as the English
/// "Chinese letter" (phonemes "tʃˈaɪniːz … lˈe̞tə"), so what it is given (`JapaneseReadings.spoken`) must have no
/// kanji left, on the kiosk's own wording and on Tokyo's real scheme.
struct JapaneseSpeechTests {
    static let tokyo = Result { try PMetroImporter.importCity(directory: RepositoryPaths.sharedData("maps/pmetro-tokyo").path).map }

    /// What espeak-ng reads `phrase` as, segment by segment, with `readings`.
    static func heard(_ phrase: SpokenPhrase, readings: JapaneseReadings) throws -> String {
        let synthesizer = try EspeakSynthesizer.shared()
        return try readings.spoken(phrase).map { try synthesizer.phonemes(of: $0) }.joined(separator: " | ")
    }

    /// The phrases of `texts` that are heard with a "Chinese letter", with what is heard.
    static func chineseLetters(_ texts: some Sequence<String>, readings: JapaneseReadings) throws -> [String] {
        try Set(texts).sorted().compactMap { text in
            let heard = try heard(SpokenPhrase(text, language: "ja"), readings: readings)
            return heard.contains("tʃˈaɪniːz") ? "\(text) → \(heard)" : nil
        }
    }

    @Test func everyJapanesePhraseOfTheKiosksOwnWordingIsReadWithoutChineseLetters() throws {
        let card = JourneyWording(language: "ja"), times = TimetableWording(language: "ja")
        var texts = [card.youAreHere, card.noRoute("あ"), card.towards("あ"), card.clockwise, card.anticlockwise,
                     card.notOnMap, card.lineNamePattern.replacingOccurrences(of: "{n}", with: "3"), card.arrive("あ"),
                     card.everyStop, card.foldedStops(9_996), card.ride("あ", "い", card.towards("う"), 5)]
        for estimated in [false, true] { texts += [0, 2].map { card.summary(24, estimated, $0, "あ") } }
        texts += [0, 4].flatMap { walk in ["い", nil].flatMap { line in [card.change(walk, "あ", line), card.walk(walk, "あ", line)] } }
        texts += [times.leave("14:03"), times.arrive("14:31"), times.late(4), times.direct, times.changes(2), times.stepFree,
                  times.minutes(3), times.due, times.lastTrain, times.noMoreService, times.delayed("+2分", "14:05"),
                  times.stationClosed, times.liveUnavailable, times.stepFreeAccess, times.noStepFreeAccess,
                  times.stepFreeAccessUnknown, times.duration(125), times.tomorrow("6:10"), times.circleVia("あ")]
        texts += KeypadGuide.phrases(keys: .standard, language: "ja").map(\.text)
        texts += SearchPhrases.opened(focus: .space, language: "ja").map(\.text)
            + SearchPhrases.key(.backspace, language: "ja").map(\.text)
            + SearchPhrases.noResults(shown: SearchWording(language: "ja").noMatch("shinjku"), language: "ja").map(\.text)
        let unread = try Self.chineseLetters(texts, readings: JapaneseReadings())
        #expect(unread.isEmpty, "\(unread.count) phrases: \(unread.joined(separator: "\n"))")
    }

    /// The card, the station and line lists, search results and the keypad guide on Tokyo's scheme, in Japanese:
    /// every station as a destination from Tochomae, with every ride's stops.
    @Test func everyPhraseOnTokyosSchemeIsReadWithoutChineseLetters() throws {
        let map = try #require(try? Self.tokyo.get(), "Tokyo's scheme is in ../shared/data/maps/pmetro-tokyo")
        let readings = JapaneseReadings(map: map)
        let graph = StationGraph(map: map)
        var phrases: [SpokenPhrase] = KeypadGuide.phrases(keys: .standard, language: "ja")
        phrases += map.lines.flatMap { ScreenPhrases.line($0.id, map: map, language: "ja") }
        for station in map.stations {
            phrases += SearchPhrases.result(stationID: station.id, map: map, language: "ja")
            guard let content = JourneyCardContent(map: map, destination: station.id, origin: "line4/Tochomae1", graph: graph,
                                                   language: "ja") else { continue }
            phrases += ScreenPhrases.journey(content, language: "ja")
            phrases += content.steps.indices.flatMap { ScreenPhrases.stops(ofStep: $0, of: content, language: "ja") }
        }
        #expect(phrases.count > 2_000, "\(phrases.count) phrases")
        #expect(phrases.allSatisfy { $0.language == "ja" })
        let unread = try Self.chineseLetters(phrases.map(\.text), readings: readings)
        #expect(unread.isEmpty, "\(unread.count) of \(Set(phrases).count) phrases: \(unread.prefix(10).joined(separator: "\n"))")
        // Every name is romaji, so every one is read as kana in the Japanese voice: none spelled out letter by letter
        // in English ("(en)ˈɛs ˈeɪtʃ ˈaɪ…"), none unread.
        #expect(readings.unreadNames.isEmpty)
        let spelled = try Set(map.stations.map(\.name) + map.lines.map(\.name)).sorted().filter {
            try Self.heard(SpokenPhrase($0, language: "ja"), readings: readings).contains("(en)")
        }
        #expect(spelled.isEmpty, "\(spelled.count) names spelled out: \(spelled.prefix(10))")
    }

    @Test func aKanjiNameIsReadFromItsKanaThenItsRomajiAndOtherwiseReported() {
        let map = MetroMap(name: "t", bounds: SchemeRect(x: 0, y: 0, width: 10, height: 10), stations: [
            Station(id: "a", name: "Shinjuku", localizedNames: ["ja": "新宿", "ja-Hrkt": "しんじゅく"], position: nil),
            Station(id: "b", name: "Shibuya", localizedNames: ["ja": "渋谷"], position: nil),
            Station(id: "c", name: "池袋", position: nil),
            Station(id: "d", name: "Times Sq", position: nil),
        ], lines: [])
        let readings = JapaneseReadings(map: map)
        #expect(readings.spoken(SpokenPhrase("新宿から渋谷方面", language: "ja")) == [SpokenPhrase("しんじゅくからしぶやほうめん", language: "ja")])
        #expect(readings.spoken(SpokenPhrase("Times Sqに到着", language: "ja"))
                == [SpokenPhrase("Times Sq", language: "en"), SpokenPhrase("にとうちゃく", language: "ja")])
        #expect(readings.unreadNames == ["池袋"])
        // Said once, as the map loads: the kiosk logs this line and puts the names in status.json.
        #expect(readings.unreadWarning?.contains("1 Japanese name has kanji") == true)
        #expect(readings.unreadWarning?.hasSuffix("\"Chinese letter\": 池袋") == true)
        #expect(JapaneseReadings(map: nil).unreadWarning == nil)
        #expect(JapaneseReadings.isSpoken(in: ["en", "ja-JP"]) && !JapaneseReadings.isSpoken(in: ["en", "zh-Hans"]))
        // Other languages are said as written.
        #expect(readings.spoken(SpokenPhrase("新宿", language: "zh-Hans")) == [SpokenPhrase("新宿", language: "zh-Hans")])
    }

    @Test func romajiIsReadAsKanaAndEnglishIsNot() {
        #expect(RomajiReading.kana("Shinjuku") == "しんじゅく")
        #expect(RomajiReading.kana("Shimbashi") == "しんばし")
        #expect(RomajiReading.kana("Gaiemmae") == "がいえんまえ")
        #expect(RomajiReading.kana("Tameike-sanno") == "ためいけ-さんの")
        #expect(RomajiReading.kana("Aoyama-itchome") == "あおやま-いっちょめ")
        #expect(RomajiReading.kana("Tochomae1") == "とちょまえ1")
        // Kunrei spelling, as Tokyo's scheme writes one name (ICU alone gives "ひがせぃ").
        #expect(RomajiReading.kana("Higasi-shinjuku") == "ひがし-しんじゅく")
        #expect(RomajiReading.kana("Tuzi Husi") == "つじ ふし")
        #expect(RomajiReading.kana("Shukuchu") == "しゅくちゅ")
        #expect(RomajiReading.kana("Yurakucho Line (New Line)") == "ゆらくちょ せん (しん せん)")
        #expect(RomajiReading.kana("Victoria") == nil)
        #expect(RomajiReading.kana("Times Sq - 42 St") == nil)
    }
}
