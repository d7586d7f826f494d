import Testing
import TouchInput

struct KeyTraceReaderTests {
    @Test func readsKeysInOrderSkippingCommentsAndTheHeader() throws {
        let events = try KeyTraceReader.events(from: """
            # a walk to a station
            time_us,key,state
            1000,5,down   # audio mode
            1100,5,up
            2000, enter ,down
            2000,volume_up,down
            """, file: "walk.csv")
        #expect(events == [
            KeyEvent(key: .digit5, isPressed: true, timeMicroseconds: 1000),
            KeyEvent(key: .digit5, isPressed: false, timeMicroseconds: 1100),
            KeyEvent(key: .enter, isPressed: true, timeMicroseconds: 2000),
            KeyEvent(key: .volumeUp, isPressed: true, timeMicroseconds: 2000),
        ])
    }

    @Test(arguments: [
        ("1000,6,down\n1000,shift,down\n", "keys.csv:2:6: expected a key"),
        ("1000,6,held\n", "keys.csv:1:8: expected state down or up, got 'held'"),
        ("2000,6,down\n1000,6,up\n", "keys.csv:2:1: expected time_us not to go backwards"),
        ("-5,6,down\n", "keys.csv:1:1: expected time_us as a non-negative integer"),
        ("1000,6\n", "keys.csv:1:7: expected 3 fields"),
    ])
    func badLinesAreLocated(text: String, message: String) {
        #expect {
            try KeyTraceReader.events(from: text, file: "keys.csv")
        } throws: { error in
            "\(error)".hasPrefix(message)
        }
    }

    @Test func keypadAndKeyboardCodesAreTheSameKeys() {
        // KEY_KP8 and KEY_UP, KEY_KPENTER and KEY_ENTER, KEY_ESC and KEY_CANCEL, KEY_BACKSPACE and KEY_CLEAR.
        #expect(KeypadKey(evdevCode: 72) == .digit8 && KeypadKey(evdevCode: 103) == .digit8)
        #expect(KeypadKey(evdevCode: 96) == .enter && KeypadKey(evdevCode: 28) == .enter)
        #expect(KeypadKey(evdevCode: 1) == .cancel && KeypadKey(evdevCode: 223) == .cancel)
        #expect(KeypadKey(evdevCode: 14) == .clear && KeypadKey(evdevCode: 355) == .clear)
        #expect(KeypadKey(evdevCode: 30) == nil)  // KEY_A
    }

    @Test func eachKeysKeypadCodeReadsBackAsThatKey() {
        // What `inject --keys` presses must be what the kiosk reads, for every key of the trace format.
        for key in KeypadKey.allCases {
            #expect(KeypadKey(evdevCode: key.evdevCode) == key, "\(key)")
        }
    }
}
