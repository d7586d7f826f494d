/// The espeak-ng voice that speaks a BCP 47 language, for the languages the card is worded in and any other whose
/// primary subtag espeak-ng knows by the same name. Chinese is read in Mandarin whichever script it is written in
/// (espeak-ng reads both Simplified and Traditional characters through its `cmn` dictionary).
public enum EspeakVoice {
    public static func name(for language: String?) -> String {
        guard let primary = language?.split(separator: "-").first?.lowercased(), !primary.isEmpty else { return "en" }
        switch primary {
        case "zh": return "cmn"
        default: return primary
        }
    }
}
