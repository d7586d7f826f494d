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
        let switched = try words.filter { try synthesizer.phonemes(of: SpokenPhrase($0, language: language)).contains("(") }
        // espeak-ng's Japanese voice reads kana only; every kanji is said as the English words "Chinese letter".
        withKnownIssue("espeak-ng reads Japanese kanji as 'Chinese letter'") {
            #expect(switched.isEmpty, "\(language): read in another voice: \(switched)")
        } when: { language == "ja" }
    }
}
