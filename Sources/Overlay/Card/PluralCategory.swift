/// CLDR's plural categories for the integer counts the card shows ("1 stop", "5 остановок"), for the languages
/// `JourneyWording` words. Rules from the CLDR plural rules chart; fractions never occur here.
enum PluralCategory: Equatable {
    case one, few, many, other

    /// East Slavic (ru, uk): 1, 21, 101 → one; 2–4, 22–24 → few; 0, 5–20, 25 → many.
    static func eastSlavic(_ n: Int) -> PluralCategory {
        let (units, tens) = (n % 10, n % 100)
        if units == 1, tens != 11 { return .one }
        if (2...4).contains(units), !(12...14).contains(tens) { return .few }
        return .many
    }

    /// English, German, Spanish, Turkish: only 1 is singular.
    static func oneOnly(_ n: Int) -> PluralCategory { n == 1 ? .one : .other }

    /// French: 0 and 1 are singular.
    static func zeroOrOne(_ n: Int) -> PluralCategory { n == 0 || n == 1 ? .one : .other }

    /// The word for `n` among East Slavic forms (one, few, many), with the number.
    static func eastSlavic(_ n: Int, _ one: String, _ few: String, _ many: String) -> String {
        "\(n) " + eastSlavicWord(n, one, few, many)
    }

    /// The word for `n` among East Slavic forms (one, few, many), without the number (which the caller writes, e.g.
    /// grouped: "9 996 остановок").
    static func eastSlavicWord(_ n: Int, _ one: String, _ few: String, _ many: String) -> String {
        switch eastSlavic(n) {
        case .one: one
        case .few: few
        default: many
        }
    }
}
