import MetroMap
import Overlay

/// What a Japanese phrase is said as: espeak-ng 1.51's `ja` voice reads kana only and says each kanji as the
/// English words "Chinese letter", and spells Latin letters out one by one. So the phrase the screen shows is said
/// from readings: the kiosk's own words from their kana (`JapaneseWordingReadings`), and each station and line name
/// of the map from its kana reading (the scheme's `ja-Hrkt` name, as GTFS-JP writes readings), else from its romaji
/// name as kana (`RomajiReading`), else, for a Latin name that is not romaji, in the English voice. The screen's text
/// is unchanged; only what espeak-ng is given differs.
public struct JapaneseReadings: Sendable {
    /// How a written word is said.
    enum Reading: Sendable, Equatable {
        case kana(String)
        /// A Latin name that is not romaji ("Times Sq"): the English voice.
        case english(String)
    }

    private var readings: [String: Reading]
    /// The lengths (in characters, longest first) of the written words with a reading, by their first character:
    /// the only lengths a match there is looked for at, so a long name costs nothing where it cannot start.
    private var lengths: [Character: [Int]] = [:]
    /// The names a Japanese screen shows in kanji that have no reading (no kana name, no Latin one): the `ja` voice
    /// says their kanji as "Chinese letter". Sorted; said once when the map is loaded, in the log and status.json.
    public private(set) var unreadNames: [String] = []

    /// The readings of the kiosk's own Japanese words and, with a map, of its station and line names; `names`: other
    /// names the screen shows with their words by language tag (a feed's stops, lines and headsigns with its
    /// translations.txt, where GTFS-JP gives kana as `ja-Hrkt`).
    public init(map: MetroMap? = nil, names: [(name: String, localized: [String: String])] = []) {
        readings = JapaneseWordingReadings.kana.mapValues { .kana($0) }
        var unread: Set<String> = []
        for (name, localized) in (map?.stations.map { ($0.name, $0.localizedNames) } ?? [])
            + (map?.lines.map { ($0.name, $0.localizedNames) } ?? []) + names {
            if let name = add(name: name, localized: localized) { unread.insert(name) }
        }
        unreadNames = unread.sorted()
        for word in readings.keys {
            guard let first = word.first else { continue }
            lengths[first, default: []].append(word.count)
        }
        lengths = lengths.mapValues { Array(Set($0)).sorted(by: >) }
    }

    /// Adds the readings of every written form of one name; returns its Japanese form when it is unread.
    private mutating func add(name: String, localized: [String: String]) -> String? {
        let kana = localized["ja-Hrkt"]
        let latin = [localized["ja-Latn"], name, localized["en"]].compactMap { $0 }.first(where: Self.isLatin)
        let written = Set([name] + localized.filter { $0.key != "ja-Hrkt" && $0.key != "ja-Latn" }.map(\.value))
        for form in written {
            if Self.hasKanji(form) {
                if let kana {
                    readings[form] = .kana(kana)
                } else if let latin {
                    readings[form] = Self.reading(ofLatin: latin)
                }
            } else if Self.isLatin(form) {
                readings[form] = Self.reading(ofLatin: form)
            }
        }
        let japanese = localized["ja"] ?? name
        return Self.hasKanji(japanese) && readings[japanese] == nil ? japanese : nil
    }

    /// Whether a kiosk showing `languages` (`[map] languages`) speaks Japanese, and so needs its map's readings.
    public static func isSpoken(in languages: [String]) -> Bool {
        languages.contains { JourneyWording.wordedLanguage($0) == "ja" }
    }

    /// The log's one line when names are unread, said once as the map is loaded (not per phrase); nil when none are.
    public var unreadWarning: String? {
        guard !unreadNames.isEmpty else { return nil }
        let some = unreadNames.prefix(5).joined(separator: ", ") + (unreadNames.count > 5 ? ", …" : "")
        return "speech: \(unreadNames.count) Japanese name\(unreadNames.count == 1 ? " has" : "s have") kanji and neither "
            + "a kana (ja-Hrkt) nor a Latin name; espeak-ng says each kanji as \"Chinese letter\": \(some)"
    }

    private static func reading(ofLatin name: String) -> Reading {
        RomajiReading.kana(name).map { .kana($0) } ?? .english(name)
    }

    /// `phrase` as espeak-ng is given it: unchanged unless it is Japanese; a Japanese phrase with each written word
    /// replaced by its reading, the longest word first, in the `ja` voice, with any English name between in the
    /// `en` voice.
    public func spoken(_ phrase: SpokenPhrase) -> [SpokenPhrase] {
        guard JourneyWording.wordedLanguage(phrase.language) == "ja" else { return [phrase] }
        let characters = Array(phrase.text)
        var segments: [SpokenPhrase] = []
        var japanese = ""
        func endJapanese() {
            if japanese.contains(where: { !$0.isWhitespace }) { segments.append(SpokenPhrase(japanese, language: phrase.language)) }
            japanese = ""
        }
        var index = 0
        while index < characters.count {
            guard let (length, reading) = match(at: index, in: characters) else {
                japanese.append(characters[index])
                index += 1
                continue
            }
            switch reading {
            case let .kana(kana): japanese += kana
            case let .english(name):
                endJapanese()
                segments.append(SpokenPhrase(name, language: "en"))
            }
            index += length
        }
        endJapanese()
        return segments
    }

    /// The longest written word with a reading that starts at `index`; a Latin one only where a word starts and
    /// ends ("Mita" is not read inside "Mitaka").
    private func match(at index: Int, in characters: [Character]) -> (Int, Reading)? {
        let insideWord = index > 0 && Self.isLatinLetter(characters[index - 1])
        for length in lengths[characters[index]] ?? [] where index + length <= characters.count {
            guard let reading = readings[String(characters[index..<index + length])] else { continue }
            let end = index + length
            if insideWord, Self.isLatinLetter(characters[index]) { continue }
            if end < characters.count, Self.isLatinLetter(characters[end - 1]), Self.isLatinLetter(characters[end]) { continue }
            return (length, reading)
        }
        return nil
    }

    /// Whether `text` has a Han ideograph (kanji; 々 too), which the `ja` voice cannot read.
    static func hasKanji(_ text: String) -> Bool {
        text.unicodeScalars.contains { $0.properties.isIdeographic }
    }

    /// Whether `text` has letters and all of them are Latin.
    static func isLatin(_ text: String) -> Bool {
        let letters = text.filter(\.isLetter)
        return !letters.isEmpty && letters.allSatisfy(isLatinLetter)
    }

    private static func isLatinLetter(_ character: Character) -> Bool {
        guard character.isLetter, let scalar = character.unicodeScalars.first else { return false }
        return scalar.value < 0x250 || (0x1E00...0x1EFF).contains(scalar.value)
    }
}
