import Overlay
import Speech
import Testing

/// The card's own words are read in the card's language: espeak-ng's phonemes show no switch to another voice
/// ("(en)…"), which is how espeak-ng 1.51 reads a Mandarin character through the `cmn` voice ("站" as "zhan four").
struct VoiceLanguageTests {
    @Test(arguments: JourneyWording.languages)
    func theCardsWordsAreReadInTheirOwnVoice(language: String) throws {
        let synthesizer = try EspeakSynthesizer.shared()
        let wording = JourneyWording(language: language)
        let words = [wording.youAreHere, wording.notOnMap, wording.everyStop, wording.clockwise,
                     wording.lineNamePattern.replacingOccurrences(of: "{n}", with: "10")]
        // As the speaker says them: Japanese from its kana readings (the `ja` voice says a kanji in English,
        // "Chinese letter").
        let switched = try words.filter { word in
            try JapaneseReadings().spoken(SpokenPhrase(word, language: language)).contains { try synthesizer.phonemes(of: $0).contains("(") }
        }
        #expect(switched.isEmpty, "\(language): read in another voice: \(switched)")
    }
}
