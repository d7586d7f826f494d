import Testing
@testable import TouchInput

/// A `libinput record` file nested thousands of levels deep overflowed the stack in Yams' composer
/// (`velocity`, `run`, `inject` all crashed); it is now a located error before Yams sees it.
struct HostileYAMLTests {
    @Test func flowNestingBeyondTheLimitIsALocatedError() {
        let text = "devices:\n- evdev: " + String(repeating: "[", count: 5000) + String(repeating: "]", count: 5000) + "\n"
        #expect(throws: TraceError(file: "deep.yml", line: 2, column: 72,
                                   message: "YAML nested deeper than 64 levels")) {
            try LibinputRecordTraceReader.frames(from: text, file: "deep.yml", outputSize: .kioskDefault)
        }
    }

    @Test func blockNestingBeyondTheLimitIsALocatedError() {
        var text = "devices:\n"
        for depth in 0..<5000 { text += String(repeating: " ", count: depth) + "- \n" }
        #expect {
            try LibinputRecordTraceReader.frames(from: text, file: "deep.yml", outputSize: .kioskDefault)
        } throws: { error in
            guard let error = error as? TraceError else { return false }
            return error.line == 65 && error.column > 0 && error.description.hasPrefix("deep.yml:65:")
        }
        let compact = "devices:\n" + String(repeating: "- ", count: 5000) + "x\n"
        #expect(throws: TraceError.self) { try LibinputRecordTraceReader.frames(from: compact, file: "c.yml", outputSize: .kioskDefault) }
    }

    @Test func aRealRecordingIsFarBelowTheLimit() throws {
        let text = """
            # libinput record
            devices:
            - node: /dev/input/event5
              evdev:
                absinfo:
                  53: [0, 4095, 0, 0, 10]
                  54: [0, 4095, 0, 0, 10]
              events:
              - evdev:
                - [  0,      0,   3,  57,     1] # EV_ABS / ABS_MT_TRACKING_ID 1
            """
        #expect(YAMLNestingLimit.firstViolation(in: text) == nil)
    }

    /// Each device's description is composed when its events begin: the number of devices and the size of the
    /// descriptions are bounded, so a file of thousands of devices is an error, not a quadratic read.
    @Test func thousandsOfDevicesAreALocatedError() {
        var text = "devices:\n"
        for index in 0..<5000 { text += "- node: /dev/input/event\(index)\n  events:\n  - evdev:\n    - [0, 0, 0, 0, 0]\n" }
        #expect(throws: TraceError(file: "many.yml", line: 3 + 4 * 64, column: 3, message:
            "expected at most 64 devices with 'events:' (libinput record --all records a few dozen)")) {
            try LibinputRecordTraceReader.frames(from: text, file: "many.yml", outputSize: .kioskDefault)
        }
    }

    @Test func anEndlessDescriptionIsALocatedError() {
        var text = "devices:\n- node: /dev/input/event0\n  evdev:\n    codes:\n"
        for index in 0..<40000 { text += "      \(index): [0, 1, 2, 3] # EV_ABS\n" }
        let error = #expect(throws: TraceError.self) {
            try LibinputRecordTraceReader.frames(from: text, file: "long.yml", outputSize: .kioskDefault)
        }
        #expect(error?.message.contains("device descriptions pass 1048576 bytes") == true, "\(String(describing: error))")
        #expect((error?.line ?? 0) > 30000)
    }
}
