import TouchInput

/// Which key does what. One table, so the guide spoken at the first key press, the tests and the kiosk agree.
/// The layout follows the phone-keypad convention screen readers use on kiosks: 8/2 up and down, 4/6 left and right,
/// 5 in the middle (the key with the tactile mark) selects; the corner keys the 12-key layout leaves free take the
/// functions a touch passenger has buttons for.
public struct KeyMap: Sendable {
    public let actions: [KeypadKey: KeyAction]

    public init(actions: [KeypadKey: KeyAction]) {
        self.actions = actions
    }

    public static let standard = KeyMap(actions: [
        .digit8: .previousItem, .digit2: .nextItem,
        .digit4: .previousList, .digit6: .nextList,
        .digit5: .select, .enter: .confirm,
        .clear: .back, .cancel: .home,
        .plus: .zoomIn, .minus: .zoomOut,
        .digit0: .repeatPhrase,
        .digit7: .nextLanguage, .asterisk: .search,
        .digit1: .toggleAccessible, .slash: .toggleAccessible,
        .dot: .toggleSpeech,
        .digit9: .volumeUp, .volumeUp: .volumeUp,
        .digit3: .volumeDown, .volumeDown: .volumeDown,
    ])

    /// The action of a pressed key; releases and unmapped keys do nothing.
    public func action(for event: KeyEvent) -> KeyAction? {
        event.isPressed ? actions[event.key] : nil
    }

    /// The first key (keypad order) that does `action`, for the spoken guide.
    public func key(for action: KeyAction) -> KeypadKey? {
        KeypadKey.allCases.first { actions[$0] == action }
    }
}
