import Foundation
import KioskCore
import MetroMap
import Overlay
import Physics
import Raster
import Testing
import TestSupport

/// The kiosk as its own process against a real HTTP server (another process, on 127.0.0.1): `run --headless` polls
/// the config's `[network] realtime` source as the device does. BART's alert capture of 2019-08-07 17:45 UTC
/// (Montgomery St closed by a medical emergency; BART developer terms, via interline-io/transitland-lib) over the
/// 2019 static feed and pMetro's San Francisco scheme. Bounded in time: `timeout_s` is 1 s, the server is stopped
/// by the test. The capture names only the agency, so the map shows it by dashing every BART line: at Montgomery St's
/// place on screen the frame differs from the stale one (lines whole), at a Caltrain station it does not.
struct LiveServiceProcessTests {
    struct Run {
        var status: [String: Any]
        /// Pixels of the status strip's alert red (the alert's words on it) in the last frame.
        var alertStripPixels: Int
        var frame: PixelBuffer
        /// The last frame's camera, as frames.jsonl logs it.
        var camera: Camera
    }

    @Test func theAlertFromAServerShowsAndOutlivesTheServerUntilItIsStale() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("metro-kiosk-live-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let timetable = directory.appendingPathComponent("bart.mktt").path
        let links = directory.appendingPathComponent("links.toml").path
        let scheme = RepositoryPaths.sharedData("maps/pmetro-san-francisco").path
        let imported = try MetroKioskProcess.run(["import-gtfs", RepositoryPaths.sharedData("gtfs/bart-2019/gtfs.zip").path, "--out", timetable])
        try #require(imported.status == 0, "\(imported.stderr)")
        let linked = try MetroKioskProcess.run(["link-gtfs", "--map", scheme, "--timetable", timetable, "--out", links])
        try #require(linked.status == 0, "\(linked.stderr)")
        let server = try LoopbackFeedServer(serving: RepositoryPaths.sharedData("gtfs/bart-2019/bart-alerts.pb"), directory: directory)
        defer { server.stop() }
        try #require(server.port > 0, "the server started")
        let config = directory.appendingPathComponent("kiosk.toml")
        try """
            [map]
            file = "\(scheme)"
            [network]
            timetable = "\(timetable)"
            links = "\(links)"
            realtime = ["\(server.url)"]
            poll_s = 30
            timeout_s = 1
            stale_s = 300
            realtime_dir = "\(directory.appendingPathComponent("realtime").path)"
            """.write(to: config, atomically: true, encoding: .utf8)
        let keys = directory.appendingPathComponent("no-keys.csv")
        try "time_us,key,state\n".write(to: keys, atomically: true, encoding: .utf8)

        /// The kiosk replaying no input at `at` (BART's local time), its status.json and last frame.
        func run(at: String) throws -> Run {
            let out = directory.appendingPathComponent("out-\(at.suffix(5).replacingOccurrences(of: ":", with: ""))")
            let result = try MetroKioskProcess.run(["run", "--headless", "--config", config.path, "--keys", keys.path,
                                                    "--at", at, "--size", "1280x800", "--out", out.path])
            try #require(result.status == 0, "\(result.stderr)")
            let data = try Data(contentsOf: out.appendingPathComponent("status.json"))
            let status = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
            let sources = try #require(status["realtime"] as? [[String: Any]])
            try #require(sources.count == 1)
            let frame = try readPNG(path: out.appendingPathComponent("last.png").path)
            let marks: Set<UInt32> = [ServiceStatusStripElement.warningColor.xrgb & 0xFFFFFF]
            let marked = (0..<frame.height).reduce(0) { sum, y in
                sum + (0..<frame.width).filter { marks.contains((frame.pixel(x: $0, y: y) ?? 0) & 0xFFFFFF) }.count
            }
            let log = try String(contentsOf: out.appendingPathComponent("frames.jsonl"), encoding: .utf8)
            let line = try #require(log.split(separator: "\n").last)
            let entry = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
            let x = try #require(entry["x"] as? Double), y = try #require(entry["y"] as? Double)
            let camera = Camera(offset: ScreenPoint(x: x, y: y), scale: try #require(entry["scale"] as? Double))
            return Run(status: sources[0], alertStripPixels: marked, frame: frame, camera: camera)
        }

        let map = try KioskSession(configPath: config.path).map
        /// Pixels that differ between `a` and `b` within 40 px (about a hop at this scale: a dash starts past the
        /// station's own circle) of where the scheme draws stations named `name`.
        func differing(near name: String, _ a: Run, _ b: Run) throws -> Int {
            #expect(a.camera == b.camera)
            let geometry = CameraGeometry(map: map, viewport: ScreenSize(width: 1280, height: 800))
            let places = map.stations.filter { $0.name == name }.compactMap(\.position)
            try #require(!places.isEmpty, "\(name) is on the scheme")
            var count = 0
            for place in places {
                let centre = geometry.screenPoint(ofScheme: place, camera: a.camera)
                for y in Int(centre.y) - 40...Int(centre.y) + 40 {
                    for x in Int(centre.x) - 40...Int(centre.x) + 40
                    where (a.frame.pixel(x: x, y: y) ?? 0) & 0xFFFFFF != (b.frame.pixel(x: x, y: y) ?? 0) & 0xFFFFFF {
                        count += 1
                    }
                }
            }
            return count
        }

        // 10:45 PDT, the capture's moment: the feed arrives, the strip gives the Montgomery St alert.
        let served = try run(at: "2019-08-07 10:45")
        #expect(served.status["fetches"] as? Int == 1 && served.status["errors"] as? Int == 0, "\(served.status)")
        #expect(served.status["alerts"] as? Int == 1 && served.status["stale"] as? Bool == false, "\(served.status)")
        #expect(served.alertStripPixels > 10_000, "\(served.alertStripPixels) strip pixels")

        // Two minutes later the server answers 500: the copy kept on disk is still shown (the same strip), the error said.
        try server.answer(.fail)
        let failing = try run(at: "2019-08-07 10:47")
        #expect(failing.status["fromDisk"] as? Bool == true && failing.status["stale"] as? Bool == false, "\(failing.status)")
        #expect((failing.status["errors"] as? Int ?? 0) >= 1 && (failing.status["lastError"] as? String ?? "").contains("500"),
                "\(failing.status)")
        #expect(failing.alertStripPixels == served.alertStripPixels)

        // A quarter of an hour on, the server hangs: the copy is older than stale_s, the status says so and the
        // strip says live information is unavailable.
        try server.answer(.hang)
        let hanging = try run(at: "2019-08-07 11:00")
        #expect(hanging.status["stale"] as? Bool == true && (hanging.status["errors"] as? Int ?? 0) >= 1, "\(hanging.status)")
        #expect(((hanging.status["ageSeconds"] as? NSNumber)?.doubleValue ?? 0) >= 890, "\(hanging.status)")
        #expect(hanging.alertStripPixels == 0)

        // The map: by Montgomery St the BART lines are dashed while the feed is live (the copy from disk too), whole
        // once it is stale; by a Caltrain station (no BART line) every frame is the same. (Before the agency reached
        // the map, the 10:45 frame there was the 11:00 one.)
        let montgomery = try differing(near: "Montgomery Street", served, hanging)
        #expect(montgomery > 50, "\(montgomery) pixels at Montgomery St")
        #expect(try differing(near: "Montgomery Street", served, failing) == 0)
        #expect(try differing(near: "Menlo Park", served, hanging) == 0)
    }
}
