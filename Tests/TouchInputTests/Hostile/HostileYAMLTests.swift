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
}
