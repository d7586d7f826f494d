import MetroMap
import Overlay

/// What audio mode says in the search sheet: its name as it opens, each keyboard key the focus lands on (its
/// letter; the space and delete keys by name), what was typed, and each result row as a station is said elsewhere
/// (its name, then its lines).
public enum SearchPhrases {
    /// The sheet has opened with the focus on `key`.
    public static func opened(focus key: KeyboardKey, language: String?) -> [SpokenPhrase] {
        let wording = SearchKeyWording.wording(for: language)
        return [SpokenPhrase(wording.search, language: wording.language)] + self.key(key, language: language)
    }

    /// A key of the on-screen keyboard.
    public static func key(_ key: KeyboardKey, language: String?) -> [SpokenPhrase] {
        let wording = SearchKeyWording.wording(for: language)
        switch key {
        case let .character(letter): return [SpokenPhrase(letter, language: language)]
        case .space: return [SpokenPhrase(wording.space, language: wording.language)]
        case .backspace: return [SpokenPhrase(wording.delete, language: wording.language)]
        }
    }

    /// The field after a key typed or deleted: the text as it now stands, or "delete" when it is empty.
    public static func field(_ text: String, language: String?) -> [SpokenPhrase] {
        let wording = SearchKeyWording.wording(for: language)
        return text.isEmpty ? [SpokenPhrase(wording.delete, language: wording.language)] : [SpokenPhrase(text, language: language)]
    }

    /// Enter with nothing found: what the list shows in its place (`shown`, the sheet's `SearchWording` hint, "No
    /// station matches “qq”"), in the voice of the language those words are in, so the traveller hears what a
    /// sighted helper reads. With nothing shown (a map without lines browsed with the field empty) the guide's "none".
    public static func noResults(shown: String?, language: String?) -> [SpokenPhrase] {
        guard let shown, !shown.isEmpty else {
            let wording = KeypadGuideWording.wording(for: language)
            return [SpokenPhrase(wording.none, language: wording.language)]
        }
        return [SpokenPhrase(shown, language: SearchWording(language: language).language)]
    }

    /// A result row: the name the row shows (`shown`, the search's name for the place; nil: the station's own), then
    /// the lines that stop there, whose roundels the row draws.
    public static func result(stationID: String, shown: String? = nil, map: MetroMap, language: String?) -> [SpokenPhrase] {
        guard let info = StationInfo(map: map, stationID: stationID, language: language) else { return shown.map { [SpokenPhrase($0, language: language)] } ?? [] }
        var phrases = ScreenPhrases.station(info, language: language)
        if let shown, !phrases.isEmpty { phrases[0] = SpokenPhrase(shown, language: language) }
        return phrases
    }
}
