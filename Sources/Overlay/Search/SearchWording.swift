/// The search sheet's words in the language the map is shown in, chosen as the journey card's are
/// (`JourneyWording.wordedLanguage`); English for a language without them. The typed text goes inside the
/// language's own quotation marks, never inflected.
public struct SearchWording: Sendable {
    /// The language these words are in ("en" for a language without its own): audio mode speaks them in its voice,
    /// so what is said is what is shown.
    public let language: String
    /// Said in the list's place when nothing matches what was typed.
    public let noMatch: @Sendable (_ query: String) -> String

    /// The wording for a BCP 47 code ("ru", "zh-TW"); English when the language has none.
    public init(language: String?) {
        let worded = JourneyWording.wordedLanguage(language)
        self.language = worded.flatMap { Self.languages.contains($0) ? $0 : nil } ?? "en"
        noMatch = switch worded {
        case "ru": { "Нет станций по запросу «\($0)»" }
        case "uk": { "Немає станцій за запитом «\($0)»" }
        case "de": { "Keine Station passt zu „\($0)“" }
        case "fr": { "Aucune station ne correspond à « \($0) »" }
        case "es": { "Ninguna estación coincide con «\($0)»" }
        case "tr": { "“\($0)” ile eşleşen istasyon yok" }
        case "ja": { "「\($0)」に一致する駅はありません" }
        // 에 needs no choice of particle after a final consonant, as 과/와 would.
        case "ko": { "‘\($0)’에 해당하는 역이 없습니다" }
        case "zh-Hans": { "没有与“\($0)”匹配的车站" }
        case "zh-Hant": { "沒有與「\($0)」相符的車站" }
        default: { "No station matches “\($0)”" }
        }
    }
}

extension SearchWording {
    /// The languages with their own words (the cases above), English first.
    public static let languages = ["en", "ru", "uk", "de", "fr", "es", "tr", "ja", "ko", "zh-Hans", "zh-Hant"]
}
