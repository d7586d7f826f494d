/// A key of the kiosk's keypad: the 12-key numeric layout ADA §707.6 asks of public machines (digits, Enter, Clear,
/// Cancel) with the extra keys of a PC numeric keypad (+, −, *, /, .) and the volume keys. Any keyboard drives the
/// kiosk through the same keys: the main row's digits, the arrows and Backspace read as their keypad twins.
public enum KeypadKey: String, Sendable, Hashable, CaseIterable {
    case digit0 = "0", digit1 = "1", digit2 = "2", digit3 = "3", digit4 = "4"
    case digit5 = "5", digit6 = "6", digit7 = "7", digit8 = "8", digit9 = "9"
    case enter, clear, cancel, plus, minus, asterisk, slash, dot
    case volumeUp = "volume_up", volumeDown = "volume_down"

    /// The key a Linux input event code (`linux/input-event-codes.h`) stands for; nil for keys the kiosk ignores.
    public init?(evdevCode code: UInt32) {
        switch code {
        case 11, 82: self = .digit0                 // KEY_0, KEY_KP0
        case 2, 79: self = .digit1                  // KEY_1, KEY_KP1
        case 3, 80, 108: self = .digit2             // KEY_2, KEY_KP2, KEY_DOWN
        case 4, 81: self = .digit3
        case 5, 75, 105: self = .digit4             // KEY_4, KEY_KP4, KEY_LEFT
        case 6, 76: self = .digit5
        case 7, 77, 106: self = .digit6             // KEY_6, KEY_KP6, KEY_RIGHT
        case 8, 71: self = .digit7
        case 9, 72, 103: self = .digit8             // KEY_8, KEY_KP8, KEY_UP
        case 10, 73: self = .digit9
        case 28, 96: self = .enter                  // KEY_ENTER, KEY_KPENTER
        case 14, 111, 355: self = .clear            // KEY_BACKSPACE, KEY_DELETE, KEY_CLEAR
        case 1, 223: self = .cancel                 // KEY_ESC, KEY_CANCEL
        case 78, 13, 117: self = .plus              // KEY_KPPLUS, KEY_EQUAL (+ unshifted), KEY_KPEQUAL
        case 74, 12: self = .minus                  // KEY_KPMINUS, KEY_MINUS
        case 55: self = .asterisk                   // KEY_KPASTERISK
        case 98, 53: self = .slash                  // KEY_KPSLASH, KEY_SLASH
        case 83, 52: self = .dot                    // KEY_KPDOT, KEY_DOT
        case 115: self = .volumeUp                  // KEY_VOLUMEUP
        case 114: self = .volumeDown                // KEY_VOLUMEDOWN
        default: return nil
        }
    }
}

extension KeypadKey {
    /// The code a numeric keypad sends for this key (its KEY_KP… code where it has one): what a virtual keypad
    /// (`metro-kiosk inject --keys`) presses, and the inverse of `init(evdevCode:)`.
    public var evdevCode: UInt32 {
        switch self {
        case .digit0: 82
        case .digit1: 79
        case .digit2: 80
        case .digit3: 81
        case .digit4: 75
        case .digit5: 76
        case .digit6: 77
        case .digit7: 71
        case .digit8: 72
        case .digit9: 73
        case .enter: 96
        case .clear: 355
        case .cancel: 223
        case .plus: 78
        case .minus: 74
        case .asterisk: 55
        case .slash: 98
        case .dot: 83
        case .volumeUp: 115
        case .volumeDown: 114
        }
    }
}

extension KeypadKey {
    /// Whether a device with these keys is a keypad a traveller can use: it has a 5 (the keypad's or the main row's,
    /// the key ADA §707 marks) and an Enter. libinput calls power buttons, lid switches, volume knobs and a
    /// camera's shutter "keyboards" too; plugging one of those in must not start talking.
    public static func isKeypad(hasKey: (UInt32) -> Bool) -> Bool {
        (hasKey(76) || hasKey(6)) && (hasKey(96) || hasKey(28))   // KEY_KP5, KEY_5; KEY_KPENTER, KEY_ENTER
    }
}

/// One press or release of a keypad key, at CLOCK_MONOTONIC microseconds (libinput's clock, as touch).
public struct KeyEvent: Sendable, Hashable {
    public var timeMicroseconds: Int64
    public var key: KeypadKey
    public var isPressed: Bool

    public init(key: KeypadKey, isPressed: Bool, timeMicroseconds: Int64) {
        self.key = key
        self.isPressed = isPressed
        self.timeMicroseconds = timeMicroseconds
    }
}
