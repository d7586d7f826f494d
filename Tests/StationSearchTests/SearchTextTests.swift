import Testing
@testable import StationSearch

@Suite struct SearchTextTests {
    private func folded(_ text: String) -> String { String(String.UnicodeScalarView(SearchText.fold(text))) }

    @Test func caseDiacriticsAndLettersWithoutDecompositionFold() {
        #expect(folded("Châtelet") == "chatelet")
        #expect(folded("Straße") == "strasse")
        #expect(folded("Ørestad") == "orestad")
        #expect(folded("Łódź Fabryczna") == "lodz fabryczna")
        #expect(folded("Ёлки-Палки") == "елки палки")
        #expect(folded("Σύνταγμα") == "συνταγμα")
    }

    @Test func apostrophesJoinAndOtherPunctuationSplits() {
        #expect(folded("King's Cross St. Pancras") == "kings cross st pancras")
        #expect(folded("  Bank / Monument (DLR) ") == "bank monument dlr")
        #expect(folded("Saint-Lazare") == "saint lazare")
    }

    @Test func hangulFinalsCompareAsTheInitialsTheyBecome() {
        // "성" is what a keyboard shows on the way to "서울": its final ㅇ is the next syllable's initial.
        let typed = SearchText.fold("성")
        let name = SearchText.fold("서울")
        #expect(name.starts(with: typed))
        // Keys typed one jamo at a time fold as the composed syllables do.
        #expect(SearchText.fold("ㅅㅓㅇㅜㄹ") == name)
    }

    @Test func wordStartsFollowSpaces() {
        #expect(SearchText.wordStarts(SearchText.fold("Eastern Gate")) == [0, 8])
        #expect(SearchText.wordStarts([]) == [])
    }
}

@Suite struct HangulComposerTests {
    @Test func jamoComposeIntoSyllables() {
        #expect(HangulComposer.compose("ㅅㅓㅇㅜㄹ") == "서울")
        // The final moves to the next syllable when a vowel follows it.
        #expect(HangulComposer.compose("ㄱㅏㅇㄴㅏㅁ") == "강남")
        #expect(HangulComposer.compose("ㅅㅓㅇㅜㄹㅇㅕㄱ") == "서울역")
        // Compound vowels and double finals; a double final gives up its second consonant to a vowel.
        #expect(HangulComposer.compose("ㄱㅗㅏㅇㅎㅗㅏㅁㅜㄴ") == "광화문")
        #expect(HangulComposer.compose("ㄷㅏㄹㄱ") == "닭")
        #expect(HangulComposer.compose("ㄷㅏㄹㄱㅏ") == "달가")
        // Unfinished syllables show their jamo; other characters pass through.
        #expect(HangulComposer.compose("ㅅ") == "ㅅ")
        #expect(HangulComposer.compose("ㅏ") == "ㅏ")
        #expect(HangulComposer.compose("ㄸㅏㄸ") == "따ㄸ")
        #expect(HangulComposer.compose("2ㅎㅗ ㅅㅓㄴ") == "2호 선")
    }
}
