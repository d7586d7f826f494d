/// Numbers as espeak-ng reads them right. The card groups thousands with a no-break space in Russian, Ukrainian and
/// French ("9 996"), and espeak-ng 1.51 then drops the thousand: `espeak_TextToPhonemes` gives "девять девятьсот
/// девяносто шесть" for "9 996" in Russian and "neuf neuf cent quatre-vingt-seize" in French, while "9996" is read
/// "девять тысяч …", "neuf mille …" in every voice. Commas and dots (English, German, Spanish, Turkish) are read
/// right and stay; only the space-like separators between digit groups are taken out of what is spoken.
enum SpokenDigits {
    /// The space-like characters CLDR groups digits with: no-break, narrow no-break and thin space.
    static let groupSpaces: Set<Unicode.Scalar> = ["\u{00A0}", "\u{202F}", "\u{2009}"]

    /// `text` with every space-like group separator dropped where it stands between a digit and a group of exactly
    /// three digits ("9 996" → "9996"; "12 h", "1 2" and "line 2 100 m" are left as they are written).
    static func ungrouped(_ text: String) -> String {
        let scalars = Array(text.unicodeScalars)
        var kept = String.UnicodeScalarView()
        for (index, scalar) in scalars.enumerated() {
            if groupSpaces.contains(scalar), separatesGroup(at: index, in: scalars) { continue }
            kept.append(scalar)
        }
        return String(kept)
    }

    private static func separatesGroup(at index: Int, in scalars: [Unicode.Scalar]) -> Bool {
        guard index > 0, isDigit(scalars[index - 1]) else { return false }
        // Three digits and then no fourth: a group, not the start of another number.
        return scalars[(index + 1)...].prefix(4).prefix { isDigit($0) }.count == 3
    }

    private static func isDigit(_ scalar: Unicode.Scalar) -> Bool {
        scalar.properties.numericType == .decimal
    }
}
