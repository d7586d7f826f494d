import MetroMap
import Overlay
import Speech
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
