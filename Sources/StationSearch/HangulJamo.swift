/// The arithmetic of Unicode's Hangul block (The Unicode Standard, §3.12): a syllable is initial × 588 + medial × 28
/// + final past U+AC00; conjoining jamo count from U+1100 (initials), U+1161 (medials) and U+11A8 (finals); the
/// compatibility jamo a keyboard types (U+3131…U+3163) list consonants and vowels in their own order.
enum HangulJamo {
    static let syllableBase: UInt32 = 0xAC00
    static let initialBase: UInt32 = 0x1100
    static let medialBase: UInt32 = 0x1161
    static let finalBase: UInt32 = 0x11A7 // final index 0 is "no final"

    /// The compatibility consonants in initial order (ㄱ ㄲ ㄴ ㄷ ㄸ ㄹ ㅁ ㅂ ㅃ ㅅ ㅆ ㅇ ㅈ ㅉ ㅊ ㅋ ㅌ ㅍ ㅎ).
    static let initials: [Unicode.Scalar] = Array("ㄱㄲㄴㄷㄸㄹㅁㅂㅃㅅㅆㅇㅈㅉㅊㅋㅌㅍㅎ".unicodeScalars)
    /// The compatibility vowels in medial order (ㅏ … ㅣ, contiguous U+314F…U+3163).
    static let medials: [Unicode.Scalar] = (0x314F...0x3163).map { Unicode.Scalar($0)! }
    /// The compatibility consonants in final order, index 1…27 (index 0: none).
    static let finals: [Unicode.Scalar?] = [nil] + Array("ㄱㄲㄳㄴㄵㄶㄷㄹㄺㄻㄼㄽㄾㄿㅀㅁㅂㅄㅅㅆㅇㅈㅊㅋㅌㅍㅎ".unicodeScalars)

    /// Each final as the initial consonants it is made of (a double final such as ㄳ is two), by final index 1…27:
    /// before a vowel a final moves to the next syllable, so a search prefix typed mid-word ("성" on the way to
    /// "서울") must compare as initials.
    static let finalAsInitials: [[Int]] = [
        [], [0], [1], [0, 9], [2], [2, 12], [2, 18], [3], [5], [5, 0], [5, 6], [5, 7], [5, 9], [5, 16], [5, 17],
        [5, 18], [6], [7], [7, 9], [9], [10], [11], [12], [14], [15], [16], [17], [18],
    ]

    /// Vowel pairs typed in sequence that make one medial (ㅗ + ㅏ = ㅘ), by medial index.
    static let compoundMedials: [Int: [Int: Int]] = [8: [0: 9, 1: 10, 20: 11], 13: [4: 14, 5: 15, 20: 16], 18: [20: 19]]
    /// Consonant pairs typed in sequence that make one final (ㄱ + ㅅ = ㄳ), by final index then initial index.
    static let compoundFinals: [Int: [Int: Int]] = [1: [9: 3], 4: [12: 5, 18: 6], 8: [0: 9, 6: 10, 7: 11, 9: 12, 16: 13, 17: 14, 18: 15], 17: [9: 18]]

    /// A conjoining final (U+11A8…U+11C2) as the conjoining initials it is made of; nil for any other scalar.
    static func initials(forFinal scalar: Unicode.Scalar) -> [Unicode.Scalar]? {
        let value = scalar.value
        guard value > finalBase, value <= finalBase + 27 else { return nil }
        return finalAsInitials[Int(value - finalBase)].map { Unicode.Scalar(initialBase + UInt32($0))! }
    }

    static func syllable(initial: Int, medial: Int, final: Int) -> Unicode.Scalar {
        Unicode.Scalar(syllableBase + UInt32((initial * 21 + medial) * 28 + final))!
    }
}
