import Foundation

/// The one folding that both a station's names and what a traveller types go through before they are compared, so
/// that a match never depends on case, accents, punctuation or how a Hangul syllable was typed: "Châtelet" and
/// "chatelet" fold alike, "King's Cross" and "kings cross" do, and "성" (typed before its final consonant moves on to
/// the next syllable) is a prefix of "서울".
public enum SearchText {
    /// `text` folded to Unicode scalars: Latin letters to ASCII through ICU's Latin-ASCII (ß → ss, ø → o, which have
    /// no decomposition), compatibility-decomposed and lowercased, combining marks dropped (diacritics in every
    /// script: é, й, ά, Arabic harakat, Hebrew niqqud), Hangul final consonants written as the initial consonants
    /// they become before a vowel, Arabic, Persian and Hebrew letter variants taken as one (`LetterVariants`),
    /// apostrophes and gereshes dropped ("King's" is one word) and every other non-letter, non-digit run turned
    /// into one space.
    public static func fold(_ text: String) -> [Unicode.Scalar] {
        let latin = text.applyingTransform(StringTransform("Latin-ASCII"), reverse: false) ?? text
        var result: [Unicode.Scalar] = []
        result.reserveCapacity(latin.unicodeScalars.count)
        var pendingSpace = false
        for scalar in latin.decomposedStringWithCompatibilityMapping.lowercased().unicodeScalars {
            let properties = scalar.properties
            if properties.generalCategory == .nonspacingMark || properties.generalCategory == .enclosingMark
                || properties.generalCategory == .spacingMark {
                continue
            }
            if apostrophes.contains(scalar) { continue }
            guard let letter = LetterVariants.folded(scalar) else { continue }
            if properties.isAlphabetic || properties.numericType != nil {
                if pendingSpace, !result.isEmpty { result.append(" ") }
                pendingSpace = false
                if let initials = HangulJamo.initials(forFinal: letter) {
                    result.append(contentsOf: initials)
                } else {
                    result.append(letter)
                }
            } else {
                pendingSpace = true
            }
        }
        return result
    }

    /// Where the words of folded text start (after each space, and at 0), and where an Arabic word starts after
    /// its definite article: "الاتحاد" is Union as "اتحاد" is, and a traveller may type either, as one types "gate"
    /// for "Eastern Gate".
    static func wordStarts(_ folded: [Unicode.Scalar]) -> [Int] {
        guard !folded.isEmpty else { return [] }
        var starts = [0]
        for index in folded.indices.dropLast() where folded[index] == " " { starts.append(index + 1) }
        for start in starts where folded.count > start + 3 && folded[start] == "\u{0627}" && folded[start + 1] == "\u{0644}" {
            starts.append(start + 2)
        }
        return starts.sorted()
    }

    /// Marks that join a word rather than split it (English possessives, Ukrainian and transliterated soft signs,
    /// the Hebrew geresh and gershayim of loanwords and abbreviations: "ג'ורג'", "ת״א").
    private static let apostrophes: Set<Unicode.Scalar> = ["'", "\u{2019}", "\u{02BC}", "\u{02B9}", "`", "\u{00B4}",
                                                           "\u{05F3}", "\u{05F4}"]
}
