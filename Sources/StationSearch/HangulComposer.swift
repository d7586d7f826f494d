/// Composes what a Hangul keyboard types, one jamo per key (the compatibility jamo ㄱ…ㅣ), into syllables as Korean
/// input methods do ("ㅅㅓㅇㅜㄹ" → "서울"): a consonant after a vowel is held as the syllable's final until a vowel
/// follows, which takes it (or the second half of a double final) into the next syllable; vowels and finals typed
/// in pairs join (ㅗ + ㅏ = ㅘ, ㄹ + ㄱ = ㄺ). Anything else passes through and ends the syllable being built.
public enum HangulComposer {
    public static func compose(_ keys: String) -> String {
        var output = String.UnicodeScalarView()
        var initial: Int?
        var medial: Int?
        var final: Int?

        func flush() {
            if let i = initial, let m = medial {
                output.append(HangulJamo.syllable(initial: i, medial: m, final: final ?? 0))
            } else if let i = initial {
                output.append(HangulJamo.initials[i])
            } else if let m = medial {
                output.append(HangulJamo.medials[m])
            }
            initial = nil
            medial = nil
            final = nil
        }

        for scalar in keys.unicodeScalars {
            if let consonant = HangulJamo.initials.firstIndex(of: scalar) {
                if initial != nil, medial != nil, final == nil, let asFinal = finalIndex(ofInitial: consonant) {
                    final = asFinal
                } else if initial != nil, medial != nil, let held = final,
                          let joined = HangulJamo.compoundFinals[held]?[consonant] {
                    final = joined
                } else {
                    flush()
                    initial = consonant
                }
            } else if let vowel = HangulJamo.medials.firstIndex(of: scalar) {
                if initial != nil, medial == nil {
                    medial = vowel
                } else if let held = medial, final == nil, let joined = HangulJamo.compoundMedials[held]?[vowel] {
                    medial = joined
                } else if let i = initial, let m = medial, let held = final {
                    // The final moves on: a single final whole, a double final's second consonant.
                    let parts = HangulJamo.finalAsInitials[held]
                    let kept = parts.count == 2 ? finalIndex(ofInitial: parts[0]) ?? 0 : 0
                    output.append(HangulJamo.syllable(initial: i, medial: m, final: kept))
                    initial = parts.last
                    medial = vowel
                    final = nil
                } else {
                    flush()
                    medial = vowel
                }
            } else {
                flush()
                output.append(scalar)
            }
        }
        flush()
        return String(output)
    }

    /// The final index of an initial consonant; nil for the three that are never finals (ㄸ ㅃ ㅉ).
    private static func finalIndex(ofInitial index: Int) -> Int? {
        HangulJamo.finals.firstIndex { $0 == HangulJamo.initials[index] }
    }
}
