import TouchInput

/// What the kiosk says when audio mode starts (the first key, or a keypad plugged in): that audio mode is on and how
/// the keypad works, worded from the key map (so the guide cannot name a key that does something else) in the
/// language the map is shown in, as the card's sentences are (`KeypadGuideWording` holds the languages).
public enum KeypadGuide {
    public static func phrases(keys: KeyMap, language: String? = nil) -> [SpokenPhrase] {
        let wording = KeypadGuideWording.wording(for: language)
        var text = wording.guide { action in keys.key(for: action).map(wording.name) ?? wording.none }
        // The search key's sentence, from its own table (`SearchKeyWording`), when the map gives search a key.
        if let key = keys.key(for: .search) { text += " " + SearchKeyWording.wording(for: language).guide(wording.name(key)) }
        return [SpokenPhrase(text, language: wording.language)]
    }
}
