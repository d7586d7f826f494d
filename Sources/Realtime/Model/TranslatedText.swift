/// A GTFS-realtime `TranslatedString`: the same words in several languages, one of which may carry no language
/// (the feed's default, which the spec says to use when no translation matches).
public struct TranslatedText: Hashable, Sendable {
    public struct Translation: Hashable, Sendable {
        /// BCP 47 as the feed wrote it ("en", "en-US", "es"); nil: the feed's default language.
        public var language: String?
        public var text: String

        public init(language: String?, text: String) {
            self.language = language
            self.text = text
        }
    }

    public var translations: [Translation]

    public init(_ translations: [Translation]) {
        self.translations = translations
    }

    public var isEmpty: Bool { translations.allSatisfy { $0.text.isEmpty } }

    /// The words for the first of `languages` (the kiosk's shown languages, in order) the feed has: an exact tag
    /// first, then the same primary subtag ("en" matches "en-US" and the reverse, as agencies write either); else
    /// the untagged translation (the feed's default); else the first one. nil when there is no text at all.
    public func text(preferring languages: [String]) -> String? {
        let usable = translations.filter { !$0.text.isEmpty }
        for wanted in languages {
            if let exact = usable.first(where: { $0.language.map { Self.same($0, wanted) } ?? false }) { return exact.text }
            let primary = Self.primarySubtag(wanted)
            if let near = usable.first(where: { $0.language.map { Self.primarySubtag($0) == primary } ?? false }) {
                return near.text
            }
        }
        return usable.first(where: { $0.language == nil })?.text ?? usable.first?.text
    }

    static func same(_ a: String, _ b: String) -> Bool { a.lowercased() == b.lowercased() }

    static func primarySubtag(_ tag: String) -> String {
        String(tag.lowercased().split(whereSeparator: { $0 == "-" || $0 == "_" }).first ?? "")
    }
}
