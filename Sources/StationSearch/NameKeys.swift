import Foundation

/// The forms of one station name a query is compared with: the name itself folded, and its romanisations through
/// ICU's transliterators (reached through Foundation's `applyingTransform`, which calls ICU on Linux), so that a
/// traveller with a Latin keyboard finds "Тверская" by typing "tverskaya", "Σύνταγμα" by "syntagma", "서울" by
/// "seoul" and "新宿" by "xinsu".
enum NameKeys {
    /// Every distinct folded key of `name`, the name's own script first.
    static func keys(of name: String) -> [[Unicode.Scalar]] {
        var keys = [SearchText.fold(name)]
        if name.unicodeScalars.contains(where: isNonLatinLetter) {
            for transform in transforms(for: name) {
                guard let latin = name.applyingTransform(StringTransform(transform), reverse: false) else { continue }
                let folded = SearchText.fold(latin)
                keys.append(folded)
                // Han and kana romanise syllable by syllable ("xin su"): a traveller types the word whole.
                if name.unicodeScalars.contains(where: isSyllabic) { keys.append(folded.filter { $0 != " " }) }
            }
        }
        var seen: Set<String> = []
        return keys.filter { !$0.isEmpty && seen.insert(String(String.UnicodeScalarView($0))).inserted }
    }

    /// ICU transliterator ids for a name: the general Any-Latin, and for Cyrillic and Greek the romanisation signs
    /// use (BGN/PCGN "Tverskaya" rather than ISO 9 "Tverskaâ"; UNGEGN "Athina").
    private static func transforms(for name: String) -> [String] {
        var ids = ["Any-Latin; Latin-ASCII"]
        let scalars = name.unicodeScalars
        if scalars.contains(where: { (0x0400...0x04FF).contains($0.value) }) { ids.append("Russian-Latin/BGN; Latin-ASCII") }
        if scalars.contains(where: { (0x0370...0x03FF).contains($0.value) || (0x1F00...0x1FFF).contains($0.value) }) {
            ids.append("Greek-Latin/UNGEGN; Latin-ASCII")
        }
        return ids
    }

    private static func isNonLatinLetter(_ scalar: Unicode.Scalar) -> Bool {
        scalar.properties.isAlphabetic && scalar.value > 0x024F && !(0x1E00...0x1EFF).contains(scalar.value)
    }

    /// Han ideographs, kana and Hangul syllables, which ICU romanises one syllable at a time.
    private static func isSyllabic(_ scalar: Unicode.Scalar) -> Bool {
        let value = scalar.value
        return (0x3040...0x30FF).contains(value) || (0x3400...0x9FFF).contains(value) || (0xAC00...0xD7A3).contains(value)
            || (0xF900...0xFAFF).contains(value)
    }
}
