import Foundation
import Testing
@testable import TouchInput
import TestSupport

/// `libinput record --all` (or `--multiple`) writes every device: keyboards, power buttons and touchpads come
/// before the touchscreen as often as not. The reader takes the touchscreens, whatever their place.
struct LibinputRecordDevicesTests {
    static let size = FieldTraceTests.size

    static let keyboard = """
        - node: /dev/input/event0
          evdev:
            # Name: AT Translated Set 2 keyboard
            name: "AT Translated Set 2 keyboard"
            id: [17, 1, 1, 43841]
            codes:
              0: [0, 1, 4, 17, 20] # EV_SYN
              1: [1, 2, 3, 30, 330] # EV_KEY
            properties: []
          udev:
            properties:
            - ID_INPUT=1
            - ID_INPUT_KEY=1
            - ID_INPUT_KEYBOARD=1
          events:
          - evdev:
            - [  0,  20000,   4,   4,      30] # EV_MSC / MSC_SCAN                30
            - [  0,  20000,   1,  30,       1] # EV_KEY / KEY_A                    1
            - [  0,  20000,   0,   0,       0] # ------------ SYN_REPORT (0) ---------- +0ms
          - libinput:
            - {time: 0.020000, type: KEYBOARD_KEY, key: 30, state: pressed}

        """

    /// A touchpad has the same multitouch axes as a touchscreen; INPUT_PROP_POINTER (0) and BTN_TOOL_FINGER tell it apart.
    static let touchpad = """
        - node: /dev/input/event7
          evdev:
            name: "SynPS/2 Synaptics TouchPad"
            codes:
              1: [272, 325, 330] # EV_KEY
              3: [0, 1, 47, 53, 54, 57] # EV_ABS
            absinfo:
              0: [0, 1000, 0, 0, 0]
              1: [0, 1000, 0, 0, 0]
              47: [0, 1, 0, 0, 0]
              53: [0, 1000, 0, 0, 0]
              54: [0, 1000, 0, 0, 0]
              57: [0, 65535, 0, 0, 0]
            properties: [0, 2]
          events:
          - evdev:
            - [  0,  10000,   3,  57,       5]
            - [  0,  10000,   3,  53,     500]
            - [  0,  10000,   3,  54,     500]
            - [  0,  10000,   0,   0,       0]

        """

    /// The protocol B field drag as libinput record would write the panel, as the only device.
    static func touchscreenRecording() throws -> String {
        let evemu = try String(contentsOfFile: FieldTraceTests.field("two-finger-drag.protocol-b.events"), encoding: .utf8)
        return LibinputRecordTraceTests.libinputRecord(fromEvemu: evemu)
    }

    /// The same file with `devices` inserted before the touchscreen.
    static func recording(before devices: [String], touchscreens: Int = 1) throws -> String {
        let single = try touchscreenRecording()
        let range = try #require(single.range(of: "devices:\n"))
        let header = String(single[..<range.upperBound])
        let touchscreen = String(single[range.upperBound...])
        return header + devices.joined() + Array(repeating: touchscreen, count: touchscreens).joined()
    }

    @Test func theTouchscreenAfterAKeyboardAndATouchpadIsRead() throws {
        let expected = try FieldTraceTests.protocolBFrames()
        for devices in [[Self.keyboard], [Self.touchpad], [Self.keyboard, Self.touchpad]] {
            let yaml = try Self.recording(before: devices)
            #expect(try TraceReader.frames(text: yaml, file: "all.yml", outputSize: Self.size) == expected)
        }
    }

    @Test func twoTouchscreensKeepTheirOwnSlots() throws {
        let single = try FieldTraceTests.protocolBFrames()
        let frames = try TraceReader.frames(text: try Self.recording(before: [Self.keyboard], touchscreens: 2),
                                            file: "two.yml", outputSize: Self.size)
        #expect(frames.count == 2 * single.count)
        // The second panel's slots follow the first's two (0, 1 → 2, 3); same times, first panel first.
        #expect(frames.filter { $0.events.contains { $0.slot >= 2 } }.count == single.count)
        #expect(frames.map(\.timeMicroseconds) == frames.map(\.timeMicroseconds).sorted())
        let second = frames.filter { $0.events.allSatisfy { $0.slot >= 2 } }.map { frame in
            TouchFrame(timeMicroseconds: frame.timeMicroseconds, events: frame.events.map { event in
                var shifted = event
                shifted.slot -= 2
                return shifted
            })
        }
        #expect(second == single)
    }

    @Test func udevPropertiesDecideWhenRecorded() throws {
        // A touchscreen whose udev properties say so is taken even without INPUT_PROP_DIRECT; one that udev calls a
        // tablet is not, whatever its axes.
        let yaml = try Self.recording(before: [])
        let withoutDirect = yaml.replacingOccurrences(of: "    properties: [1]\n", with: "    properties: []\n")
            .replacingOccurrences(of: "  events:\n", with: "  udev:\n    properties:\n    - ID_INPUT=1\n    - ID_INPUT_TOUCHSCREEN=1\n  events:\n")
        #expect(try TraceReader.frames(text: withoutDirect, file: "t.yml", outputSize: Self.size).count == 7)
        let tablet = yaml.replacingOccurrences(of: "  events:\n", with: "  udev:\n    properties:\n    - ID_INPUT=1\n    - ID_INPUT_TABLET=1\n  events:\n")
        #expect(throws: TraceError.self) { try TraceReader.frames(text: tablet, file: "t.yml", outputSize: Self.size) }
    }

    @Test func noTouchscreenAmongTheDevicesIsALocatedError() throws {
        let yaml = "# libinput record\nversion: 1\ndevices:\n" + Self.keyboard + Self.touchpad
        #expect(throws: TraceError(file: "none.yml", line: 4, column: 1, message:
            "expected a device with ABS_MT_POSITION_X/Y or ABS_X/Y in its evdev absinfo that is a touchscreen (not a touchpad or tablet), found none")) {
            try TraceReader.frames(text: yaml, file: "none.yml", outputSize: Self.size)
        }
    }

    /// Errors name the file's line and column, also after event blocks that never reach Yams.
    @Test(arguments: [
        // A YAML error after two streamed event blocks: Yams' line is mapped back onto the file's.
        ("trailing", "  quirks: @reserved\n", "expected valid YAML: found character that cannot start any token"),
        // A row with a stray character, a row with usec out of range, a row with four numbers.
        ("row-x", "    - [  0,  30000,   3,  5x,       1]\n", "expected an evdev event as [sec, usec, type, code, value]: expected ',' or ']' here"),
        ("row-usec", "    - [  0, 1000000,   3,  53,       1]\n", "got 1000000"),
        ("row-short", "    - [  0,  30000,   3,  53]\n", "got 4 numbers"),
        ("entry", "  - evdev: [[0, 0, 0, 0, 0]]\n", "expected '- evdev:' entries with one '- [sec, usec, type, code, value]' row per line"),
    ])
    func malformedInputIsLocatedExactly(name: String, line: String, message: String) throws {
        let yaml = try Self.recording(before: [Self.keyboard])
        let lines = yaml.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        // The third frame of the touchscreen: a good place inside its event block.
        let at = lines.enumerated().filter { $0.element == "  - evdev:" }.map(\.offset)[3] + 1
        var edited = lines
        if name == "trailing" {
            edited.insert(String(line.dropLast()), at: lines.count - 1)
        } else {
            edited.insert(String(line.dropLast()), at: at)
        }
        let text = edited.joined(separator: "\n")
        let lineNumber = (name == "trailing" ? lines.count - 1 : at) + 1
        let expectedColumn: Int = switch name {
        case "trailing": 11          // the '@'
        case "row-x": 28             // the 'x'
        case "row-usec": 13          // the usec field
        case "row-short": 29         // the ']' where a fifth number was due
        default: 3                   // the entry's '-'
        }
        let error = #expect(throws: TraceError.self) { try TraceReader.frames(text: text, file: "bad.yml", outputSize: Self.size) }
        #expect(error?.line == lineNumber, "\(name): \(String(describing: error))")
        #expect(error?.column == expectedColumn, "\(name): \(String(describing: error))")
        #expect(error?.message.contains(message) == true, "\(name): \(String(describing: error))")
    }
}
