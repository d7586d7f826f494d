/// The `[map] language` key: a BCP 47 tag's shape (a 2–3 letter ISO 639 language, then optional script, region
/// or variant subtags), which is what the map's `names = { ru = … }` keys use. Anything else can never match a
/// name in any map and was silently ignored.
enum LanguageCode {
    static func isWellFormed(_ code: String) -> Bool {
        let parts = code.split(separator: "-", omittingEmptySubsequences: false)
        guard let language = parts.first, (2...3).contains(language.count),
              language.allSatisfy({ $0.isASCII && $0.isLowercase && $0.isLetter }) else { return false }
        return parts.dropFirst().allSatisfy { part in
            (2...8).contains(part.count) && part.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber) }
        }
    }
}
