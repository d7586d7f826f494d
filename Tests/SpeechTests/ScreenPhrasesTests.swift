import MetroMap
import Overlay
@testable import Speech
import Testing

/// What audio mode says for a journey is what its card shows, in every language the card is worded in.
struct ScreenPhrasesTests {
    static let demo = try! BundledMap.loadDemo()

    /// A journey with a change of line: the card has a summary, rides, a change and the arrival.
    static func content(language: String) -> JourneyCardContent {
        JourneyCardContent(map: demo, destination: "hilltop", origin: "harbour", graph: StationGraph(map: demo), language: language)!
    }

    @Test(arguments: JourneyWording.languages)
    func journeyPhrasesAreTheCardsTextInOrder(language: String) {
        let content = Self.content(language: language)
        #expect(content.steps.count >= 3, "the journey should change lines")
        let picture = JourneyCardPicture(content: content, width: 400, minimumHeight: 10, fonts: nil, scalePixels: 1)
        // The card from the top down to its every-stop list, without the names in other languages (another voice).
        let shown = picture.texts.prefix { $0 != content.everyStopHeading }.filter { !content.station.otherNames.contains($0) }
        let spoken = ScreenPhrases.journey(content, language: language)
        #expect(spoken.map(\.text) == Array(shown))
        #expect(spoken.allSatisfy { $0.language == language })
    }

    @Test func aStationIsSaidWithItsLines() {
        let info = StationInfo(map: Self.demo, stationID: "central-square", language: "ru")!
        let spoken = ScreenPhrases.station(info, language: "ru").map(\.text)
        #expect(spoken.first == "Центральная площадь")
        #expect(spoken.dropFirst().contains("Красная линия"))
    }
}

/// The keypad guide in every language the card is worded in, naming the keys the key map really uses.
struct KeypadGuideTests {
    @Test(arguments: JourneyWording.languages)
    func theGuideIsWordedInEveryCardLanguage(language: String) throws {
        let keys = KeyMap.standard
        let guide = try #require(KeypadGuide.phrases(keys: keys, language: language).first)
        #expect(guide.language == language)
        if language != "en" { #expect(guide.text != KeypadGuide.phrases(keys: keys, language: "en").first?.text) }
        // Every action the guide explains is named by its key, in this language's words for the key.
        let wording = KeypadGuideWording.wording(for: language)
        for action: KeyAction in [.previousItem, .nextItem, .previousList, .nextList, .select, .confirm, .back, .home,
                                  .repeatPhrase, .volumeUp, .volumeDown, .search] {
            let key = try #require(keys.key(for: action))
            #expect(guide.text.contains(wording.name(key)), "\(language): \(action) as \(wording.name(key))")
        }
    }

    @Test func aLanguageWithoutWordingGetsEnglishAndRegionsPickTheScript() {
        #expect(KeypadGuide.phrases(keys: .standard, language: "pt-BR").first?.language == "en")
        #expect(KeypadGuide.phrases(keys: .standard, language: "zh-TW").first?.language == "zh-Hant")
        #expect(KeypadGuide.phrases(keys: .standard, language: "zh").first?.language == "zh-Hans")
        #expect(Set(KeypadGuideWording.all.map(\.language)) == Set(JourneyWording.languages))
        #expect(SearchKeyWording.all.map(\.language) == KeypadGuideWording.all.map(\.language))
    }
}

/// What is said for a journey with live notices and departures is still the card, in its order.
struct LiveJourneyPhrasesTests {
    @Test func noticesAndDeparturesAreSaidAsTheCardShowsThem() {
        var content = ScreenPhrasesTests.content(language: "en")
        content.notices = ["Station closed", "Medical emergency at Hilltop"]
        content.departures = [JourneyCardContent.DepartureRow(color: nil, title: "Red Line towards Hilltop", times: "3 min · 9 min")]
        let picture = JourneyCardPicture(content: content, width: 400, minimumHeight: 10, fonts: nil, scalePixels: 1)
        let shown = picture.texts.prefix { $0 != content.everyStopHeading }.filter { !content.station.otherNames.contains($0) }
        #expect(ScreenPhrases.journey(content, language: "en").map(\.text) == Array(shown))
        #expect(shown.contains("Medical emergency at Hilltop") && shown.contains("3 min · 9 min"))
    }

    @Test func aRideIsReadStopByStopAndALongOneFolded() {
        var content = ScreenPhrasesTests.content(language: "en")
        let index = content.steps.firstIndex { $0.kind == .ride }!
        #expect(ScreenPhrases.stops(ofStep: index, of: content, language: "en").map(\.text)
                == [content.everyStopHeading] + content.steps[index].stops)
        content.steps[index].stops = (0..<20_000).map { "Stop \($0)" }
        let folded = ScreenPhrases.stops(ofStep: index, of: content, language: "en")
        #expect(folded.count == 1 + 2 * 20 + 1)
        #expect(folded[20].text == "Stop 19" && folded[22].text == "Stop 19980")
        #expect(folded.last?.text == "Stop 19999")
        let change = content.steps.firstIndex { $0.kind != .ride }!
        #expect(ScreenPhrases.stops(ofStep: change, of: content, language: "en").isEmpty)
    }
}

/// A long ride's fold row is said where the card shows it, as the card words it (issue 38: it was skipped, so a
/// 20,000-stop ride sounded 40 stops long).
struct FoldedStopsSpokenTests {
    @Test(arguments: JourneyWording.languages)
    func theFoldRowIsSaidAsTheCardShowsIt(language: String) throws {
        var content = ScreenPhrasesTests.content(language: language)
        let index = try #require(content.steps.firstIndex { $0.kind == .ride })
        content.steps[index].stops = (0..<20_000).map { "Stop \($0)" }
        let row = content.foldedStopsRow(20_000 - 40)
        let picture = JourneyCardPicture(content: content, width: 400, minimumHeight: 10, fonts: nil, scalePixels: 1)
        #expect(picture.texts.contains(row), "\(language): the card shows \(row)")
        let spoken = ScreenPhrases.stops(ofStep: index, of: content, language: language)
        #expect(spoken.map(\.text) == [content.everyStopHeading] + (0..<20).map { "Stop \($0)" } + [row]
                + (19_980..<20_000).map { "Stop \($0)" }, "\(language)")
        #expect(spoken.allSatisfy { $0.language == language })
        // The count is the card's, grouped as the language groups it ("19,960", "19 960", "19.960").
        #expect(row.filter(\.isNumber).contains("19960"), "\(language): \(row)")
        if language != "en" { #expect(row != ScreenPhrasesTests.content(language: "en").foldedStopsRow(19_960), "\(language): its own words") }
    }
}

/// Audio mode says a notice in the feed's words for a voice when the card carries them.
struct SpokenNoticeTests {
    @Test func theSpokenFormOfANoticeIsSaidInItsPlace() {
        var content = ScreenPhrasesTests.content(language: "en")
        content.notices = ["Station closed", "Elevator out at 14 St"]
        content.spokenNotices = ["Station closed", "Elevator out of service at Fourteenth Street"]
        let said = ScreenPhrases.journey(content, language: "en").map(\.text)
        #expect(said.contains("Elevator out of service at Fourteenth Street"))
        #expect(!said.contains("Elevator out at 14 St"))
        // A spoken list that does not match the shown one is not trusted: the shown words are said.
        content.spokenNotices = ["Elevator out of service at Fourteenth Street"]
        #expect(ScreenPhrases.journey(content, language: "en").map(\.text).contains("Elevator out at 14 St"))
    }
}
