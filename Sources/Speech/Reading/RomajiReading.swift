import Foundation

/// A station or line name written in romaji ("Nishi-magome", "Shimbashi"), as kana the Japanese voice reads as a
/// name. espeak-ng 1.51's `ja` voice spells Latin letters out in English ("Shinjuku" as "S H I N J U K U"), and the
/// `en` voice reads romaji as English ("Ryogoku" as "ɹˈaɪəɡˌəʊkuː"); the same name as hiragana through ICU's
/// Latin-Hiragana is read "ɽʲˌäo̞ɡˈo̞kɯᵝ" by the `ja` voice. Long vowels the romaji does not write stay short.
enum RomajiReading {
    /// The English words of romaji names on the schemes (Tokyo's "Asakusa Line", "Yurakucho Line (New Line)"), as a
    /// Japanese traveller calls them: 線 and 新線 are said "sen" and "shinsen".
    static let englishWords = ["line": "せん", "new": "しん"]

    /// The kana reading of `name`, or nil when a word of it is neither romaji nor one of `englishWords`
    /// ("Victoria", "Times Sq"): such a name is said in English.
    static func kana(_ name: String) -> String? {
        let folded = name.applyingTransform(StringTransform("Latin-ASCII"), reverse: false) ?? name
        var reading = ""
        var word = ""
        func endWord() -> Bool {
            defer { word = "" }
            guard !word.isEmpty else { return true }
            if let english = englishWords[word.lowercased()] {
                reading += english
                return true
            }
            guard isRomaji(word.lowercased()),
                  let kana = hepburnSpelled(word.lowercased()).applyingTransform(StringTransform("Latin-Hiragana"), reverse: false)
            else { return false }
            reading += kana
            return true
        }
        for character in folded {
            if character.isASCII, character.isLetter {
                word.append(character)
                continue
            }
            guard endWord() else { return nil }
            reading.append(character)
        }
        guard endWord() else { return nil }
        return reading
    }

    /// Whether `word` (lower case ASCII letters) is a run of Japanese syllables in Hepburn or Kunrei spelling.
    static func isRomaji(_ word: String) -> Bool {
        word.wholeMatch(of: syllables) != nil
    }

    /// Hepburn's m before b, m and p is the syllabic n ("Shimbashi", "Gaiemmae"), and a doubled n is the syllabic
    /// n before an n syllable ("Tameike-sanno"); ICU reads both doubled letters as a small tsu ("がいえっまえ").
    /// Kunrei syllables are spelled as Hepburn's, which ICU knows: it reads Tokyo's "Higasi" as "ひがせぃ".
    static func hepburnSpelled(_ word: String) -> String {
        let letters = Array(word.replacing(/m(?=[bmp])/, with: "n'").replacing(/nn/, with: "n'n"))
        var spelled = ""
        var index = 0
        while index < letters.count {
            let pair = index + 1 < letters.count ? String(letters[index...index + 1]) : ""
            // "hu" is Hepburn's own inside "shu" and "chu".
            if let hepburn = kunrei[pair], pair != "hu" || index == 0 || !"sc".contains(letters[index - 1]) {
                spelled += hepburn
                index += 2
            } else {
                spelled.append(letters[index])
                index += 1
            }
        }
        return spelled
    }

    /// Kunrei spellings and Hepburn's for them: no Hepburn word holds these pairs but "hu" (in "shu", "chu").
    static let kunrei = ["si": "shi", "ti": "chi", "tu": "tsu", "hu": "fu", "zi": "ji", "sy": "sh", "ty": "ch", "zy": "j"]

    // A vowel; a consonant (with y) and a vowel; sh, ch, j, ts, f, y, w syllables; a syllabic n (not before a vowel
    // or y); Hepburn's m before b, m, p; a doubled consonant (small tsu), also t before ch.
    nonisolated(unsafe) private static let syllables =
        /(?:[aiueo]|[kgsztdnhbpmr]y?[aiueo]|(?:sh|ch|j)[aiueo]|(?:ts|f)u|y[auo]|w[ao]|n(?![aiueoy])|m(?=[bmp])|([kgsztdhbpr])(?=\1)|t(?=ch))+/
}
