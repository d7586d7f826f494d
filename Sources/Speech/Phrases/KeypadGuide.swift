import TouchInput

/// What the kiosk says when a key is first pressed: that audio mode is on and how the keypad works, worded from the
/// key map (so the guide cannot name a key that does something else). English for every language for now: the
/// guide's translations are still to be written (the card's sentences are spoken in the shown language).
public enum KeypadGuide {
    public static func phrases(keys: KeyMap) -> [SpokenPhrase] {
        func key(_ action: KeyAction) -> String { keys.key(for: action).map(name) ?? "none" }
        let text = "Audio mode. \(key(.previousItem)) and \(key(.nextItem)) move through the list, "
            + "\(key(.previousList)) and \(key(.nextList)) to the previous and next line, \(key(.select)) selects, "
            + "\(key(.confirm)) confirms, \(key(.back)) goes back, \(key(.home)) starts again. "
            + "\(key(.repeatPhrase)) repeats, \(key(.volumeUp)) and \(key(.volumeDown)) change the volume."
        return [SpokenPhrase(text, language: "en")]
    }

    /// A key as it is printed on the keypad.
    static func name(_ key: KeypadKey) -> String {
        switch key {
        case .enter: "Enter"
        case .clear: "Clear"
        case .cancel: "Cancel"
        case .plus: "plus"
        case .minus: "minus"
        case .asterisk: "star"
        case .slash: "slash"
        case .dot: "dot"
        case .volumeUp: "volume up"
        case .volumeDown: "volume down"
        default: key.rawValue
        }
    }
}
