import Foundation
import Glibc
import KioskService
import Raster
import Testing
import TestSupport

/// `metro-kiosk status`, `screenshot` and the soak day, run as an operator (or CI) would.
struct ServiceCommandsTests {
    func temporaryDirectory() throws -> URL {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("metro-kiosk-svc-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        return directory
    }

    /// A simulated day in its own process (nothing else moves its resident memory): 24 h of random visitors, the
    /// night's dark period with wakes, a reload every hour. Sized to take well under 2 minutes in a debug build on
    /// this 2-core machine shared by several builds (about 5 s when it is idle).
    @Test(.timeLimit(.minutes(2)))
    func soakADayOfGesturesIdleNightsAndReloadsLeaksNothingAndDrawsNothingIdle() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        // TZ as on a kiosk in Berlin: the day runs across the night the clocks go forward.
        let result = try MetroKioskProcess.run(["soak", "--hours", "24", "--seed", "19", "--directory", directory.path],
                                               environment: ["TZ": "Europe/Berlin"])
        #expect(result.status == 0, "\(result.stderr)")
        let report = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        let number = { (key: String) in (report[key] as? NSNumber)?.doubleValue ?? -1 }
        #expect(number("simulatedHours") == 24)
        #expect(number("gestures") >= 100 && number("visits") >= 30, "a busy day: \(report)")
        #expect(number("reloads") == 24)
        #expect(number("wakes") >= 1, "visitors in the night woke the screen")
        #expect(number("screenSwitches") >= 4, "the schedule's night and the wakes")
        #expect(number("idleFrames") > 0, "the orbit steps while idle")
        #expect(number("unexplainedIdleFrames") == 0, "no frame while idle that an orbit step, a lit screen or a rebuilt map does not explain")
        #expect(number("residentGrowthBytes") < 1_048_576, "RSS after warm-up grows by less than 1 MiB: \(report)")
        #expect(number("seconds") < 120)
        // The schedule read in TZ's zone: dark at 01:00 CET (00:00 UTC), lit at 05:30 CEST (03:30 UTC), 3 h 30 min.
        let scheduled = (report["switches"] as? [String] ?? []).filter { $0.hasSuffix(" schedule") || $0.hasSuffix(" wake time over") }
        #expect(scheduled.first == "2026-03-29T00:00:00Z off schedule", "\(scheduled)")
        #expect(scheduled.last == "2026-03-29T03:30:00Z on schedule", "\(report["switches"] ?? [])")
        #expect(scheduled.filter { $0.hasSuffix(" schedule") }.count == 2, "the hourly reloads inside the night cut no wake short")
    }

    /// Both daylight saving changes with TZ set, in a process of their own (setenv is unsafe beside running tests):
    /// the autumn night in New York is 5 h 30 min dark, the clocks going back at 02:00.
    @Test func theScheduleFollowsTZAcrossFallBack() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        // 31 October 2026 16:00 UTC (noon EDT); the clocks go back on 1 November.
        let result = try MetroKioskProcess.run(["soak", "--hours", "24", "--seed", "7", "--directory", directory.path,
                                                "--start", "1793462400"], environment: ["TZ": "America/New_York"])
        #expect(result.status == 0, "\(result.stderr)")
        let report = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        let switches = report["switches"] as? [String] ?? []
        // 01:00 EDT = 05:00 UTC (the first of the two 01:00s); 05:30 EST = 10:30 UTC.
        #expect(switches.first == "2026-11-01T05:00:00Z off schedule", "\(switches)")
        #expect(switches.last == "2026-11-01T10:30:00Z on schedule", "\(switches)")
        #expect(switches.filter { $0.hasSuffix(" schedule") }.count == 2, "one dark night, no reload cutting a wake short: \(switches)")
        #expect(switches.contains { $0.hasSuffix(" touch") }, "visitors woke it")
    }

    @Test func statusPrintsTheRunningKiosksJSONAndSaysWhenThereIsNone() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let missing = try MetroKioskProcess.run(["status", "--file", directory.appendingPathComponent("none.json").path])
        #expect(missing.status == 69 && missing.stderr.contains("is metro-kiosk running?"))
        let json = """
            {"state": "showing", "screenOn": true, "writtenAt": "2026-06-01T10:00:00Z", "uptimeSeconds": 60, "frames": 3,
             "touches": 0, "config": {}, "map": {"name": "Demo"}, "pid": 1}

            """
        _ = try JSONDecoder().decode(KioskStatus.self, from: Data(json.utf8))
        let path = directory.appendingPathComponent("status.json").path
        try json.write(toFile: path, atomically: true, encoding: .utf8)
        let shown = try MetroKioskProcess.run(["status", "--file", path])
        #expect(shown.status == 0)
        #expect(shown.stdout == json)
        let config = directory.appendingPathComponent("kiosk.toml").path
        try "[status]\nfile = \"\(path)\"\n".write(toFile: config, atomically: true, encoding: .utf8)
        #expect(try MetroKioskProcess.run(["status", "--config", config]).stdout == json)
        try "{}".write(toFile: path, atomically: true, encoding: .utf8)
        #expect(try MetroKioskProcess.run(["status", "--file", path]).status == 65, "not a status file")
    }

    @Test func screenshotWritesThePNGTheKioskSendsAndRefusesADeviceAsOut() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let socketPath = directory.appendingPathComponent("control.sock").path
        let unreachable = try MetroKioskProcess.run(["screenshot", "--socket", socketPath, "--out", directory.appendingPathComponent("x.png").path])
        #expect(unreachable.status == 69 && unreachable.stderr.contains("cannot reach the kiosk"))
        let frame = PixelBuffer(width: 64, height: 48)
        frame.fill(IntRect(x: 8, y: 8, width: 20, height: 10), with: 0x00FF_8800)
        let png = try encodePNG(frame)
        let socket = try ScreenshotSocket(path: socketPath)
        socket.capture = { .success(png) }
        for (out, status) in [(directory.appendingPathComponent("shot.png").path, Int32(0)), ("/dev/null", Int32(73))] {
            let result = try Self.serving(socket) {
                try MetroKioskProcess.run(["screenshot", "--socket", socketPath, "--out", out])
            }
            #expect(result.status == status, "\(out): \(result.stderr)")
        }
        #expect([UInt8](try Data(contentsOf: directory.appendingPathComponent("shot.png"))) == png)
        var info = stat()
        #expect(stat("/dev/null", &info) == 0 && info.st_mode & S_IFMT == S_IFCHR, "/dev/null is still a device")
    }

    /// Runs `client` on another thread while this one answers on `socket`.
    static func serving<T: Sendable>(_ socket: ScreenshotSocket, _ client: @escaping @Sendable () throws -> T) throws -> T {
        let box = ClientBox<T>()
        Thread.detachNewThread {
            box.result = Result { try client() }
            box.done.signal()
        }
        while box.done.wait(timeout: .now() + .milliseconds(5)) == .timedOut { socket.serve() }
        return try box.result!.get()
    }
}

final class ClientBox<T>: @unchecked Sendable {
    var result: Result<T, Error>?
    let done = DispatchSemaphore(value: 0)
}

/// Reloads of a changed map in a process of their own (issue 35). Through TOMLKit each reload of the demo city left
/// about 65 KB resident (its documents and the C copy of every value read were never freed): 75 measured reloads
/// grew about 4.9 MB, far over the 1 MiB bound. The 1,000 of the issue's proof are
/// `metro-kiosk soak --reloads 1000 --map maps/demo-city.toml --directory DIR`.
struct ReloadSoakCommandTests {
    @Test func reloadsOfAChangedMapApplyAndLeaveNoResidentGrowth() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("metro-kiosk-reloads-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        let map = RepositoryPaths.root.appendingPathComponent("maps/demo-city.toml").path
        let result = try MetroKioskProcess.run(["soak", "--reloads", "100", "--map", map, "--directory", directory.path])
        #expect(result.status == 0, "\(result.stderr)")
        let report = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        let number = { (key: String) in (report[key] as? NSNumber)?.doubleValue ?? -1 }
        #expect(number("reloads") == 100 && number("applied") == 100, "every reload parsed a changed map: \(report)")
        // Measured after 25 reloads of warm-up, over the last 75.
        #expect(number("residentGrowthBytes") < 1_048_576, "\(report)")
    }
}
