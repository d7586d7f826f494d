import Foundation
import Testing
@testable import TouchInput
import TestSupport

/// Recordings as they come from panels in the field (traces/field, written from the evemu format): a protocol A
/// panel (anonymous contacts, SYN_MT_REPORT) decoded through libmtdev, and an older evemu pair whose device
/// description is a separate `.desc`. Each must decode to the same frames as the protocol B recording of the
/// same two-finger drag.
struct FieldTraceTests {
    static func field(_ name: String) -> String { RepositoryPaths.file("traces/field/\(name)").path }

    static let size = OutputSize(width: 1280, height: 800)

    static func protocolBFrames() throws -> [TouchFrame] {
        try TraceReader.frames(path: field("two-finger-drag.protocol-b.events"), outputSize: size)
    }

    @Test func theProtocolBRecordingIsTheTwoFingerDrag() throws {
        let frames = try Self.protocolBFrames()
        #expect(frames.count == 7)
        #expect(frames.first?.events.map(\.phase) == [.down])
        #expect(frames[1].events.map(\.slot) == [0, 1])
        #expect(frames[4].events.map(\.phase) == [.up, .move])
        #expect(frames.last?.events == [TouchEvent(slot: 1, phase: .up, timeMicroseconds: 1_060_000)])
    }

    @Test func protocolAIsDecodedThroughMtdevToTheSameFrames() throws {
        let path = Self.field("two-finger-drag.protocol-a.events")
        let text = try String(contentsOfFile: path, encoding: .utf8)
        #expect(text.contains(" 0000 0002 0"), "the recording uses SYN_MT_REPORT")
        #expect(!text.contains("A: 2f"), "the recording's device has no slots")
        #expect(try TraceReader.frames(path: path, outputSize: Self.size) == Self.protocolBFrames())
    }

    @Test func protocolAInALibinputRecordDecodesTheSame() throws {
        let evemu = try String(contentsOfFile: Self.field("two-finger-drag.protocol-a.events"), encoding: .utf8)
        let yaml = LibinputRecordTraceTests.libinputRecord(fromEvemu: evemu)
        #expect(try TraceReader.frames(text: yaml, file: "a.yml", outputSize: Self.size) == Self.protocolBFrames())
    }

    @Test func aRecordingOfEveryDeviceIsReadForItsTouchscreen() throws {
        // libinput record --all: the keyboard comes first, with key events of its own.
        let path = Self.field("two-finger-drag.all-devices.yml")
        let text = try String(contentsOfFile: path, encoding: .utf8)
        let keyboard = try #require(text.range(of: "ID_INPUT_KEYBOARD=1"))
        #expect(keyboard.lowerBound < (try #require(text.range(of: "ID_INPUT_TOUCHSCREEN=1"))).lowerBound)
        #expect(try TraceReader.frames(path: path, outputSize: Self.size) == Self.protocolBFrames())
    }

    @Test func eventsWithoutAHeaderArePairedWithTheDescOfTheirDevice() throws {
        let events = Self.field("FieldPanel.two-finger-drag.events")
        #expect(EvemuDeviceFile.companion(ofEventsAt: events) == Self.field("FieldPanel.desc"))
        #expect(try TraceReader.frames(path: events, outputSize: Self.size) == Self.protocolBFrames())
    }

    @Test func anExplicitDescriptionIsUsedWhateverTheNames() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("field-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let events = directory.appendingPathComponent("recording.events").path
        try FileManager.default.copyItem(atPath: Self.field("FieldPanel.two-finger-drag.events"), toPath: events)
        // Nothing beside it: the error says what is missing and how to give it.
        let error = #expect(throws: TraceError.self) { try TraceReader.frames(path: events, outputSize: Self.size) }
        #expect(error?.line == 1)
        #expect(error?.message.contains("give --device FILE.desc") == true, "\(String(describing: error))")
        let frames = try TraceReader.frames(path: events, outputSize: Self.size, device: Self.field("FieldPanel.desc"))
        #expect(frames == (try Self.protocolBFrames()))
    }

    @Test func aDescWithEventsOrWithoutAxesIsALocatedError() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("field-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let withEvents = directory.appendingPathComponent("a.desc").path
        try "N: Panel\nA: 35 0 99 0 0 0\nE: 0.000000 0000 0000 0\n".write(toFile: withEvents, atomically: true, encoding: .utf8)
        #expect(throws: TraceError(file: withEvents, line: 3, message:
            "expected a device description (.desc: N:, I:, P:, B:, A: lines) without 'E:' events")) {
            try EvemuDeviceFile.read(path: withEvents)
        }
        let noAxes = directory.appendingPathComponent("b.desc").path
        try "N: Panel\nI: 0018 0000 0000 0000\n".write(toFile: noAxes, atomically: true, encoding: .utf8)
        let error = #expect(throws: TraceError.self) { try EvemuDeviceFile.read(path: noAxes) }
        #expect(error?.line == 2 && error?.message.contains("axis lines") == true)
        let bad = directory.appendingPathComponent("c.desc").path
        try "N: Panel\nA: 35 0 zz 0 0 0\n".write(toFile: bad, atomically: true, encoding: .utf8)
        let badError = #expect(throws: TraceError.self) { try EvemuDeviceFile.read(path: bad) }
        #expect(badError?.description.hasPrefix("\(bad):2:1: expected 'A: <code hex>") == true)
    }

    @Test func aDeviceGivenForANonEvemuTraceIsRefused() throws {
        let csv = RepositoryPaths.file("traces/demo-tour.csv").path
        #expect(throws: TraceError.self) {
            try TraceReader.frames(path: csv, device: Self.field("FieldPanel.desc"))
        }
    }
}
