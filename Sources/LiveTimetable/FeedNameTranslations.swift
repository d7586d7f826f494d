import Network

/// The feed's stop and line names and headsigns, each with its translations.txt words by language tag: what
/// Japanese speech takes its readings from beside the map's names (`JapaneseReadings`), since a GTFS-JP feed gives
/// a kanji stop name its kana as a `ja-Hrkt` translation.
extension KioskTimetable {
    public var translatedNames: [(name: String, localized: [String: String])] {
        let translations = timetable.translations
        guard !translations.isEmpty else { return [] }
        func words(_ field: FeedTranslations.Field, id: String, original: String) -> (name: String, localized: [String: String])? {
            // A record's own translation wins over the words', as on the card (`FeedTranslations.text`).
            let shared = translations.byValue[.init(field, original)] ?? [:], own = translations.byRecord[.init(field, id)] ?? [:]
            let merged = shared.merging(own) { _, own in own }
            return merged.isEmpty || original.isEmpty ? nil : (original, merged)
        }
        let stops = timetable.stops.compactMap { words(.stopName, id: $0.id, original: $0.name) }
        let routes = timetable.routes.flatMap { route in
            [words(.routeShortName, id: route.id, original: route.shortName), words(.routeLongName, id: route.id, original: route.longName)]
                .compactMap { $0 }
        }
        // Headsigns are translated by their words: thousands of trips share a few.
        let headsigns = translations.byValue.filter { $0.key.field == .tripHeadsign }.map { (name: $0.key.text, localized: $0.value) }
        return stops + routes + headsigns
    }
}
