import TouchInput

/// Keys pressed one after another at a steady pace, each held for `held` µs and released: how the keypad tests replay a
/// traveller walking the search sheet (each test picks a pace that leaves its frames between the presses).
enum KeypadPresses {
    static func events(_ presses: [KeypadKey], from start: Int64 = 1_000_000, every interval: Int64, held: Int64) -> [KeyEvent] {
        presses.enumerated().flatMap { index, key in
            let down = start + Int64(index) * interval
            return [KeyEvent(key: key, isPressed: true, timeMicroseconds: down),
                    KeyEvent(key: key, isPressed: false, timeMicroseconds: down + held)]
        }
    }
}
