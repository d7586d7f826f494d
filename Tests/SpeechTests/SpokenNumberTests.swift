import Overlay
@testable import Speech
import Testing

/// The card's numbers are heard as the number the card shows: what espeak-ng reads (its phonemes) for a grouped
/// count is what it reads for the same count written without grouping, in every worded language.
struct SpokenNumberTests {
    /// Counts on either side of each language's grouping threshold, and one with two separators.
    static let counts = [1_200, 9_996, 19_960, 123_456]

    @Test(arguments: JourneyWording.languages)
    func aGroupedCountIsReadAsTheWholeNumber(language: String) throws {
        let synthesizer = try EspeakSynthesizer.shared()
        let wording = JourneyWording(language: language)
        for count in Self.counts {
            let row = wording.foldedStops(count)
            // The count as the card writes it: from its first digit to its last.
            let first = try #require(row.firstIndex { $0.isNumber }), last = try #require(row.lastIndex { $0.isNumber })
            let plain = row.replacingCharacters(in: first...last, with: String(count))
            // The same words; a comma in the digits may move a secondary stress (ja, zh), which changes no number.
            let heard = try Self.unstressed(synthesizer.phonemes(of: SpokenPhrase(row, language: language)))
            let meant = try Self.unstressed(synthesizer.phonemes(of: SpokenPhrase(plain, language: language)))
            #expect(heard == meant, "\(language): '\(row)' is read [\(heard)], '\(plain)' [\(meant)]")
        }
    }

    static func unstressed(_ phonemes: String) -> String {
        phonemes.filter { $0 != "ˈ" && $0 != "ˌ" }
    }

    @Test func onlySpacesBetweenDigitGroupsAreTakenOut() {
        #expect(SpokenDigits.ungrouped("… 9\u{00A0}996 остановок …") == "… 9996 остановок …")
        #expect(SpokenDigits.ungrouped("123\u{202F}456\u{2009}789") == "123456789")
        // Not a group of three: left as written.
        #expect(SpokenDigits.ungrouped("12\u{00A0}h") == "12\u{00A0}h")
        #expect(SpokenDigits.ungrouped("1\u{00A0}2345") == "1\u{00A0}2345")
        #expect(SpokenDigits.ungrouped("ligne\u{00A0}200") == "ligne\u{00A0}200")
        // Separators espeak-ng reads right, and times, are not touched.
        #expect(SpokenDigits.ungrouped("9,996 · 9.996 · 12:05") == "9,996 · 9.996 · 12:05")
    }
}
