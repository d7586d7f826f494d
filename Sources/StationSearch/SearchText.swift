import Foundation

/// The one folding that both a station's names and what a traveller types go through before they are compared, so
/// that a match never depends on case, accents, punctuation or how a Hangul syllable was typed: "Châtelet" and
/// "chatelet" fold alike, "King's Cross" and "kings cross" do, and "성" (typed before its final consonant moves on to
/// the next syllable) is a prefix of "서울".
public enum SearchText {
    /// `text` folded to Unicode scalars: Latin letters to ASCII through ICU's Latin-ASCII (ß → ss, ø → o, which have
    /// no decomposition), compatibility-decomposed and lowercased, combining marks dropped (diacritics in every
    /// script: é, й, ά), Hangul final consonants written as the initial consonants they become before a vowel,
    /// apostrophes dropped ("King's" is one word) and every other non-letter, non-digit run turned into one space.
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
            if properties.isAlphabetic || properties.numericType != nil {
                if pendingSpace, !result.isEmpty { result.append(" ") }
                pendingSpace = false
                if let initials = HangulJamo.initials(forFinal: scalar) {
                    result.append(contentsOf: initials)
                } else {
                    result.append(scalar)
                }
            } else {
                pendingSpace = true
            }
        }
        return result
    }

    /// Where the words of folded text start (after each space, and at 0).
    static func wordStarts(_ folded: [Unicode.Scalar]) -> [Int] {
        guard !folded.isEmpty else { return [] }
        var starts = [0]
        for index in folded.indices.dropLast() where folded[index] == " " { starts.append(index + 1) }
        return starts
    }

    /// Marks that join a word rather than split it (English possessives, Ukrainian and transliterated soft signs).
    private static let apostrophes: Set<Unicode.Scalar> = ["'", "\u{2019}", "\u{02BC}", "\u{02B9}", "`", "\u{00B4}"]
}
