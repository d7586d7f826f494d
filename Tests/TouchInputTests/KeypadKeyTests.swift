import Testing
import TouchInput

/// Which plugged-in devices start audio mode: keypads and keyboards, not the other "keyboards" libinput reports.
struct KeypadDeviceTests {
    @Test func aKeypadAndAKeyboardAreKeypadsAPowerButtonIsNot() {
        let numericKeypad: Set<UInt32> = [71, 72, 73, 75, 76, 77, 79, 80, 81, 82, 96, 78, 74, 55, 98, 83]
        let keyboard = Set<UInt32>(1...88)
        let powerButton: Set<UInt32> = [116]
        let volumeKnob: Set<UInt32> = [113, 114, 115]
        let lidAndSleep: Set<UInt32> = [142, 143]
        #expect(KeypadKey.isKeypad(hasKey: numericKeypad.contains))
        #expect(KeypadKey.isKeypad(hasKey: keyboard.contains))
        #expect(!KeypadKey.isKeypad(hasKey: powerButton.contains))
        #expect(!KeypadKey.isKeypad(hasKey: volumeKnob.contains))
        #expect(!KeypadKey.isKeypad(hasKey: lidAndSleep.contains))
        // Digits without Enter (a remote's number row) cannot confirm a journey: not a keypad.
        #expect(!KeypadKey.isKeypad(hasKey: Set<UInt32>(2...11).contains))
    }
}
