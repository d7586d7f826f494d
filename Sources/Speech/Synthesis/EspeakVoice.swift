/// The espeak-ng voice that speaks a BCP 47 language, for the languages the card is worded in and any other whose
/// primary subtag espeak-ng knows by the same name. Chinese is read in Mandarin whichever script it is written in
/// (espeak-ng reads both Simplified and Traditional characters through its Mandarin dictionary).
///
/// Mandarin is `cmn-latn-pinyin`, not `cmn`: espeak-ng 1.51 (Debian 12) looks a character up as pinyin and the `cmn`
/// voice then reads that pinyin as English, "换乘" as "huan four cheng two" (espeak-ng issues 1028 and 1236);
/// `cmn-latn-pinyin` reads the same pinyin in Mandarin. Its cost: Latin letters in a Chinese phrase are read as
/// pinyin, not English.
public enum EspeakVoice {
    public static func name(for language: String?) -> String {
        guard let primary = language?.split(separator: "-").first?.lowercased(), !primary.isEmpty else { return "en" }
        switch primary {
        case "zh": return "cmn-latn-pinyin"
        default: return primary
        }
    }
}
