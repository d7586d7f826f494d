import Foundation
import MetroMap
import Physics
import Testing
import TestSupport
@testable import KioskCore

struct KioskConfigLoaderTests {
    static let documentedDefaults = RepositoryPaths.root.appendingPathComponent("configs/kiosk.toml").path

    @Test func theDocumentedConfigLoadsAndEqualsTheBuiltInDefaults() throws {
        var loaded = try KioskConfigLoader.load(contentsOf: Self.documentedDefaults)
        #expect(loaded == KioskConfig())
        loaded.kiosk.idleTimeoutSeconds = 5
        #expect(loaded != KioskConfig(), "equality looks at the values")
    }

    @Test func anEmptyFileIsAllDefaults() throws {
        #expect(try KioskConfigLoader.parse(text: "", fileName: "empty.toml") == KioskConfig())
    }

    @Test func everyKeyIsRead() throws {
        let config = try KioskConfigLoader.parse(text: """
            [display]
            device = "/dev/dri/card1"
            connector = "HDMI-A-1"
            mode = "1920x1080@59.94"
            rotation = 270
            format = "rgb565"
            [input]
            seat = "seat1"
            calibration = [0, 1, 0, -1, 0, 1]
            touch_slop_mm = 3.5
            panel_size_mm = [476, 268]
            tap_max_ms = 250
            double_tap_max_ms = 350
            double_tap_max_distance_mm = 12
            [map]
            file = "/srv/map.toml"
            home = { x = 100, y = 200.5, scale = 1.5 }
            min_scale = 0.25
            max_scale = 6
            you_are_here = "central"
            font = "/f.ttf"
            language = "ru"
            [physics]
            deceleration_rate = 0.99
            bounce_spring = { mass = 0.5, stiffness = 100, damping_ratio = 1.1 }
            snap_spring = { mass = 1, stiffness = 300, damping_ratio = 0.9 }
            rubber_band = 0.4
            velocity_strategy = "impulse"
            min_fling_velocity = 100
            max_fling_velocity = 6000
            double_tap_zoom = 3
            [kiosk]
            idle_timeout_s = 0
            session = "libseat"
            """, fileName: "all.toml")
        #expect(config.display.device == "/dev/dri/card1")
        #expect(config.display.connector == "HDMI-A-1")
        #expect(config.display.mode == KioskConfig.DisplayMode(width: 1920, height: 1080, refreshHertz: 59.94))
        #expect(config.display.rotation == .clockwise270)
        #expect(config.display.format == .rgb565)
        #expect(config.input.seat == "seat1")
        #expect(config.input.calibration == [0, 1, 0, -1, 0, 1])
        #expect(config.input.touchSlopMillimetres == 3.5)
        #expect(config.input.panelSizeMillimetres?.width == 476 && config.input.panelSizeMillimetres?.height == 268)
        #expect(config.input.tapMaximumMilliseconds == 250)
        #expect(config.input.doubleTapMaximumIntervalMilliseconds == 350)
        #expect(config.input.doubleTapMaximumDistanceMillimetres == 12)
        #expect(config.map.file == "/srv/map.toml")
        #expect(config.map.home == KioskConfig.HomeView(centre: SchemePoint(x: 100, y: 200.5), scale: 1.5))
        #expect(config.map.minimumScale == 0.25 && config.map.maximumScale == 6)
        #expect(config.map.youAreHere == "central" && config.map.font == "/f.ttf" && config.map.language == "ru")
        #expect(config.physics.decelerationRate == 0.99)
        #expect(config.physics.bounceSpring == Spring(constantMass: 0.5, stiffness: 100, dampingRatio: 1.1))
        #expect(config.physics.snapSpring == Spring(constantMass: 1, stiffness: 300, dampingRatio: 0.9))
        #expect(config.physics.rubberBand == 0.4)
        #expect(config.physics.velocityStrategy == .impulse)
        #expect(config.physics.minimumFlingVelocity == 100 && config.physics.maximumFlingVelocity == 6000)
        #expect(config.physics.doubleTapZoom == 3)
        #expect(config.kiosk.idleTimeoutSeconds == 0)
        #expect(config.kiosk.session == .libseat)
    }

    @Test func everyBadKeyIsReportedWithItsLineAndColumn() {
        let text = """
            [display]
            rotaton = 90
            rotation = 45
            format = "rgb656"
            mode = "big"
            [input]
            calibration = [1, 0, 0]
            touch_slop_mm = "two"
            [map]
            max_scale = 0
            home = { x = 1, y = 2 }
            [physics]
            deceleration_rate = 1.5
            bounce_spring = { mass = 0, stiffness = 100, dampness = 1 }
            velocity_strategy = "lsq3"
            [kiosk]
            idle_timeout_s = -1
            [displya]
            """
        #expect {
            try KioskConfigLoader.parse(text: text, fileName: "bad.toml")
        } throws: { error in
            guard let error = error as? KioskConfigError else { return false }
            let lines = error.diagnostics.map(\.description)
            let expected = [
                "bad.toml:2:1: [display]: unknown key 'rotaton', did you mean 'rotation'?",
                "bad.toml:3:1: [display]: 'rotation' must be 0, 90, 180 or 270, found 45",
                "bad.toml:4:1: [display]: 'format' must be one of \"xrgb8888\", \"rgb565\", found \"rgb656\"",
                "bad.toml:5:1: [display]: 'mode' must look like",
                "bad.toml:7:1: [input]: 'calibration' must be six numbers",
                "bad.toml:8:1: [input]: 'touch_slop_mm' must be a finite number",
                "bad.toml:10:1: [map]: 'max_scale' must be at least 1e-06 and at most 1000, found 0",
                "bad.toml:11:1: [map] home: needs x, y and scale",
                "bad.toml:13:1: [physics]: 'deceleration_rate' must be between 0 and 1",
                "bad.toml:15:1: [physics]: 'velocity_strategy' must be one of \"ios\", \"lsq2\", \"impulse\", found \"lsq3\"",
                "bad.toml:17:1: [kiosk]: 'idle_timeout_s' must be at least 0",
                "bad.toml:18:1: config: unknown key 'displya', did you mean 'display'?",
            ]
            for prefix in expected where !lines.contains(where: { $0.hasPrefix(prefix) }) {
                Issue.record("missing \(prefix) in:\n\(lines.joined(separator: "\n"))")
            }
            #expect(lines.contains { $0.contains("'mass' must be at least 1e-09 and at most 1000000000, found 0") })
            #expect(lines.contains { $0.hasPrefix("bad.toml:14:") && $0.contains("unknown key 'dampness'") })
            return true
        }
    }

    @Test func aHomeScaleOutsideTheZoomLimitsIsRefusedAtTheHomeKey() {
        #expect {
            try KioskConfigLoader.parse(text: "[map]\nmin_scale = 0.5\nhome = { x = 1, y = 2, scale = 6 }\n", fileName: "home.toml")
        } throws: { error in
            let lines = (error as? KioskConfigError)?.diagnostics.map(\.description) ?? []
            return lines.contains { $0.hasPrefix("home.toml:3:1: [map] home: scale 6 is outside the zoom limits [0.5, 4]") }
        }
        #expect {
            try KioskConfigLoader.parse(text: "[map]\nmin_scale = 0.5\nhome = { x = 1, y = 2, scale = 0.25 }\n", fileName: "home.toml")
        } throws: { error in
            (error as? KioskConfigError)?.diagnostics.contains { $0.description.hasPrefix("home.toml:3:1:") } ?? false
        }
        #expect(throws: Never.self) {
            try KioskConfigLoader.parse(text: "[map]\nmin_scale = 0.5\nhome = { x = 1, y = 2, scale = 4 }\n", fileName: "home.toml")
        }
    }

    @Test func theSpringsPerPurposeAndTheirLimitsAreRead() throws {
        let config = try KioskConfigLoader.parse(text: """
            [physics]
            bounce_spring = { mass = 1, stiffness = 400, damping_ratio = 1 }
            spring_back_spring = { mass = 0.5, stiffness = 120, damping_ratio = 1.2 }
            zoom_spring = { mass = 2, stiffness = 100, damping_ratio = 0.9 }
            max_bounce_velocity = 4000
            carried_momentum = 0
            """, fileName: "springs.toml")
        #expect(config.physics.bounceSpring == Spring(constantMass: 1, stiffness: 400, dampingRatio: 1))
        #expect(config.physics.springBackSpring == Spring(constantMass: 0.5, stiffness: 120, dampingRatio: 1.2))
        #expect(config.physics.zoomSpring == Spring(constantMass: 2, stiffness: 100, dampingRatio: 0.9))
        #expect(config.physics.snapSpring == KioskConfig().physics.snapSpring)
        #expect(config.physics.maximumBounceVelocity == 4000)
        #expect(config.physics.carriedMomentum == 0)
        #expect(throws: KioskConfigError.self) {
            try KioskConfigLoader.parse(text: "[physics]\ncarried_momentum = 2\n", fileName: "momentum.toml")
        }
    }

    /// The defaults keep the overshoot of a fling at the velocity cap under 15 % of an 800 px screen: the largest
    /// displacement of the bounce spring thrown at `max_bounce_velocity` from the edge.
    @Test func theDefaultBounceOvershootsLessThanFifteenPercentOfTheScreenAtTheCap() throws {
        let physics = KioskConfig().physics
        let bounce = try SpringTimingParameters(spring: physics.bounceSpring, displacement: 0, initialVelocity: physics.maximumBounceVelocity)
        let overshoot = stride(from: 0.0, to: bounce.duration, by: 0.0005).map { bounce.value(at: $0) }.max() ?? 0
        #expect(overshoot < 0.15 * 800, "overshoot \(overshoot) px")
        #expect(overshoot > 0.1 * 800, "still a visible bounce")
    }

    @Test func theDisplayKeysParseStraightIntoTheOutputTypesAndNothingIsWrappedOrDefaulted() throws {
        let turned = try KioskConfigLoader.parse(text: "[display]\nrotation = 90\nformat = \"rgb565\"\n", fileName: "ok.toml")
        #expect(turned.display.rotation == OutputRotation.clockwise90 && turned.display.format == ScanoutPixelFormat.rgb565)
        // 360 is a whole turn to OutputRotation(degrees:), but a config that says it is a typo, not 0.
        #expect {
            try KioskConfigLoader.parse(text: "[display]\nrotation = 360\n", fileName: "turn.toml")
        } throws: { error in
            (error as? KioskConfigError)?.diagnostics.first?.description.contains("'rotation' must be 0, 90, 180 or 270, found 360") ?? false
        }
    }

    @Test func aSyntaxErrorNamesItsLine() {
        #expect {
            try KioskConfigLoader.parse(text: "[display]\nrotation = = 3\n", fileName: "syntax.toml")
        } throws: { error in
            (error as? KioskConfigError)?.diagnostics.first?.description.hasPrefix("syntax.toml:2:") ?? false
        }
    }

    @Test func aRelativeMapPathIsRelativeToTheConfigFile() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("kiosk-config-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let path = directory.appendingPathComponent("kiosk.toml").path
        try "[map]\nfile = \"maps/city.toml\"\n".write(toFile: path, atomically: true, encoding: .utf8)
        #expect(try KioskConfigLoader.load(contentsOf: path).map.file == directory.appendingPathComponent("maps/city.toml").path)
    }

    @Test func minimumAboveMaximumScaleIsRefused() {
        #expect(throws: KioskConfigError.self) {
            try KioskConfigLoader.parse(text: "[map]\nmin_scale = 5\nmax_scale = 2\n", fileName: "x.toml")
        }
    }
}

/// `[screen]` and `[status]`: the schedule, the orbit and the status paths, and every mistake located.
struct ScreenConfigTests {
    @Test func theScheduleOrbitAndStatusKeysAreRead() throws {
        let config = try KioskConfigLoader.parse(text: """
            [screen]
            off = ["01:00", "13:00"]
            on = ["05:30", "14:15"]
            wake_minutes = 2
            orbit_px = 4
            orbit_minutes = 10
            [status]
            file = "/tmp/s.json"
            prometheus_file = "/tmp/k.prom"
            socket = ""
            interval_s = 30
            """, fileName: "screen.toml")
        #expect(config.screen.offRanges == [
            ScreenOffRange(off: LocalTimeOfDay(hour: 1, minute: 0)!, on: LocalTimeOfDay(hour: 5, minute: 30)!),
            ScreenOffRange(off: LocalTimeOfDay(hour: 13, minute: 0)!, on: LocalTimeOfDay(hour: 14, minute: 15)!)])
        #expect(config.screen.wakeMinutes == 2 && config.screen.orbitPixels == 4 && config.screen.orbitMinutes == 10)
        #expect(config.status.file == "/tmp/s.json" && config.status.prometheusFile == "/tmp/k.prom")
        #expect(config.status.socket == nil && config.status.intervalSeconds == 30)
        let single = try KioskConfigLoader.parse(text: "[screen]\noff = \"01:00\"\non = \"05:30\"\n", fileName: "one.toml")
        #expect(single.screen.offRanges.map(\.on.description) == ["05:30"])
    }

    @Test func badScheduleAndStatusKeysAreLocated() {
        let cases: [(String, String)] = [
            ("[screen]\noff = \"25:00\"\non = \"05:30\"\n", "one.toml:2:1: [screen]: 'off' must be a local time \"HH:MM\""),
            ("[screen]\noff = \"01:00\"\n", "one.toml:2:1: [screen]: 'off' and 'on' go together"),
            ("[screen]\noff = [\"01:00\", \"02:00\"]\non = \"05:30\"\n", "one.toml:3:1: [screen]: 'off' and 'on' must name as many"),
            ("[screen]\noff = \"05:30\"\non = \"05:30\"\n", "one.toml:3:1: [screen]: a dark period cannot end when it begins"),
            ("[screen]\norbit_px = 2.5\n", "one.toml:2:1: [screen]: 'orbit_px' must be a whole number"),
            ("[screen]\nwake_minuets = 2\n", "one.toml:2:1: [screen]: unknown key 'wake_minuets', did you mean 'wake_minutes'?"),
            ("[status]\nfile = \"status.json\"\n", "one.toml:2:1: [status]: 'file' must be an absolute path"),
        ]
        for (text, expected) in cases {
            #expect {
                try KioskConfigLoader.parse(text: text, fileName: "one.toml")
            } throws: { error in
                let lines = (error as? KioskConfigError)?.diagnostics.map(\.description) ?? []
                return lines.contains { $0.hasPrefix(expected) }
            }
        }
    }
}
