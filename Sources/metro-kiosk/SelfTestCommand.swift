import ArgumentParser
import Foundation
import KioskCore
import MetroMap
import Physics
import Platform
import Raster
import Diagnostics
import TOMLDocument

/// The health contract an update system keys on (issue 35): after an update is installed and booted, systemd-sysupdate
/// with boot counting, RAUC or Mender runs `metro-kiosk self-test` and commits the update on 0, rolls it back on
/// anything else. It checks what the kiosk needs to show a working map, without the display or the service: the
/// config and everything it names load (map, timetable, fonts: `KioskConfigCheck`, the rules of start-up and SIGHUP),
/// one frame renders at the configured size, and the touchscreen is there unless the config allows none.
struct SelfTestCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "self-test",
        abstract: "Check that the kiosk would come up healthy (for update systems: commit on 0, roll back otherwise).",
        discussion: """
            Loads the config, the map, the timetable ([network], if set) and the fonts; renders one frame headless at \
            [display] mode (--size without a mode: 1920x1080 unless given); checks that libinput finds a touchscreen on \
            [input] seat unless [input] touch_required = false. Exits 0 when healthy; otherwise one line per failure, \
            located file:line:col, and the first failure's status: 78 (EX_CONFIG) the config or a file it names does \
            not load, 65 (EX_DATAERR) the frame renders as one flat colour, 69 (EX_UNAVAILABLE) no touchscreen.
            """)

    @Argument(help: "The config file (TOML).") var file: String = "/etc/metro-kiosk/kiosk.toml"
    @Option(help: "Frame size WxH when [display] sets no mode (the connector's preferred mode is not known headless).",
            transform: SizeOption.init(parsing:))
    var size: SizeOption?

    /// One thing that is not healthy: the status it maps to and its located line.
    struct Failure {
        var status: Sysexit
        var line: String
    }

    func run() throws {
        let settings: KioskConfig, map: MetroMap
        switch KioskConfigCheck.load(configPath: file) {
        case let .success(loaded):
            (settings, map) = loaded
        case let .failure(error):
            // Nothing to render or probe without a config that loads: every problem, then EX_CONFIG.
            let errors = error.diagnostics.filter { $0.severity == .error }
            throw exitCode((errors.isEmpty ? error.diagnostics : errors).map { Failure(status: .configError, line: $0.description) })
        }
        let locator = (try? InputFile.read(file).get()).map { TOMLSourceLocator(text: String(decoding: $0, as: UTF8.self)) }
        func at(_ key: String) -> String {
            let position = locator?.bestPosition(for: key) ?? SourcePosition(line: 1, column: 1)
            return "\(file):\(position.line):\(position.column)"
        }
        var failures: [Failure] = []
        let width = settings.display.mode?.width ?? size?.width ?? 1920
        let height = settings.display.mode?.height ?? size?.height ?? 1080
        if let failure = Self.renderFailure(settings: settings, map: map, width: width, height: height, at: at) {
            failures.append(failure)
        }
        var touch = "not required ([input] touch_required = false)"
        if settings.input.touchRequired {
            switch Self.touchscreens(seat: settings.input.seat, width: width, height: height) {
            case let .failure(error):
                failures.append(Failure(status: .unavailable, line: "\(at("input.seat")): [input] seat \"\(TOMLText.excerpt(settings.input.seat))\": "
                                            + "cannot read input devices: \(error)"))
            case let .success(names) where names.isEmpty:
                failures.append(Failure(status: .unavailable, line: "\(at("input.seat")): [input] seat \"\(TOMLText.excerpt(settings.input.seat))\": "
                                            + "no touchscreen found (set [input] touch_required = false for a kiosk without one)"))
            case let .success(names):
                touch = names.map { "\"\(TOMLText.excerpt($0))\"" }.joined(separator: ", ")
            }
        }
        guard failures.isEmpty else { throw exitCode(failures) }
        print("\(file): healthy (map \"\(TOMLText.excerpt(map.name))\": \(map.lines.count) lines, \(map.stations.count) stations; "
              + "timetable \(settings.network.timetable == nil ? "none" : "loaded"); frame \(width)x\(height) rendered; touch: \(touch))")
    }

    /// Prints every failure; the first one's status is the exit status (the most basic check comes first).
    private func exitCode(_ failures: [Failure]) -> ExitCode {
        FileHandle.standardError.write(Data(failures.map { "self-test: " + $0.line + "\n" }.joined().utf8))
        return ExitCode(failures.first?.status ?? Sysexit.configError)
    }

    /// Renders the home view as the kiosk's first frame (`KioskStill`): a frame that is one colour
    /// throughout drew no map (a scheme that lies outside the view, a style that paints nothing).
    static func renderFailure(settings: KioskConfig, map: MetroMap, width: Int, height: Int,
                              at: (String) -> String) -> Failure? {
        let fonts: FontStack
        do {
            fonts = try settings.labelFonts()
        } catch {
            return Failure(status: .configError, line: "\(at("text.fonts")): [text] fonts: \(error)")
        }
        // The kiosk's own first frame, composed by its loop; a pool of its own: the self-test must not depend on (or
        // resize) the process-wide one.
        let frame: PixelBuffer
        do {
            frame = try KioskStill.render(.home, settings: settings, map: map, fonts: fonts, width: width, height: height,
                                          pool: RenderPool(threads: 1))
        } catch {
            return Failure(status: .dataError, line: "\(at("map.file")): the home view could not be drawn at \(width)x\(height): \(error)")
        }
        let first = frame.pixels[0] & 0x00FF_FFFF
        for y in 0..<frame.height {
            let row = frame.pixels + y * frame.stridePixels
            for x in 0..<frame.width where row[x] & 0x00FF_FFFF != first { return nil }
        }
        return Failure(status: .dataError, line: "\(at("map.file")): the home view rendered at \(width)x\(height) is one flat colour: no map was drawn")
    }

    /// The names of the touchscreens libinput finds on `seat` now (the devices present at start are announced by
    /// the first dispatch).
    static func touchscreens(seat: String, width: Int, height: Int) -> Result<[String], InputError> {
        do {
            let input = try LibinputInput(configuration: .init(seat: seat, scanoutWidth: width, scanoutHeight: height))
            _ = input.dispatch()
            return .success(input.touchscreens.sorted())
        } catch {
            return .failure(error)
        }
    }
}
