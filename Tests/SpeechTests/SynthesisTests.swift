import MetroMap
import Overlay
import Speech
import Testing

/// espeak-ng speaks every phrase of a journey card and the keypad guide, in each worded language, as audio a listener would hear.
struct SynthesisTests {
    @Test(arguments: JourneyWording.languages)
    func everyJourneyPhraseIsSpokenAudibleForItsLength(language: String) throws {
        let synthesizer = try EspeakSynthesizer.shared()
        // The card's phrases and the keypad guide (the longest phrase, in the same voice).
        let phrases = ScreenPhrases.journey(ScreenPhrasesTests.content(language: language), language: language)
            + KeypadGuide.phrases(keys: .standard, language: language)
        for phrase in phrases {
            let samples = try synthesizer.samples(of: phrase)
            let seconds = Double(samples.count) / Double(synthesizer.sampleRate)
            let loudness = AudioLevel.rms(samples)
            // Speech peaks near full scale; an RMS under 1% of it is silence or a voice that read nothing.
            #expect(loudness > 327, "\(language): '\(phrase.text)' is silent (RMS \(loudness))")
            let letters = phrase.text.unicodeScalars.filter { $0.properties.isAlphabetic || $0.properties.numericType != nil }.count
            // Plausible for read speech: at least 30 ms a letter (fast Latin speech is ~15 letters/s) and at most
            // 600 ms a letter (a CJK character is a syllable, about 200 ms), plus the pauses at either end.
            #expect(seconds >= 0.03 * Double(letters), "\(language): '\(phrase.text)' lasts only \(seconds) s")
            #expect(seconds <= 0.6 * Double(letters) + 1, "\(language): '\(phrase.text)' lasts \(seconds) s")
        }
    }

    /// A phrase cut off by a key leaves nothing of itself in what espeak-ng reads next.
    @Test func aStoppedPhraseLeavesNothingBehind() throws {
        let synthesizer = try EspeakSynthesizer.shared()
        let next = SpokenPhrase("1,200 stops", language: "en")
        let alone = try synthesizer.phonemes(of: next)
        var chunks = 0
        let whole = try synthesizer.synthesize(SpokenPhrase("Red Line from Central Square towards Hilltop, 5 stops", language: "en")) { _ in
            chunks += 1
            return chunks < 3
        }
        #expect(!whole)
        #expect(try synthesizer.phonemes(of: next) == alone)
    }
}

enum AudioLevel {
    static func rms(_ samples: [Int16]) -> Double {
        guard !samples.isEmpty else { return 0 }
        return (samples.reduce(0.0) { $0 + Double($1) * Double($1) } / Double(samples.count)).squareRoot()
    }
}
