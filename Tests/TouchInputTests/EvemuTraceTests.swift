import Foundation
import Testing
@testable import TouchInput

/// A small evemu recording built in the test: a 2-slot protocol-B touchscreen with a 0...999 × 0...499 range.
enum SyntheticEvemu {
    static let multitouchHeader = """
        # EVEMU 1.3
        #     Event code 47 (ABS_MT_SLOT)
        #       Value      0
        N: Synthetic Touchscreen
        I: 0018 0000 0000 0000
        P: 02 00 00 00 00 00 00 00
        B: 00 0b 00 00 00 00 00 00 00
        A: 00 0 999 0 0 0
        A: 01 0 499 0 0 0
        A: 2f 0 1 0 0 0
        A: 35 0 999 0 0 0
        A: 36 0 499 0 0 0
        A: 39 0 65535 0 0 0

        """

    static func text(_ events: [String], header: String = multitouchHeader) -> String {
        header + events.joined(separator: "\n") + "\n"
    }

    static func abs(_ time: String, _ code: String, _ value: Int) -> String {
        "E: \(time) 0003 \(code) \(value)"
    }

    static func syn(_ time: String) -> String { "E: \(time) 0000 0000 0000" }
    static func dropped(_ time: String) -> String { "E: \(time) 0000 0003 0000" }
}

struct EvemuTraceTests {
    typealias E = SyntheticEvemu

    @Test func decodesSlotsTrackingIDsAndPositionsIntoFrames() throws {
        let text = E.text([
            E.abs("1.000000", "0039", 7), E.abs("1.000000", "0035", 500), E.abs("1.000000", "0036", 250), E.syn("1.000000"),
            E.abs("1.010000", "002f", 1), E.abs("1.010000", "0039", 8), E.abs("1.010000", "0035", 100), E.abs("1.010000", "0036", 50),
            E.syn("1.010000"),
            E.abs("1.020000", "002f", 0), E.abs("1.020000", "0036", 300), E.syn("1.020000"),
            E.abs("1.030000", "0039", -1), E.syn("1.030000"),
            E.abs("1.040000", "002f", 1), E.abs("1.040000", "0039", -1), E.syn("1.040000"),
        ])
        let frames = try EvemuTraceReader.frames(from: text, file: "t.events", outputSize: OutputSize(width: 2000, height: 1000))
        // Pixels as libinput's transform gives them: (raw − min) · size / (max − min + 1).
        #expect(frames == [
            Frames.frame(Frames.down(0, 1000, 500, at: 1_000_000)),
            Frames.frame(Frames.down(1, 200, 100, at: 1_010_000)),
            Frames.frame(Frames.move(0, 1000, 600, at: 1_020_000)),
            Frames.frame(Frames.up(0, at: 1_030_000)),
            Frames.frame(Frames.up(1, at: 1_040_000)),
        ])
    }

    @Test func firstEventsAddressTheSlotTheHeaderNamesCurrent() throws {
        let header = SyntheticEvemu.multitouchHeader.replacingOccurrences(of: "Value      0", with: "Value      1")
        let text = E.text([E.abs("0.000001", "0039", 3), E.abs("0.000001", "0035", 10), E.syn("0.000001"),
                           E.abs("0.000002", "0039", -1), E.syn("0.000002")], header: header)
        let frames = try EvemuTraceReader.frames(from: text, file: "t.events", outputSize: .kioskDefault)
        #expect(frames.map { $0.events.map(\.slot) } == [[1], [1]])
    }

    /// The kernel's rule (discard up to the next SYN_REPORT) then libevdev's resync: the rest of the recording is
    /// kept; a contact that stayed down comes back as a new touch, never as motion across the gap.
    @Test func synDroppedCancelsThenResynchronisesWithoutInventingMotion() throws {
        let text = E.text([
            E.abs("0.000000", "0039", 1), E.abs("0.000000", "0035", 100), E.abs("0.000000", "0036", 100), E.syn("0.000000"),
            E.abs("0.010000", "0035", 110), E.syn("0.010000"),
            E.dropped("0.020000"),
            // Ignored up to and including the next SYN_REPORT.
            E.abs("0.020000", "0035", 900), E.syn("0.021000"),
            // The first complete frame after the drop: the contact that stayed down returns as a new touch.
            E.abs("0.030000", "0035", 950), E.syn("0.030000"),
            E.abs("0.040000", "0039", -1), E.syn("0.040000"),
            // A new contact is reported normally.
            E.abs("0.050000", "0039", 2), E.abs("0.050000", "0035", 200), E.syn("0.050000"),
            E.abs("0.060000", "0039", -1), E.syn("0.060000"),
        ])
        let frames = try EvemuTraceReader.frames(from: text, file: "t.events", outputSize: OutputSize(width: 1000, height: 500))
        #expect(frames.map { $0.events.map(\.phase) } == [[.down], [.move], [.cancel], [.down], [.up], [.down], [.up]])
        #expect(frames[2].timeMicroseconds == 20_000)
        #expect(frames[3].timeMicroseconds == 30_000)
        #expect(frames[5].events.first?.x == 200)
    }

    @Test func truncatedRecordingEndsItsTouchesWithCancelNotUp() throws {
        let text = E.text([
            E.abs("0.000000", "0039", 1), E.abs("0.000000", "0035", 100), E.syn("0.000000"),
            E.abs("0.010000", "0035", 150), E.syn("0.010000"),
            // Cut off mid-frame: this lift was never completed by a SYN_REPORT.
            E.abs("0.020000", "0039", -1),
        ])
        let frames = try EvemuTraceReader.frames(from: text, file: "t.events", outputSize: .kioskDefault)
        #expect(frames.last == Frames.frame(Frames.cancel(0, at: 20_000)))
        #expect(!frames.flatMap(\.events).contains { $0.phase == .up })
    }

    @Test func truncatedRealRecordingEndsWithCancel() throws {
        let path = SharedData.evemu("EP0430M09.1-finger-drag-up-down.events")
        let lines = try SharedData.text(path).split(separator: "\n", omittingEmptySubsequences: false)
        let half = lines.prefix(lines.count / 2).joined(separator: "\n")
        let frames = try EvemuTraceReader.frames(from: half, file: path, outputSize: .kioskDefault)
        #expect(frames.last?.events.map(\.phase) == [.cancel])
        var trackers = FingerVelocityTrackers()
        #expect(trackers.processAll(frames).isEmpty)
    }

    @Test func singleTouchDeviceUsesBTNTouchAndABSXY() throws {
        let header = """
            N: Single
            A: 00 0 99 0 0 0
            A: 01 0 99 0 0 0

            """
        let text = E.text([
            "E: 0.000000 0001 014a 1", E.abs("0.000000", "0000", 50), E.abs("0.000000", "0001", 25), E.syn("0.000000"),
            E.abs("0.010000", "0000", 60), E.syn("0.010000"),
            "E: 0.020000 0001 014a 0", E.syn("0.020000"),
        ], header: header)
        let frames = try EvemuTraceReader.frames(from: text, file: "t.events", outputSize: OutputSize(width: 100, height: 200))
        #expect(frames == [
            Frames.frame(Frames.down(0, 50, 50, at: 0)),
            Frames.frame(Frames.move(0, 60, 50, at: 10_000)),
            Frames.frame(Frames.up(0, at: 20_000)),
        ])
    }

    @Test func malformedEventLineNamesFileLineAndWhatWasExpected() {
        let text = E.text([E.abs("0.000000", "0039", 1), "E: 0.000001 0003 zz 4", E.syn("0.000002")])
        let error = #expect(throws: TraceError.self) {
            try EvemuTraceReader.frames(from: text, file: "bad.events", outputSize: .kioskDefault)
        }
        let headerLines = SyntheticEvemu.multitouchHeader.split(separator: "\n", omittingEmptySubsequences: false).count
        #expect(error?.file == "bad.events")
        #expect(error?.line == headerLines + 1)
        #expect(error?.message.contains("expected 'E: <sec>.<usec> <type hex> <code hex> <value>'") == true)
        // The column is the field at fault ('zz'), counted as editors count.
        #expect(error?.description.hasPrefix("bad.events:\(headerLines + 1):18: expected") == true)
        #expect(error?.message.hasSuffix("code 'zz' is not hexadecimal") == true)
    }

    @Test(arguments: [
        ("E: 0.5.1 0003 0039 1", "not a time"),
        ("E: 0.000001 0003 0039", "got 3 fields"),
        ("E: 0.000001 0003 0039 one", "not a decimal integer"),
        ("X: something", "expected an evemu line"),
        ("A: zz 0 1 0 0 0", "expected 'A: <code hex>"),
    ])
    func malformedLinesAreRejectedWithTheirLine(line: String, fragment: String) {
        let text = "N: Device\nA: 35 0 99 0 0 0\n" + line + "\n"
        let error = #expect(throws: TraceError.self) {
            try EvemuTraceReader.frames(from: text, file: "bad.events", outputSize: .kioskDefault)
        }
        #expect(error?.line == 3)
        #expect(error?.message.contains(fragment) == true, "\(String(describing: error))")
    }

    @Test func slotOutsideTheDeviceRangeIsAnError() {
        let text = E.text([E.abs("0.000000", "002f", 5)])
        let error = #expect(throws: TraceError.self) {
            try EvemuTraceReader.frames(from: text, file: "bad.events", outputSize: .kioskDefault)
        }
        #expect(error?.message.contains("expected ABS_MT_SLOT in 0...1") == true)
    }

    @Test func timeGoingBackwardsIsAnError() {
        let text = E.text([E.abs("0.100000", "0039", 1), E.syn("0.100000"), E.syn("0.050000")])
        let error = #expect(throws: TraceError.self) {
            try EvemuTraceReader.frames(from: text, file: "bad.events", outputSize: .kioskDefault)
        }
        #expect(error?.message.contains("backwards") == true)
    }

    @Test func recordingWithoutPositionAxesIsAnError() {
        let text = "N: Keyboard\nE: 0.000000 0001 001e 1\n"
        let error = #expect(throws: TraceError.self) {
            try EvemuTraceReader.frames(from: text, file: "kbd.events", outputSize: .kioskDefault)
        }
        #expect(error?.line == 2)
        #expect(error?.message.contains("expected a touchscreen") == true)
    }

    @Test func realRecordingsDecodeWithEveryTouchBalanced() throws {
        for name in ["Atmel_maXTouch_Touchscreen.1-finger-drag-up-down.events", "Atmel_maXTouch_Touchscreen.1-finger-fast-taps.events",
                     "Atmel_maXTouch_Touchscreen.2-fingers-touch-release.events", "Atmel_maXTouch_Touchscreen.4-finger-drag-down.events",
                     "EP0430M09.1-finger-drag-up-down.events", "EP0430M09.2-finger-scroll-down.events",
                     "EP0430M09.2-fingers-touch-release.events", "EP0430M09.4-finger-drag-down.events"] {
            let path = SharedData.evemu(name)
            let text = try SharedData.text(path)
            let frames = try TraceReader.frames(path: path)
            let events = frames.flatMap(\.events)
            // Independently: each non-negative ABS_MT_TRACKING_ID starts a touch, each −1 ends one.
            let starts = text.split(separator: "\n").filter { $0.hasPrefix("E:") && $0.contains(" 0003 0039 ") && !$0.contains(" -001") }.count
            #expect(events.filter { $0.phase == .down }.count == starts, "\(name)")
            #expect(events.filter { $0.phase == .up }.count == starts, "\(name)")
            #expect(events.allSatisfy { ($0.x ?? 0) >= 0 && ($0.x ?? 0) < 1280 && ($0.y ?? 0) >= 0 && ($0.y ?? 0) < 800 })
        }
    }
}

extension FingerVelocityTrackers {
    mutating func processAll(_ frames: [TouchFrame]) -> [FingerLift] {
        frames.flatMap { process($0) }
    }
}

struct RealRecordingDropTests {
    @Test func synDroppedInARealDragCancelsThenResumesAsANewTouch() throws {
        let path = SharedData.evemu("EP0430M09.1-finger-drag-up-down.events")
        var lines = try SharedData.text(path).split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        // Drop events in the middle of the drag, as a kernel buffer overflow would.
        let eventLines = lines.indices.filter { lines[$0].hasPrefix("E:") }
        let at = eventLines[eventLines.count / 2]
        let time = try #require(lines[at].split(separator: " ").dropFirst().first)
        lines.insert("E: \(time) 0000 0003 0000", at: at)
        let frames = try EvemuTraceReader.frames(from: lines.joined(separator: "\n"), file: path, outputSize: .kioskDefault)
        let phases = frames.flatMap(\.events).map(\.phase)
        let cancelIndex = try #require(phases.firstIndex(of: .cancel))
        #expect(phases[..<cancelIndex].allSatisfy { $0 == .down || $0 == .move })
        // The rest of the recording is kept (it was all dropped once): the contact returns as a new touch, so no
        // motion is measured across the gap, then moves and lifts as recorded.
        #expect(phases[cancelIndex + 1] == .down)
        #expect(phases.last == .up)
        #expect(phases[(cancelIndex + 2)...].dropLast().allSatisfy { $0 == .move })
        let gestures = TouchPipeline.gestures(for: frames)
        #expect(gestures.contains(.cancelled(timeMicroseconds: EvemuTraceReader.parseTime(time) ?? -1)))
    }
}

struct HostileEvemuTests {
    @Test func absurdTimesAndSlotCountsAreErrorsNotCrashes() {
        let time = #expect(throws: TraceError.self) {
            try EvemuTraceReader.frames(from: "A: 35 0 9 0 0 0\nA: 36 0 9 0 0 0\nA: 2f 0 1 0 0 0\nE: 99999999999999999.000000 0003 0039 1\n",
                                        file: "t.events", outputSize: .kioskDefault)
        }
        #expect(time?.line == 4)
        let slots = #expect(throws: TraceError.self) {
            try EvemuTraceReader.frames(from: "A: 35 0 9 0 0 0\nA: 36 0 9 0 0 0\nA: 2f 0 2000000000 0 0 0\nE: 0.000000 0003 0039 1\n",
                                        file: "t.events", outputSize: .kioskDefault)
        }
        #expect(slots?.message.contains("ABS_MT_SLOT's maximum") == true)
    }
}
