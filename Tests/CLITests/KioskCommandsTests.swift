import Foundation
import Glibc
import MetroMap
import Testing
import TestSupport

/// snapshot, run --headless, check-config and physics --plot, run as an operator would.
struct KioskCommandsTests {
    func temporaryDirectory() throws -> URL {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("metro-kiosk-cli-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        return directory
    }

    /// Width and height from a PNG's IHDR chunk.
    func pngSize(_ url: URL) throws -> (Int, Int) {
        let bytes = [UInt8](try Data(contentsOf: url))
        #expect(bytes.starts(with: [0x89, 0x50, 0x4E, 0x47]))
        func be32(_ offset: Int) -> Int { bytes[offset..<offset + 4].reduce(0) { $0 << 8 | Int($1) } }
        return (be32(16), be32(20))
    }

    @Test func snapshotWritesAFrameOfTheRequestedSize() throws {
        let out = try temporaryDirectory().appendingPathComponent("demo.png")
        let result = try MetroKioskProcess.run(["snapshot", "--size", "800x480", "--out", out.path])
        #expect(result.status == 0, "\(result.stderr)")
        let size = try pngSize(out)
        #expect(size == (800, 480))
    }

    @Test func snapshotOfAPMetroFolderAtAGivenCamera() throws {
        let out = try temporaryDirectory().appendingPathComponent("moscow.png")
        let moscow = RepositoryPaths.sharedData.appendingPathComponent("maps/pmetro-moscow").path
        let result = try MetroKioskProcess.run(["snapshot", "--map", moscow, "--size", "640x400", "--camera", "300,400,1.0",
                                                "--out", out.path])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(try pngSize(out) == (640, 400))
    }

    @Test func snapshotOfARouteRendersTheJourneyViewOrExits65ForAnUnknownStation() throws {
        let out = try temporaryDirectory().appendingPathComponent("route.png")
        let result = try MetroKioskProcess.run(["snapshot", "--size", "720x1280", "--route", "north-gate,seaside", "--out", out.path])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(try pngSize(out) == (720, 1280))
        let unknown = try MetroKioskProcess.run(["snapshot", "--size", "720x1280", "--route", "north-gate,atlantis", "--out", out.path])
        #expect(unknown.status == 65)
        #expect(unknown.stderr.contains("atlantis"))
        #expect(try MetroKioskProcess.run(["snapshot", "--size", "72x128", "--route", "north-gate", "--out", out.path]).status == 64)
    }

    @Test func auditMapPrintsOneJSONObjectForAView() throws {
        let istanbul = RepositoryPaths.sharedData.appendingPathComponent("maps/pmetro-istanbul").path
        let result = try MetroKioskProcess.run(["audit-map", "--map", istanbul, "--size", "1280x800"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdoutLines.count == 1)
        let audit = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        for key in ["stations", "named_stations", "named_in_view", "labelled_in_view", "crossing_line", "overlapping",
                    "cut_by_frame", "missing_glyphs", "unlabelled_at_every_zoom", "scale", "max_scale",
                    "leader_lines", "longest_leader_mm", "leader_crossings", "leaders_across_lines"] {
            #expect(audit[key] != nil, "\(key) missing from \(result.stdout)")
        }
        #expect(audit["crossing_line"] as? Int == 0 && audit["overlapping"] as? Int == 0)
        #expect((audit["labelled_in_view"] as? Int ?? 0) > 20)
        // Zoomed in on a corner, fewer stations are in view.
        let zoomed = try MetroKioskProcess.run(["audit-map", "--map", istanbul, "--size", "1280x800", "--camera", "0,0,4"])
        let corner = try #require(try JSONSerialization.jsonObject(with: Data(zoomed.stdout.utf8)) as? [String: Any])
        #expect((corner["named_in_view"] as? Int ?? 0) < (audit["named_in_view"] as? Int ?? 0))
        #expect(try MetroKioskProcess.run(["audit-map", "--size", "12x"]).status == 64)
        #expect(try MetroKioskProcess.run(["audit-map", "--size", "80x40", "--map", "/nonexistent.toml"]).status == 65)
    }

    @Test func snapshotRefusesABadCameraOrSize() throws {
        let out = try temporaryDirectory().appendingPathComponent("x.png").path
        #expect(try MetroKioskProcess.run(["snapshot", "--size", "800x", "--out", out]).status == 64)
        #expect(try MetroKioskProcess.run(["snapshot", "--size", "800x480", "--camera", "1,2,0", "--out", out]).status == 64)
        let missing = try MetroKioskProcess.run(["snapshot", "--size", "80x40", "--map", "/nonexistent.toml", "--out", out])
        #expect(missing.status == 65)
        #expect(missing.stderr.contains("/nonexistent.toml"))
    }

    @Test func headlessRunReplaysTheDemoTourIntoFramesAndPictures() throws {
        let out = try temporaryDirectory()
        let trace = RepositoryPaths.root.appendingPathComponent("traces/pan-zoom-tour.csv").path
        let config = out.appendingPathComponent("kiosk.toml")
        try "[kiosk]\nidle_timeout_s = 0\n".write(to: config, atomically: true, encoding: .utf8)
        let result = try MetroKioskProcess.run(["run", "--headless", "--config", config.path, "--trace", trace,
                                                "--out", out.path, "--size", "1280x800", "--png", "last"])
        #expect(result.status == 0, "\(result.stderr)")
        let lines = try String(contentsOf: out.appendingPathComponent("frames.jsonl"), encoding: .utf8).split(separator: "\n")
        #expect(lines.count > 100)
        let frames = try lines.map { try #require(try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]) }
        let states = Set(frames.compactMap { $0["state"] as? String })
        #expect(states.isSuperset(of: ["idle", "dragging", "pinching", "decelerating", "bouncing", "zooming"]))
        for frame in frames {
            for key in ["t_us", "x", "y", "scale", "state", "touches", "damage"] { #expect(frame[key] != nil, "\(key)") }
        }
        #expect(frames.last?["state"] as? String == "idle")
        #expect(try pngSize(out.appendingPathComponent("last.png")) == (1280, 800))
        #expect(FileManager.default.fileExists(atPath: out.appendingPathComponent("contact-sheet.png").path))
    }

    /// snapshot --out and the headless frames journal go through the same writer as import-pmetro: a device or a
    /// FIFO is refused with exit 73 and left as it was (it used to be deleted, with exit 64).
    @Test func snapshotAndHeadlessRunRefuseADeviceOrFIFOAsOutput() throws {
        let out = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: out) }
        let node = out.appendingPathComponent("null.png").path
        guard mknod(node, S_IFCHR | 0o666, deviceNumber(1, 3)) == 0 else {
            Issue.record("mknod needs CAP_MKNOD; this test must run as root")
            return
        }
        let snapshot = try MetroKioskProcess.run(["snapshot", "--size", "80x40", "--out", node])
        #expect(snapshot.status == 73, "\(snapshot.stderr)")
        #expect(snapshot.stderr.contains("\(node): refusing to write: it is a character device"))
        var info = stat()
        #expect(stat(node, &info) == 0 && info.st_mode & S_IFMT == S_IFCHR)

        let frames = out.appendingPathComponent("frames.jsonl").path
        mkfifo(frames, 0o644)
        let trace = RepositoryPaths.file("traces/demo-tour.csv").path
        let run = try MetroKioskProcess.run(["run", "--headless", "--trace", trace, "--out", out.path, "--png", "none"])
        #expect(run.status == 73, "\(run.stderr)")
        #expect(run.stderr.contains("frames.jsonl: refusing to write: it is a FIFO"))
        #expect(lstat(frames, &info) == 0 && info.st_mode & S_IFMT == S_IFIFO)
    }

    @Test func headlessRunReportsABadTraceWithItsLine() throws {
        let out = try temporaryDirectory()
        let trace = out.appendingPathComponent("bad.csv")
        try "0,0,down,10,10\n5,0,hover,1,1\n".write(to: trace, atomically: true, encoding: .utf8)
        let result = try MetroKioskProcess.run(["run", "--headless", "--trace", trace.path, "--out", out.path])
        #expect(result.status == 65)
        #expect(result.stderr.contains("bad.csv:2:"))
    }

    /// `run --headless --at` starts the replay's clock at a fixed moment of the timetable: the demo's departures (and
    /// so its pictures) are the same on every run, and the model latency is reported.
    @Test func headlessRunAtAFixedMomentIsRepeatable() throws {
        let out = try temporaryDirectory()
        let trace = out.appendingPathComponent("wait.csv")
        // A short slow drag far from the controls: frames answer it, and the callout with its departures stays up.
        let drag = (0...10).map { "\(100_000 + $0 * 16_000),0,\($0 == 0 ? "down" : "move"),\(300 + $0 * 4),700" }
        try (drag + ["280000,0,up,,"]).joined(separator: "\n").write(to: trace, atomically: true, encoding: .utf8)
        let config = RepositoryPaths.file("configs/demo.toml").path
        var pictures: [Data] = []
        for (name, moment) in [("a", "2026-11-27 14:00"), ("b", "2026-11-27 14:00"), ("night", "2026-11-27 03:07")] {
            let dir = out.appendingPathComponent(name)
            let result = try MetroKioskProcess.run(["run", "--headless", "--config", config, "--trace", trace.path,
                                                     "--out", dir.path, "--at", moment, "--png", "last"])
            #expect(result.status == 0, "\(result.stderr)")
            #expect(result.stdout.contains("input-to-presentation latency (model): p50"))
            pictures.append(try Data(contentsOf: dir.appendingPathComponent("last.png")))
        }
        #expect(pictures[0] == pictures[1])
        // Another moment, other departures: the clock is the one given.
        #expect(pictures[0] != pictures[2])
        let bad = try MetroKioskProcess.run(["run", "--headless", "--config", config, "--trace", trace.path,
                                             "--out", out.appendingPathComponent("c").path, "--at", "tomorrow"])
        #expect(bad.status == 64 && bad.stderr.contains("is not \"YYYY-MM-DD HH:MM\""), "\(bad.stderr)")
        let device = try MetroKioskProcess.run(["run", "--at", "2026-11-27 14:00"])
        #expect(device.status == 64 && device.stderr.contains("--at sets a --headless replay's clock"), "\(device.stderr)")
    }

    @Test func checkConfigAcceptsTheDocumentedConfigAndListsEveryProblemOfABadOne() throws {
        let good = RepositoryPaths.root.appendingPathComponent("configs/kiosk.toml").path
        let ok = try MetroKioskProcess.run(["check-config", good])
        #expect(ok.status == 0, "\(ok.stderr)")
        let bad = try temporaryDirectory().appendingPathComponent("bad.toml")
        try "[display]\nrotation = 45\n[physics]\nrubber_bnd = 0.5\n".write(to: bad, atomically: true, encoding: .utf8)
        let result = try MetroKioskProcess.run(["check-config", bad.path])
        #expect(result.status == 78)
        #expect(result.stderr.contains("bad.toml:2:1: [display]: 'rotation' must be 0, 90, 180 or 270"))
        #expect(result.stderr.contains("bad.toml:4:1: [physics]: unknown key 'rubber_bnd', did you mean 'rubber_band'?"))
    }

    @Test func checkConfigRefusesAHomeOutsideTheZoomLimits() throws {
        let config = try temporaryDirectory().appendingPathComponent("overzoomed.toml")
        try "[map]\nmax_scale = 2.0\nhome = { x = 1000, y = 750, scale = 3.0 }\n".write(to: config, atomically: true, encoding: .utf8)
        let result = try MetroKioskProcess.run(["check-config", config.path])
        #expect(result.status == 78)
        #expect(result.stderr.contains("overzoomed.toml:3:1: [map] home: scale 3 is outside the zoom limits"), "\(result.stderr)")
    }

    @Test func checkConfigValidatesTheMapItNames() throws {
        let directory = try temporaryDirectory()
        try "name = \"x\"\n".write(to: directory.appendingPathComponent("map.toml"), atomically: true, encoding: .utf8)
        let config = directory.appendingPathComponent("kiosk.toml")
        try "[map]\nfile = \"map.toml\"\n".write(to: config, atomically: true, encoding: .utf8)
        let result = try MetroKioskProcess.run(["check-config", config.path])
        #expect(result.status == 78)
        #expect(result.stderr.contains("map.toml:"))
    }

    @Test func headlessPlotDrawsPositionScaleAndSpeedInPhaseColours() throws {
        let out = try temporaryDirectory()
        let plot = out.appendingPathComponent("plot.png").path
        let trace = RepositoryPaths.root.appendingPathComponent("traces/feel/flick-120hz.csv").path
        let result = try MetroKioskProcess.run(["run", "--headless", "--trace", trace, "--out", out.path, "--png", "none",
                                                "--plot", plot])
        #expect(result.status == 0, "\(result.stderr)")
        // Four panels (x, y, scale, speed) of 260 px each.
        #expect(try pngSize(URL(fileURLWithPath: plot)) == (1200, 1040))
    }

    @Test func headlessPlotAlsoDrawsTheCardAndItsList() throws {
        let out = try temporaryDirectory()
        let plot = out.appendingPathComponent("plot.png").path
        let card = RepositoryPaths.root.appendingPathComponent("traces/card")
        let result = try MetroKioskProcess.run(["run", "--headless", "--config", card.appendingPathComponent("kiosk-portrait.toml").path,
                                                "--size", "600x1000", "--trace", card.appendingPathComponent("kiosk-card-drag-133hz.csv").path,
                                                "--out", out.path, "--png", "none", "--plot", plot])
        #expect(result.status == 0, "\(result.stderr)")
        // The camera's four panels, then the card's extent, its step, the list's offset and its step.
        #expect(try pngSize(URL(fileURLWithPath: plot)) == (1200, 2080))
    }

    @Test func checkConfigWarnsAboutLabelsNoConfiguredFontDrawsAndFailsUnderStrict() throws {
        let map = RepositoryPaths.root.appendingPathComponent("Tests/KioskCoreTests/Reference/world-scripts.toml").path
        let config = try temporaryDirectory().appendingPathComponent("kiosk.toml")
        try "[map]\nfile = \"\(map)\"\nlanguage = \"he\"\n[text]\nfonts = [\"Noto Sans\", \"Noto Sans Arabic\"]\n"
            .write(to: config, atomically: true, encoding: .utf8)
        let relaxed = try MetroKioskProcess.run(["check-config", config.path])
        #expect(relaxed.status == 0, "\(relaxed.stderr)")
        // The Hebrew name, at its line and column in the map file.
        #expect(relaxed.stderr.contains("world-scripts.toml:58:16: warning: station \"tel-aviv\": no configured font can draw U+5EA 'ת'"))
        #expect(relaxed.stderr.contains("station \"bangkok\"") && !relaxed.stderr.contains("station \"cairo\""))
        let strict = try MetroKioskProcess.run(["check-config", "--strict", config.path])
        #expect(strict.status == 78)
    }

    @Test func physicsPlotDrawsTheCurveInItsPhaseColours() throws {
        let out = try temporaryDirectory().appendingPathComponent("fling.png")
        let result = try MetroKioskProcess.run(["physics", "fling", "--position", "0", "--velocity", "3000", "--min", "0",
                                                "--max", "500", "--plot", out.path])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(try pngSize(out) == (960, 540))
    }
}
