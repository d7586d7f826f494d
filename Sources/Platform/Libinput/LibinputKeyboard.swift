import CLibinput
import TouchInput

/// Keypads and keyboards: each key libinput reports (evdev code, pressed or released) becomes a `KeyEvent` when
/// it is a key of the kiosk's keypad (`KeypadKey`); every other key is ignored here.
extension LibinputInput {
    func handleKeyboard(_ event: OpaquePointer, into out: inout [InputEvent]) {
        guard let keyboard = libinput_event_get_keyboard_event(event),
              let key = KeypadKey(evdevCode: libinput_event_keyboard_get_key(keyboard)) else { return }
        let pressed = libinput_event_keyboard_get_key_state(keyboard) == LIBINPUT_KEY_STATE_PRESSED
        out.append(.key(KeyEvent(key: key, isPressed: pressed,
                                 timeMicroseconds: Int64(libinput_event_keyboard_get_time_usec(keyboard)))))
    }
}
