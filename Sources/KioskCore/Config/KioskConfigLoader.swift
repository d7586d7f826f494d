import Foundation
import MetroMap
import Overlay
import Physics
import Raster
import TOMLDocument

/// Reads `kiosk.toml`: every key is checked for type and range, unknown keys are reported with the nearest valid
/// name, and all problems are reported at once.
public enum KioskConfigLoader {
    public static func load(contentsOf path: String) throws(KioskConfigError) -> KioskConfig {
        let bytes: [UInt8]
        switch InputFile.read(path) {
        case let .success(read): bytes = read
        case let .failure(error):
            throw KioskConfigError(diagnostics: [MapDiagnostic(file: path, line: 1, message: "cannot read config file: \(error.reason)")])
        }
        var config = try parse(bytes: bytes, fileName: path)
        // A relative map path means relative to the config file, as operators expect of /etc files.
        if let file = config.map.file, !file.hasPrefix("/") {
            config.map.file = URL(fileURLWithPath: path).deletingLastPathComponent().appendingPathComponent(file).path
        }
        return config
    }

    /// Validates config bytes: a NUL byte (TOML stopped there, and check-config said ok) or invalid UTF-8 is a
    /// located error.
    public static func parse(bytes: [UInt8], fileName: String) throws(KioskConfigError) -> KioskConfig {
        switch SourceText.decode(bytes, file: fileName) {
        case .success(let text): return try parse(text: text, fileName: fileName)
        case .failure(let diagnostic): throw KioskConfigError(diagnostics: [diagnostic])
        }
    }

    public static func parse(text: String, fileName: String) throws(KioskConfigError) -> KioskConfig {
        let reading = read(text: text, fileName: fileName)
        guard reading.diagnostics.isEmpty else { throw KioskConfigError(diagnostics: reading.diagnostics) }
        return reading.config
    }

    /// What one pass over a config gives: the config with every valid key applied (defaults elsewhere), every
    /// problem, and where each key sits, so checks that need the map or the font can point at the config's line
    /// even when the config has other problems (`KioskConfigCheck`).
    struct Reading {
        var config: KioskConfig
        var diagnostics: [Diagnostic]
        var locator: TOMLSourceLocator?
    }

    static func read(text: String, fileName: String) -> Reading {
        let root: TOMLTable, locator: TOMLSourceLocator
        switch LocatedTOML.parse(text, file: fileName) {
        case .success(let document): (root, locator) = (document.root, document.locator)
        case .failure(let syntax): return Reading(config: KioskConfig(), diagnostics: [syntax], locator: nil)
        }
        var reader = ConfigReader(TOMLDocumentReader(file: fileName, locator: locator))
        var config = KioskConfig()
        reader.rejectUnknownKeys(in: root, allowed: ["display", "input", "map", "text", "physics", "kiosk", "screen", "status", "card", "controls", "network", "access", "audio"],
                                 path: "", subject: "config")
        if let table = reader.section(root, "display") { readDisplay(table, into: &config.display, reader: &reader) }
        if let table = reader.section(root, "input") { readInput(table, into: &config.input, reader: &reader) }
        if let table = reader.section(root, "map") { readMap(table, into: &config.map, reader: &reader) }
        if let table = reader.section(root, "network") {
            // One table for the timetable's keys and the live feeds' keys, each read by its own part.
            reader.rejectUnknownKeys(in: table, allowed: realtimeNetworkKeys.union(["timetable", "links"]), path: "network",
                                     subject: "[network]")
            config.network.timetable = reader.string(table, "timetable", path: "network", subject: "[network]")
            config.network.links = reader.string(table, "links", path: "network", subject: "[network]")
            readRealtime(table, into: &config.realtime, reader: &reader)
        }
        if let table = reader.section(root, "access") { readAccess(table, into: &config.access, reader: &reader) }
        if let table = reader.section(root, "text") { readText(table, into: &config.text, reader: &reader) }
        if let table = reader.section(root, "physics") { readPhysics(table, into: &config.physics, reader: &reader) }
        if let table = reader.section(root, "card") { readCard(table, into: &config.card, shareURL: &config.shareURL, reader: &reader) }
        if let table = reader.section(root, "kiosk") {
            reader.rejectUnknownKeys(in: table, allowed: ["idle_timeout_s", "session"], path: "kiosk", subject: "[kiosk]")
            reader.number(table, "idle_timeout_s", path: "kiosk", subject: "[kiosk]", in: 0...86_400)
                .map { config.kiosk.idleTimeoutSeconds = $0 }
            config.kiosk.session = reader.choice(table, "session", path: "kiosk", subject: "[kiosk]") ?? config.kiosk.session
        }
        if let table = reader.section(root, "screen") { readScreen(table, into: &config.screen, reader: &reader) }
        if let table = reader.section(root, "status") { readStatus(table, into: &config.status, reader: &reader) }
        if let table = reader.section(root, "controls") { readControls(table, into: &config, reader: &reader) }
        if let table = reader.section(root, "audio") { readAudio(table, into: &config.audio, reader: &reader) }
        checkControls(config, reader: &reader)
        if let minimum = config.map.minimumScale, minimum > config.map.maximumScale {
            reader.error("[map]: min_scale \(minimum) is greater than max_scale \(config.map.maximumScale)", at: "map.min_scale")
        }
        if let home = config.map.home {
            let minimum = config.map.minimumScale ?? 0
            if home.scale > config.map.maximumScale || home.scale < minimum {
                let limits = config.map.minimumScale.map { "[\(TOMLText.number($0)), \(TOMLText.number(config.map.maximumScale))]" }
                    ?? "at most max_scale \(TOMLText.number(config.map.maximumScale))"
                reader.error("[map] home: scale \(TOMLText.number(home.scale)) is outside the zoom limits \(limits); the kiosk would start "
                             + "over- or under-zoomed", at: "map.home")
            }
        }
        if config.physics.minimumFlingVelocity > config.physics.maximumFlingVelocity {
            reader.error("[physics]: min_fling_velocity is greater than max_fling_velocity", at: "physics.min_fling_velocity")
        }
        let diagnostics = reader.diagnostics.sorted { $0.position < $1.position }
        return Reading(config: config, diagnostics: diagnostics, locator: locator)
    }

    private static func readDisplay(_ table: TOMLTable, into display: inout KioskConfig.Display, reader: inout ConfigReader) {
        let subject = "[display]"
        reader.rejectUnknownKeys(in: table, allowed: ["device", "connector", "mode", "rotation", "format", "render_threads"], path: "display", subject: subject)
        display.device = reader.string(table, "device", path: "display", subject: subject) ?? display.device
        display.connector = reader.string(table, "connector", path: "display", subject: subject) ?? display.connector
        if let text = reader.string(table, "mode", path: "display", subject: subject) {
            if let mode = KioskConfig.DisplayMode(parsing: text) {
                display.mode = mode
            } else {
                reader.error("\(subject): 'mode' must look like \"1920x1080@60\" or \"1920x1080\", found \"\(text)\"", at: "display.mode")
            }
        }
        if let degrees = reader.number(table, "rotation", path: "display", subject: subject) {
            if let rotation = OutputRotation(rawValue: Int(exactly: degrees) ?? -1) {
                display.rotation = rotation
            } else {
                reader.error("\(subject): 'rotation' must be 0, 90, 180 or 270, found \(TOMLText.number(degrees))", at: "display.rotation")
            }
        }
        display.format = reader.choice(table, "format", path: "display", subject: subject) ?? display.format
        if let threads = reader.number(table, "render_threads", path: "display", subject: subject) {
            if let count = Int(exactly: threads), (1...64).contains(count) {
                display.renderThreads = count
            } else {
                reader.error("\(subject): 'render_threads' must be a whole number from 1 to 64, found \(TOMLText.number(threads))",
                             at: "display.render_threads")
            }
        }
    }

    private static func readInput(_ table: TOMLTable, into input: inout KioskConfig.Input, reader: inout ConfigReader) {
        let subject = "[input]"
        reader.rejectUnknownKeys(in: table, allowed: ["seat", "calibration", "touch_slop_mm", "panel_size_mm", "tap_max_ms",
                                                      "double_tap_max_ms", "double_tap_max_distance_mm", "touch_required"],
                                 path: "input", subject: subject)
        input.seat = reader.string(table, "seat", path: "input", subject: subject) ?? input.seat
        if let matrix = reader.numbers(table, "calibration", count: 6, meaning: "six numbers [a, b, c, d, e, f]",
                                       path: "input", subject: subject) {
            // libinput's matrix maps normalised coordinates: entries beyond ±100 or a (near-)singular 2×2 part
            // would send every touch off screen or to one line.
            let determinant = matrix[0] * matrix[4] - matrix[1] * matrix[3]
            if matrix.allSatisfy({ abs($0) <= 100 }), abs(determinant) >= 1e-6 {
                input.calibration = matrix
            } else {
                reader.error("\(subject): 'calibration' entries must lie between -100 and 100 and a·e − b·d must not be 0 "
                             + "(identity: [1, 0, 0, 0, 1, 0])", at: "input.calibration")
            }
        }
        input.touchSlopMillimetres = reader.number(table, "touch_slop_mm", path: "input", subject: subject, in: 0...50)
            ?? input.touchSlopMillimetres
        if let size = reader.numbers(table, "panel_size_mm", count: 2, meaning: "[width, height] in millimetres",
                                     path: "input", subject: subject) {
            if size.allSatisfy({ $0 >= 10 && $0 <= 10_000 }) {
                input.panelSizeMillimetres = MillimetreSize(width: size[0], height: size[1])
            } else {
                reader.error("\(subject): 'panel_size_mm' must be two sizes from 10 to 10000 (millimetres)", at: "input.panel_size_mm")
            }
        }
        input.tapMaximumMilliseconds = reader.number(table, "tap_max_ms", path: "input", subject: subject, in: 1...5000)
            ?? input.tapMaximumMilliseconds
        input.doubleTapMaximumIntervalMilliseconds = reader.number(table, "double_tap_max_ms", path: "input", subject: subject, in: 1...5000)
            ?? input.doubleTapMaximumIntervalMilliseconds
        input.doubleTapMaximumDistanceMillimetres = reader.number(table, "double_tap_max_distance_mm", path: "input",
                                                                  subject: subject, in: 0...500)
            ?? input.doubleTapMaximumDistanceMillimetres
        input.touchRequired = reader.bool(table, "touch_required", path: "input", subject: subject) ?? input.touchRequired
    }

    private static func readMap(_ table: TOMLTable, into map: inout KioskConfig.MapSettings, reader: inout ConfigReader) {
        let subject = "[map]"
        reader.rejectUnknownKeys(in: table, allowed: ["file", "home", "min_scale", "max_scale", "you_are_here", "font", "language",
                                                      "languages", "primary_language", "legend", "line_badges"],
                                 path: "map", subject: subject)
        map.file = reader.string(table, "file", path: "map", subject: subject) ?? map.file
        if let mode = table["home"]?.string {
            // `home = "here"` or `"fit"`: a view the kiosk works out for the screen it finds, rather than a fixed one.
            if let parsed = KioskConfig.HomeMode(rawValue: mode) {
                map.homeMode = parsed
            } else {
                reader.error("[map] home: \"\(TOMLText.excerpt(mode))\" is not a home view; use \"here\", \"fit\" or "
                             + "{ x = 1000, y = 750, scale = 1.0 }", at: "map.home")
            }
        } else if let home = reader.section(table, "home", path: "map") {
            reader.rejectUnknownKeys(in: home, allowed: ["x", "y", "scale"], path: "map.home", subject: "[map] home")
            let x = reader.number(home, "x", path: "map.home", subject: "[map] home")
            let y = reader.number(home, "y", path: "map.home", subject: "[map] home")
            let scale = reader.number(home, "scale", path: "map.home", subject: "[map] home", in: CameraLimits.minimumScale...CameraLimits.maximumScale)
            if let x, let y, let scale {
                map.home = KioskConfig.HomeView(centre: SchemePoint(x: x, y: y), scale: scale)
            } else if home["x"] == nil || home["y"] == nil || home["scale"] == nil {
                reader.error("[map] home: needs x, y and scale, as home = { x = 1000, y = 750, scale = 1.0 }", at: "map.home")
            }
        }
        map.minimumScale = reader.number(table, "min_scale", path: "map", subject: subject, in: CameraLimits.minimumScale...CameraLimits.maximumScale)
            ?? map.minimumScale
        map.maximumScale = reader.number(table, "max_scale", path: "map", subject: subject, in: CameraLimits.minimumScale...CameraLimits.maximumScale)
            ?? map.maximumScale
        map.youAreHere = reader.string(table, "you_are_here", path: "map", subject: subject) ?? map.youAreHere
        map.font = reader.string(table, "font", path: "map", subject: subject) ?? map.font
        if let language = reader.string(table, "language", path: "map", subject: subject) {
            if LanguageCode.isWellFormed(language) {
                map.language = language
            } else {
                reader.error("\(subject): 'language' must be a language code such as \"en\", \"ru\" or \"zh-Hant\", found \"\(TOMLText.excerpt(language))\"",
                             at: "map.language")
            }
        }
        if let primary = reader.string(table, "primary_language", path: "map", subject: subject) {
            // The same rule as `languages`: a code that is not well formed can never match a name in any map.
            if LanguageCode.isWellFormed(primary) {
                map.primaryLanguage = primary
            } else {
                reader.error("\(subject): 'primary_language' must be a language code such as \"en\" or \"ru\", found \"\(TOMLText.excerpt(primary))\"",
                             at: "map.primary_language")
            }
        }
        map.lineBadges = reader.bool(table, "line_badges", path: "map", subject: subject) ?? map.lineBadges
        if let legend = reader.string(table, "legend", path: "map", subject: subject) {
            if legend == "off" {
                map.legend = nil
            } else if let corner = LineLegendElement.Corner(rawValue: legend) {
                map.legend = corner
            } else {
                let names = (["off"] + LineLegendElement.Corner.allCases.map(\.rawValue)).map { "\"\($0)\"" }.joined(separator: ", ")
                reader.error("\(subject): 'legend' must be one of \(names), found \"\(TOMLText.excerpt(legend))\"", at: "map.legend")
            }
        }
        if let languages = reader.strings(table, "languages", path: "map", subject: subject, count: 1...2) {
            if table["language"] != nil {
                reader.error("\(subject): set 'language' or 'languages', not both", at: "map.languages")
            } else if let bad = languages.first(where: { !LanguageCode.isWellFormed($0) }) {
                reader.error("\(subject): 'languages' must hold language codes such as \"en\" or \"ru\", found \"\(TOMLText.excerpt(bad))\"",
                             at: "map.languages")
            } else if languages.count == 2, languages[0] == languages[1] {
                reader.error("\(subject): 'languages' names \"\(languages[0])\" twice", at: "map.languages")
            } else {
                map.languages = languages
            }
        }
    }

    private static func readText(_ table: TOMLTable, into text: inout KioskConfig.TextSettings, reader: inout ConfigReader) {
        let subject = "[text]"
        reader.rejectUnknownKeys(in: table, allowed: ["fonts", "min_size_px", "min_cap_height_mm", "second_language_size", "halo"],
                                 path: "text", subject: subject)
        text.fonts = reader.strings(table, "fonts", path: "text", subject: subject, count: 1...64) ?? text.fonts
        text.minimumSizePixels = reader.number(table, "min_size_px", path: "text", subject: subject, in: 4...100)
            ?? text.minimumSizePixels
        text.minimumCapHeightMillimetres = reader.number(table, "min_cap_height_mm", path: "text", subject: subject, in: 0.5...50)
            ?? text.minimumCapHeightMillimetres
        text.secondLanguageScale = reader.number(table, "second_language_size", path: "text", subject: subject, in: 0.3...1)
            ?? text.secondLanguageScale
        if let value = table["halo"] {
            if let flag = value.bool {
                // `true` names no colour: it read as "keep the default" and hid a mistake.
                if flag {
                    reader.error("\(subject): 'halo' must be a colour \"#RRGGBB\" or false, found true", at: "text.halo")
                } else {
                    text.halo = nil
                }
            } else if let hex = reader.string(table, "halo", path: "text", subject: subject) {
                if let color = KioskConfigLoader.color(hex) {
                    text.halo = color
                } else {
                    reader.error("\(subject): 'halo' must be a colour \"#RRGGBB\" or false, found \"\(TOMLText.excerpt(hex))\"", at: "text.halo")
                }
            }
        }
    }

    private static func color(_ hex: String) -> Color? {
        guard hex.count == 7, hex.first == "#", let value = UInt32(hex.dropFirst(), radix: 16) else { return nil }
        return Color(rgb: value)
    }

    private static func readPhysics(_ table: TOMLTable, into physics: inout KioskConfig.PhysicsSettings, reader: inout ConfigReader) {
        let subject = "[physics]"
        reader.rejectUnknownKeys(in: table, allowed: ["deceleration_rate", "bounce_spring", "spring_back_spring", "zoom_spring",
                                                      "snap_spring", "max_bounce_velocity", "rubber_band",
                                                      "velocity_strategy", "min_fling_velocity", "max_fling_velocity",
                                                      "double_tap_zoom", "carried_momentum"],
                                 path: "physics", subject: subject)
        if let rate = reader.number(table, "deceleration_rate", path: "physics", subject: subject) {
            if rate > 0, rate < 1 {
                physics.decelerationRate = rate
            } else {
                reader.error("\(subject): 'deceleration_rate' must be between 0 and 1 (0.998 normal, 0.99 fast), found \(TOMLText.number(rate))",
                             at: "physics.deceleration_rate")
            }
        }
        for (key, keyPath) in [("bounce_spring", \KioskConfig.PhysicsSettings.bounceSpring), ("spring_back_spring", \.springBackSpring),
                               ("zoom_spring", \.zoomSpring), ("snap_spring", \.snapSpring)] {
            guard let spring = reader.section(table, key, path: "physics") else { continue }
            let path = "physics." + key, springSubject = "[physics] \(key)"
            reader.rejectUnknownKeys(in: spring, allowed: ["mass", "stiffness", "damping_ratio"], path: path, subject: springSubject)
            let value = physics[keyPath: keyPath]
            let mass = reader.number(spring, "mass", path: path, subject: springSubject, in: 1e-9...1e9, exclusiveMinimum: true) ?? value.mass
            let stiffness = reader.number(spring, "stiffness", path: path, subject: springSubject, in: 1e-9...1e9, exclusiveMinimum: true)
                ?? value.stiffness
            let dampingRatio = reader.number(spring, "damping_ratio", path: path, subject: springSubject, in: 1e-9...100, exclusiveMinimum: true)
                ?? value.dampingRatio
            // The ranges above already reported a value the spring refuses; the default stays then.
            if let built = try? Spring(mass: mass, stiffness: stiffness, dampingRatio: dampingRatio) {
                do {
                    try SettleTimeLimit.check(built, parameter: springSubject)
                    physics[keyPath: keyPath] = built
                } catch {
                    reader.error(error.description, at: path)
                }
            }
        }
        physics.maximumBounceVelocity = reader.number(table, "max_bounce_velocity", path: "physics", subject: subject,
                                                      in: 1...100_000) ?? physics.maximumBounceVelocity
        physics.carriedMomentum = reader.number(table, "carried_momentum", path: "physics", subject: subject, in: 0...1)
            ?? physics.carriedMomentum
        physics.rubberBand = reader.number(table, "rubber_band", path: "physics", subject: subject, in: 0.01...1) ?? physics.rubberBand
        physics.velocityStrategy = reader.choice(table, "velocity_strategy", path: "physics", subject: subject) ?? physics.velocityStrategy
        physics.minimumFlingVelocity = reader.number(table, "min_fling_velocity", path: "physics", subject: subject, in: 0...100_000)
            ?? physics.minimumFlingVelocity
        physics.maximumFlingVelocity = reader.number(table, "max_fling_velocity", path: "physics", subject: subject, in: 1...100_000)
            ?? physics.maximumFlingVelocity
        physics.doubleTapZoom = reader.number(table, "double_tap_zoom", path: "physics", subject: subject, in: 1...16)
            ?? physics.doubleTapZoom
    }
}
