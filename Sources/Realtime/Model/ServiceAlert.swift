/// One GTFS-realtime `Alert`, in the kiosk's terms.
public struct ServiceAlert: Hashable, Sendable {
    /// The feed entity's id, stable across polls: what the status strip keys its rows on.
    public var id: String
    /// Empty: always active (the spec's reading of a missing `active_period`).
    public var activePeriods: [ActivePeriod]
    public var informedEntities: [InformedEntity]
    public var cause: AlertCause
    public var effect: AlertEffect
    public var header: TranslatedText
    public var description: TranslatedText
    public var url: TranslatedText
    /// The words to speak, where the agency gives them (`tts_header_text`, `tts_description_text`: spelled for a
    /// voice, "St." as "Street"); empty: speak the shown words.
    public var ttsHeader = TranslatedText([])
    public var ttsDescription = TranslatedText([])

    public init(id: String, activePeriods: [ActivePeriod] = [], informedEntities: [InformedEntity], cause: AlertCause = .unknownCause,
                effect: AlertEffect = .unknownEffect, header: TranslatedText = TranslatedText([]),
                description: TranslatedText = TranslatedText([]), url: TranslatedText = TranslatedText([])) {
        self.id = id
        self.activePeriods = activePeriods
        self.informedEntities = informedEntities
        self.cause = cause
        self.effect = effect
        self.header = header
        self.description = description
        self.url = url
    }

    public func isActive(at posixSeconds: UInt64) -> Bool {
        activePeriods.isEmpty || activePeriods.contains { $0.contains(posixSeconds) }
    }

    /// The line a status strip shows: the header in the first language the feed has, else the description (some
    /// feeds send only one of the two; BART sends its whole text as the header).
    public func headline(preferring languages: [String]) -> String? {
        header.text(preferring: languages) ?? description.text(preferring: languages)
    }
}
