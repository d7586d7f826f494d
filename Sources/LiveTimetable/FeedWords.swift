import Network

/// The feed's own words (stop names, line names, headsigns) in the traveller's language where translations.txt
/// gives them, else as the feed wrote them: what the card and the callout show of the timetable.
extension KioskTimetable {
    /// Stop `stop`'s name in `language` (nil: the feed's words).
    func stopName(_ stop: Int32, language: String?) -> String {
        let record = timetable.stops[Int(stop)]
        return translated(.stopName, id: record.id, original: record.name, language: language)
    }

    /// Route `route`'s name as the card shows it (its short name, else its long one) in `language`.
    func routeName(_ route: Int32, language: String?) -> String {
        let record = timetable.routes[Int(route)]
        return record.shortName.isEmpty
            ? translated(.routeLongName, id: record.id, original: record.longName, language: language)
            : translated(.routeShortName, id: record.id, original: record.shortName, language: language)
    }

    /// Trip `trip`'s headsign in `language` (empty when the feed gives none).
    func headsign(_ trip: Int32, language: String?) -> String {
        let record = timetable.trips[Int(trip)]
        guard !record.headsign.isEmpty else { return "" }
        return translated(.tripHeadsign, id: record.id, original: record.headsign, language: language)
    }

    private func translated(_ field: FeedTranslations.Field, id: String, original: String, language: String?) -> String {
        guard let language, !original.isEmpty else { return original }
        return timetable.translations.text(field, id: id, original: original, languages: [language]) ?? original
    }
}
