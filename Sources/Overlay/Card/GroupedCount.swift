/// A count written with its language's thousands separator ("9,996", "9 996", "9.996"), as CLDR's decimal formats
/// group it, for the numbers the card shows in the thousands (a long ride's folded stops). Written out here rather
/// than through a locale library so the card reads the same on every kiosk whatever locales the image carries.
enum GroupedCount {
    /// The separator between groups of three digits and the fewest digits a number has before it is grouped.
    /// CLDR groups Spanish only from five digits ("9996", "12.345"); Russian, Ukrainian and French separate by a
    /// space that must not break the line (CLDR's French narrow no-break space is drawn as the plain no-break space,
    /// which every label font has).
    static func grouping(_ language: String?) -> (separator: String, fewestDigits: Int) {
        switch JourneyWording.wordedLanguage(language) {
        case "ru", "uk", "fr": ("\u{00A0}", 4)
        case "de", "tr": (".", 4)
        case "es": (".", 5)
        default: (",", 4)
        }
    }

    /// `n` grouped for `language` (English's commas for a language without wording).
    static func text(_ n: Int, language: String?) -> String {
        let digits = String(n.magnitude)
        let (separator, fewest) = grouping(language)
        guard digits.count >= fewest else { return n < 0 ? "-" + digits : digits }
        var groups: [Substring] = []
        var end = digits.endIndex
        while end > digits.startIndex {
            let start = digits.index(end, offsetBy: -3, limitedBy: digits.startIndex) ?? digits.startIndex
            groups.insert(digits[start..<end], at: 0)
            end = start
        }
        return (n < 0 ? "-" : "") + groups.joined(separator: separator)
    }
}
