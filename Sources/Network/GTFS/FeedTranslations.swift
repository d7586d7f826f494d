/// The feed's own words in other languages (GTFS `translations.txt`) for what a traveller reads from the feed: stop
/// names, route names and headsigns. A translation names its record (`record_id`: one stop, route or trip) or the
/// original words (`field_value`: every record whose field says that); a record's own translation wins.
public struct FeedTranslations: Sendable, Equatable {
    /// The fields the kiosk shows (`table_name`.`field_name`); a feed's other translations are not kept.
    public enum Field: UInt8, Sendable, CaseIterable {
        case stopName = 0, routeShortName = 1, routeLongName = 2, tripHeadsign = 3

        public init?(table: String, field: String) {
            switch (table, field) {
            case ("stops", "stop_name"): self = .stopName
            case ("routes", "route_short_name"): self = .routeShortName
            case ("routes", "route_long_name"): self = .routeLongName
            case ("trips", "trip_headsign"): self = .tripHeadsign
            default: return nil
            }
        }
    }

    public struct Key: Hashable, Sendable {
        public var field: Field
        /// A record id (`byRecord`) or original words (`byValue`).
        public var text: String

        public init(_ field: Field, _ text: String) {
            self.field = field
            self.text = text
        }
    }

    /// (field, record id) → language tag → words.
    public var byRecord: [Key: [String: String]] = [:]
    /// (field, original words) → language tag → words.
    public var byValue: [Key: [String: String]] = [:]

    public init() {}

    public var isEmpty: Bool { byRecord.isEmpty && byValue.isEmpty }

    /// `original` (the field of record `id`) in the first of `languages` the feed translates it into, matched as
    /// GTFS-realtime's TranslatedString is (exact tag, then the same primary subtag: "fr" takes "fr-CA"); nil when
    /// the feed has no translation for any of them, and the original words are shown.
    public func text(_ field: Field, id: String, original: String, languages: [String]) -> String? {
        guard !isEmpty, !languages.isEmpty else { return nil }
        let own = byRecord[Key(field, id)], shared = byValue[Key(field, original)]
        guard own != nil || shared != nil else { return nil }
        for wanted in languages {
            for words in [own, shared].compactMap({ $0 }) {
                if let match = Self.match(wanted, in: words) { return match }
            }
        }
        return nil
    }

    static func match(_ wanted: String, in words: [String: String]) -> String? {
        let lower = wanted.lowercased()
        if let exact = words.first(where: { $0.key.lowercased() == lower }) { return exact.value }
        let primary = Self.primarySubtag(wanted)
        // Sorted so two regional forms of one language ("pt-BR", "pt-PT") give the same answer every time.
        return words.keys.sorted().first { Self.primarySubtag($0) == primary }.flatMap { words[$0] }
    }

    static func primarySubtag(_ tag: String) -> String {
        String(tag.lowercased().split(whereSeparator: { $0 == "-" || $0 == "_" }).first ?? "")
    }
}
