import Foundation
import Glibc
import Testing
import TestSupport

/// Field recordings through every command that takes a trace (velocity, run --headless, inject), and the memory a
/// long recording takes.
struct FieldTraceCommandTests {
    static func field(_ name: String) -> String { RepositoryPaths.file("traces/field/\(name)").path }

    static func temporaryDirectory() throws -> URL {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("field-cli-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        return directory
    }

    @Test func velocityReadsEveryFormOfTheSameDragAlike() throws {
        let expected = try MetroKioskProcess.run(["velocity", "--trace", Self.field("two-finger-drag.protocol-b.events")])
        #expect(expected.status == 0, "\(expected.stderr)")
        #expect(expected.stdoutLines.count == 2)
        for trace in ["two-finger-drag.protocol-a.events", "FieldPanel.two-finger-drag.events"] {
            let result = try MetroKioskProcess.run(["velocity", "--trace", Self.field(trace)])
            #expect(result.status == 0, "\(trace): \(result.stderr)")
            #expect(result.stdout == expected.stdout, "\(trace)")
        }
        let directory = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let events = directory.appendingPathComponent("recording.events").path
        try FileManager.default.copyItem(atPath: Self.field("FieldPanel.two-finger-drag.events"), toPath: events)
        let alone = try MetroKioskProcess.run(["velocity", "--trace", events])
        #expect(alone.status == 65)
        #expect(alone.stderr.contains("\(events):1:1: expected a touchscreen's 'A:' axis lines"), "\(alone.stderr)")
        let given = try MetroKioskProcess.run(["velocity", "--trace", events, "--device", Self.field("FieldPanel.desc")])
        #expect(given.status == 0, "\(given.stderr)")
        #expect(given.stdout == expected.stdout)
    }

    @Test func headlessRunAndInjectTakeADeviceDescription() throws {
        let directory = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let events = directory.appendingPathComponent("recording.events").path
        try FileManager.default.copyItem(atPath: Self.field("FieldPanel.two-finger-drag.events"), toPath: events)
        func replay(_ arguments: [String], into name: String) throws -> String {
            let out = directory.appendingPathComponent(name).path
            let result = try MetroKioskProcess.run(["run", "--headless", "--png", "none", "--out", out] + arguments)
            #expect(result.status == 0, "\(result.stderr)")
            return try String(contentsOfFile: out + "/frames.jsonl", encoding: .utf8)
        }
        let expected = try replay(["--trace", Self.field("two-finger-drag.protocol-b.events")], into: "b")
        #expect(try replay(["--trace", events, "--device", Self.field("FieldPanel.desc")], into: "desc") == expected)

        // inject reads the trace before it creates a uinput device: a bad description fails first, located.
        let bad = directory.appendingPathComponent("bad.desc").path
        try "N: Panel\nA: 35 0 4095 0 0 0\nA: 36 zero\n".write(toFile: bad, atomically: true, encoding: .utf8)
        let inject = try MetroKioskProcess.run(["inject", "--trace", events, "--device", bad])
        #expect(inject.status == 65)
        #expect(inject.stderr.contains("\(bad):3:1: expected 'A: <code hex>"), "\(inject.stderr)")
        let notHeadless = try MetroKioskProcess.run(["run", "--device", bad])
        #expect(notHeadless.status == 64, "\(notHeadless.stderr)")
    }

    /// A libinput record of a keyboard and a touchscreen whose touchscreen sends `intervals` MSC_TIMESTAMP frames
    /// (read and decoded, but no touch frames): one touch, then a long idle stretch, as a day's recording would be.
    static func longRecording(intervals: Int, to path: String) throws {
        #expect(FileManager.default.createFile(atPath: path, contents: nil))
        let handle = try #require(FileHandle(forWritingAtPath: path))
        defer { try? handle.close() }
        handle.write(Data("""
            # libinput record
            version: 1
            ndevices: 2
            devices:
            - node: /dev/input/event0
              evdev:
                name: "Keyboard"
                absinfo: {}
                properties: []
              events:
              - evdev:
                - [  0,      0,   1,  30,       1] # EV_KEY / KEY_A
                - [  0,      0,   0,   0,       0] # ------------ SYN_REPORT (0) ---------- +0ms
            - node: /dev/input/event5
              evdev:
                name: "Panel"
                absinfo:
                  47: [0, 9, 0, 0, 0]
                  53: [0, 4095, 0, 0, 0]
                  54: [0, 4095, 0, 0, 0]
                  57: [0, 65535, 0, 0, 0]
                properties: [1]
              events:
              - evdev:
                - [  0,      0,   3,  57,       1] # EV_ABS / ABS_MT_TRACKING_ID 1
                - [  0,      0,   3,  53,     100]
                - [  0,      0,   3,  54,     100]
                - [  0,      0,   0,   0,       0]

            """.utf8))
        var chunk = ""
        for interval in 0...intervals {
            let time = 10_000 + interval * 10
            let stamp = "\(time / 1_000_000), \(time % 1_000_000)"
            if interval == intervals {
                chunk += "  - evdev:\n    - [\(stamp), 3, 57, -1]\n    - [\(stamp), 0, 0, 0]\n"
            } else {
                chunk += "  - evdev:\n    - [\(stamp),   4,   5, \(interval)] # EV_MSC / MSC_TIMESTAMP\n    - [\(stamp),   0,   0,       0] # SYN_REPORT\n"
            }
            if chunk.utf8.count > 1 << 16 || interval == intervals {
                handle.write(Data(chunk.utf8))
                chunk = ""
            }
        }
    }

    /// Runs metro-kiosk with stdout and stderr discarded; its exit status and peak resident memory in KiB, from
    /// wait4's rusage (measured by the kernel for that process alone, whatever else the tests run meanwhile).
    static func peakMemory(_ arguments: [String]) throws -> (status: Int32, kibibytes: Int) {
        let executable = MetroKioskProcess.executableURL.path
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        let argv = ([executable] + arguments).map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var pid = pid_t()
        let spawned = posix_spawn(&pid, executable, &actions, nil, argv, environ)
        try #require(spawned == 0)
        var status: Int32 = 0
        var usage = rusage()
        try #require(wait4(pid, &status, 0, &usage) == pid)
        return ((status >> 8) & 0xff, usage.ru_maxrss)
    }

    @Test func aLongRecordingTakesNoMoreMemoryThanAShortOne() throws {
        let directory = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let short = directory.appendingPathComponent("short.yml").path
        let long = directory.appendingPathComponent("long.yml").path
        try Self.longRecording(intervals: 10_000, to: short)
        try Self.longRecording(intervals: 200_000, to: long)
        let longSize = try #require(try FileManager.default.attributesOfItem(atPath: long)[.size] as? Int)
        #expect(longSize > 20_000_000)
        let shortRun = try Self.peakMemory(["velocity", "--trace", short])
        let longRun = try Self.peakMemory(["velocity", "--trace", long])
        #expect(shortRun.status == 0 && longRun.status == 0)
        // Read whole (a String of the file, then Yams' node tree), the 25 MB recording took hundreds of MB more
        // than the short one; read line by line it takes the same, give or take the allocator.
        #expect(longRun.kibibytes - shortRun.kibibytes < 8 * 1024, "short \(shortRun.kibibytes) KiB, long \(longRun.kibibytes) KiB")
    }
}
