/// Letters that a traveller's keyboard and a station's sign may write differently though a reader takes them for the
/// same letter, after compatibility decomposition has already split alef with hamza or madda (أ إ آ → ا), waw and
/// yeh with hamza, and Arabic presentation forms. ICU ships no transform for these orthographic equivalences (they
/// are search conventions, not transliterations), so they are listed here, each with why.
enum LetterVariants {
    /// What `scalar` compares as: itself, another letter, or nil when it is dropped.
    static func folded(_ scalar: Unicode.Scalar) -> Unicode.Scalar? {
        switch scalar.value {
        // Tatweel stretches a word for justification; it is no letter.
        case 0x0640: nil
        // Ta marbuta is written as heh in everyday Arabic ("محطة" / "محطه").
        case 0x0629: "\u{0647}"
        // Alef maqsura and the Persian yeh are the yeh a keyboard of the other language types ("ی" / "ي" / "ى").
        case 0x0649, 0x06CC: "\u{064A}"
        // The Persian keheh is the Arabic kaf ("ک" / "ك").
        case 0x06A9: "\u{0643}"
        // Hebrew final forms are the base letters at a word's end; a query that stops mid-word ends in a base form
        // ("תל אבי" is on its way to "תל אביב"; "ירושלים" typed as far as "ירושל" ends in a final form nowhere).
        case 0x05DA: "\u{05DB}"
        case 0x05DD: "\u{05DE}"
        case 0x05DF: "\u{05E0}"
        case 0x05E3: "\u{05E4}"
        case 0x05E5: "\u{05E6}"
        default: scalar
        }
    }
}
