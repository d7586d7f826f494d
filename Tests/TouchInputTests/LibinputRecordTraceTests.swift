import Foundation
import Testing
@testable import TouchInput

struct LibinputRecordTraceTests {
    /// Writes an evemu recording out as `libinput record` would have recorded the same device and events:
    /// one `- evdev:` frame per SYN_REPORT, rows `[sec, usec, type, code, value]`.
    static func libinputRecord(fromEvemu text: String) -> String {
        var absinfo: [String] = []
        var frames: [[String]] = [[]]
        for line in text.split(separator: "\n") {
            let fields = line.prefix(while: { $0 != "#" }).split(whereSeparator: { $0 == " " || $0 == "\t" })
            if line.hasPrefix("A:"), fields.count >= 6, let code = Int(fields[1], radix: 16) {
                absinfo.append("      \(code): [\(fields[2]), \(fields[3]), \(fields[4]), \(fields[5]), 0]")
            } else if line.hasPrefix("E:"), fields.count == 5 {
                let time = fields[1].split(separator: ".")
                guard let type = Int(fields[2], radix: 16), let code = Int(fields[3], radix: 16), let value = Int(fields[4]) else { continue }
                frames[frames.count - 1].append("    - [\(Int(time[0]) ?? 0), \(Int(time[1]) ?? 0), \(type), \(code), \(value)] # evdev")
                if type == 0, code == 0 { frames.append([]) }
            }
        }
        var yaml = """
            # libinput record
            version: 1
            ndevices: 1
            libinput:
              version: "1.22.1"
              git: "unknown"
            system:
              kernel: "6.1.0"
              dmi: "dmi:unknown"
            devices:
            - node: /dev/input/event5
              evdev:
                # Name: Converted
                #   Event code 47 (ABS_MT_SLOT)
                #       Value           0
                name: "Converted"
                id: [24, 0, 0, 0]
                codes:
                  0: [0, 1, 2, 3] # EV_SYN
                  1: [330] # EV_KEY
                  3: [0, 1, 47, 53, 54, 57] # EV_ABS
                absinfo:

            """
        yaml += absinfo.joined(separator: "\n") + "\n"
        yaml += "    properties: [1]\n  events:\n"
        for frame in frames where !frame.isEmpty {
            yaml += "  - evdev:\n" + frame.joined(separator: "\n") + "\n"
        }
        return yaml
    }

    @Test func libinputRecordAndEvemuOfTheSameEventsGiveTheSameFrames() throws {
        for name in ["Atmel_maXTouch_Touchscreen.1-finger-fast-taps.events", "EP0430M09.2-finger-scroll-down.events"] {
            let path = SharedData.evemu(name)
            let evemu = try SharedData.text(path)
            let yaml = Self.libinputRecord(fromEvemu: evemu)
            #expect(TraceFormat.detect(text: yaml, path: "x.txt") == .libinputRecord)
            let fromYAML = try TraceReader.frames(text: yaml, file: "converted.yml")
            let fromEvemu = try TraceReader.frames(text: evemu, file: path)
            #expect(fromYAML.count > 10)
            #expect(fromYAML == fromEvemu, "\(name)")
        }
    }

    @Test func malformedEventRowNamesItsLine() throws {
        let evemu = try SharedData.text(SharedData.evemu("Atmel_maXTouch_Touchscreen.1-finger-fast-taps.events"))
        var lines = Self.libinputRecord(fromEvemu: evemu).split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let index = try #require(lines.firstIndex { $0.hasPrefix("    - [") })
        lines[index] = "    - [0, 1, 3, 57]"
        let error = #expect(throws: TraceError.self) {
            try TraceReader.frames(text: lines.joined(separator: "\n"), file: "bad.yml")
        }
        #expect(error?.line == index + 1)
        // The column is the closing bracket, where the fifth number was expected.
        #expect(error?.description == "bad.yml:\(index + 1):19: expected an evdev event as [sec, usec, type, code, value], got 4 numbers")
    }

    @Test func invalidYAMLNamesItsLine() {
        let yaml = "# libinput record\nversion: 1\ndevices:\n- node: x\n  evdev: [unclosed\n"
        let error = #expect(throws: TraceError.self) {
            try TraceReader.frames(text: yaml, file: "broken.yml")
        }
        #expect(error?.message.hasPrefix("expected valid YAML") == true)
        #expect((error?.line ?? 0) >= 5)
    }

    @Test func recordingWithoutATouchDeviceIsAnError() {
        let yaml = """
            # libinput record
            version: 1
            devices:
            - node: /dev/input/event0
              evdev:
                name: "Keyboard"
                absinfo: {}
              events: []
            """
        let error = #expect(throws: TraceError.self) {
            try TraceReader.frames(text: yaml, file: "kbd.yml")
        }
        // The device list starts at its first entry.
        #expect(error?.line == 4)
        #expect(error?.message.contains("expected a device with ABS_MT_POSITION_X/Y or ABS_X/Y") == true)
    }
}
