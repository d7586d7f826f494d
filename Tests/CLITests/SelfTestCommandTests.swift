import Foundation
import Testing
import TestSupport

/// `metro-kiosk self-test`, the health check an update system commits or rolls back on (issue 35): 0 for the demo
/// kiosk, and for each kind of failure its status and a line located at the config (or the map) key at fault.
struct SelfTestCommandTests {
    /// A config in a directory of its own, with the demo's timetable and links by absolute path.
    func config(_ text: String) throws -> URL {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("metro-kiosk-self-test-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let file = directory.appendingPathComponent("kiosk.toml")
        try text.write(to: file, atomically: true, encoding: .utf8)
        return file
    }

    /// The demo config as shipped, its relative paths made absolute, and no touchscreen needed (this machine has none).
    func demo(input: String = "touch_required = false") throws -> String {
        let demo = RepositoryPaths.root.appendingPathComponent("demo").path
        let text = try String(contentsOf: RepositoryPaths.root.appendingPathComponent("configs/demo.toml"), encoding: .utf8)
        return text.replacingOccurrences(of: "\"../demo/", with: "\"\(demo)/") + "\n[input]\n" + input + "\n"
    }

    func selfTest(_ config: URL) throws -> MetroKioskProcess.Result {
        try MetroKioskProcess.run(["self-test", config.path, "--size", "480x320"])
    }

    @Test func theDemoKioskIsHealthy() throws {
        let result = try selfTest(config(demo()))
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("healthy (map \"Novograd"), "\(result.stdout)")
        #expect(result.stdout.contains("timetable loaded; frame 480x320 rendered; touch: not required"), "\(result.stdout)")
    }

    @Test func aConfigErrorIsEXConfigAtItsLine() throws {
        let file = try config("[display]\nrotation = 45\n")
        let result = try selfTest(file)
        #expect(result.status == 78)
        #expect(result.stderr.contains("self-test: \(file.path):2:1: [display]: 'rotation' must be 0, 90, 180 or 270"), "\(result.stderr)")
    }

    @Test func aBrokenMapIsReportedInTheMap() throws {
        let file = try config("[map]\nfile = \"map.toml\"\n[input]\ntouch_required = false\n")
        try "name = \"x\"\n".write(to: file.deletingLastPathComponent().appendingPathComponent("map.toml"), atomically: true, encoding: .utf8)
        let result = try selfTest(file)
        #expect(result.status == 78)
        #expect(result.stderr.contains("self-test: " + file.deletingLastPathComponent().appendingPathComponent("map.toml").path + ":"),
                "\(result.stderr)")
    }

    @Test func aMissingTimetableIsEXConfigAtItsKey() throws {
        let broken = try demo().replacingOccurrences(of: "/demo/gtfs\"", with: "/demo/no-such-feed\"")
        let file = try config(broken)
        let result = try selfTest(file)
        #expect(result.status == 78)
        let line = broken.split(separator: "\n", omittingEmptySubsequences: false).firstIndex { $0.hasPrefix("timetable") }.map { $0 + 1 }
        #expect(result.stderr.contains("self-test: \(file.path):\(line ?? 0):13: [network] timetable: "), "\(result.stderr)")
    }

    @Test func anUnusableFontIsEXConfigAtItsKey() throws {
        let file = try config("[map]\nfont = \"/no/such/font.ttf\"\n[input]\ntouch_required = false\n")
        let result = try selfTest(file)
        #expect(result.status == 78)
        #expect(result.stderr.contains("self-test: \(file.path):2:8: [map] font: cannot use '/no/such/font.ttf'"), "\(result.stderr)")
    }

    /// A map whose two stations sit in one corner of a large scheme, and a home view in the opposite, empty corner:
    /// the first frame is the background alone, which the update system must not commit (EX_DATAERR), reported at
    /// the config's [map] file.
    @Test func aBlankHomeViewIsEXDataErrAtTheMapFile() throws {
        let file = try config("""
            [map]
            file = "map.toml"
            home = { x = 1900.0, y = 1900.0, scale = 4.0 }
            [input]
            touch_required = false

            """)
        try """
            format = 1
            name = "Corner"
            bounds = [0, 0, 2000, 2000]

            [[line]]
            id = "a"
            name = "A"
            color = "#D8232A"
            segments = [["west", "east"]]

            [[station]]
            id = "west"
            name = "West"
            position = [100, 100]

            [[station]]
            id = "east"
            name = "East"
            position = [200, 100]

            """.write(to: file.deletingLastPathComponent().appendingPathComponent("map.toml"), atomically: true, encoding: .utf8)
        let result = try selfTest(file)
        #expect(result.status == 65, "\(result.stderr)")
        #expect(result.stderr.contains("self-test: \(file.path):2:1: the home view rendered at 480x320 is one flat colour: no map was drawn"),
                "\(result.stderr)")
    }

    /// A seat with no touchscreen on it (no machine has this seat) fails as EX_UNAVAILABLE unless none is required.
    @Test func noTouchscreenIsEXUnavailableUnlessNoneIsRequired() throws {
        let file = try config(demo(input: "seat = \"metro-kiosk-self-test\""))
        let result = try selfTest(file)
        #expect(result.status == 69, "\(result.stderr)")
        let text = try demo(input: "seat = \"metro-kiosk-self-test\"")
        let line = text.split(separator: "\n", omittingEmptySubsequences: false).firstIndex { $0.hasPrefix("seat") }.map { $0 + 1 }
        #expect(result.stderr.contains("self-test: \(file.path):\(line ?? 0):1: [input] seat \"metro-kiosk-self-test\": no touchscreen found"),
                "\(result.stderr)")
    }
}
