import ArgumentParser
import Cartography
import Foundation
import KioskCore
import MetroMap
import Platform
import Raster
import Diagnostics
import TOMLDocument

/// Validates a config and the map it names before it goes on a kiosk: every problem as file:line:col.
struct CheckConfigCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "check-config",
        abstract: "Validate a kiosk config and the map it names.",
        discussion: """
            Exits 0 when both are valid, 78 (EX_CONFIG) with every problem listed as file:line:col: message. \
            Labels no configured font can draw ([text] fonts) and an [audio] device ALSA does not define are warnings at the name in the map file: exit 0, \
            or 78 with --strict.
            """)

    @Argument(help: "The config file (TOML).") var file: String
    @Flag(help: "Treat warnings (labels with characters no configured font has, fonts not installed, an ALSA device not defined) as errors.")
    var strict = false

    /// Exactly the rules a kiosk applies at start and on SIGHUP (`KioskConfigCheck`): every problem in one run.
    /// Then the warnings a kiosk runs with anyway (fonts not installed, labels no font draws).
    func run() throws {
        let settings: KioskConfig, map: MetroMap
        switch KioskConfigCheck.load(configPath: file) {
        case let .success(loaded):
            (settings, map) = loaded
        case let .failure(error):
            FileHandle.standardError.write(Data((error.description + "\n").utf8))
            throw ExitCode(Sysexit.configError)
        }
        var warnings: [String] = []
        // Each warning at the name in the config, as every error is (--strict turns them into errors).
        let locator = (try? InputFile.read(file).get()).map { TOMLSourceLocator(text: String(decoding: $0, as: UTF8.self)) }
        if let fonts = try? settings.labelFonts() {
            let literals = locator?.stringLiteralPositions(inValueOf: "text.fonts") ?? [:]
            for name in fonts.unavailable {
                let position = literals[name]?.first ?? locator?.bestPosition(for: "text.fonts") ?? SourcePosition(line: 1, column: 1)
                let quoted = "\"\(TOMLText.excerpt(name))\""
                var why = "\(quoted) is not installed (fc-list lists what is)"
                if name.contains("/") {
                    do {
                        _ = try Font(path: name)
                    } catch .fileNotFound {
                        why = "\(quoted): no such font file"
                    } catch {
                        why = "\(quoted) cannot be used: " + TOMLText.excerpt(error.description, limit: 200)
                    }
                }
                warnings.append("\(file):\(position.line):\(position.column): warning: [text] fonts: " + why)
            }
            warnings += LabelGlyphCheck.missingGlyphs(in: map, mapFile: settings.map.file, languages: settings.map.languages,
                                                      primaryLanguage: settings.map.primaryLanguage,
                                                      fonts: fonts).map(\.description)
        }
        // A device name ALSA would not understand leaves the kiosk silent (it runs on, and says so in its status):
        // a warning here, at the name, rather than a surprise at the first key.
        if let problem = ALSADeviceName.problem(with: settings.audio.device) {
            let position = locator?.bestPosition(for: "audio.device") ?? SourcePosition(line: 1, column: 1)
            warnings.append("\(file):\(position.line):\(position.column): warning: [audio] device: \(problem); "
                            + "the kiosk would speak silently")
        }
        if !warnings.isEmpty { FileHandle.standardError.write(Data((warnings.joined(separator: "\n") + "\n").utf8)) }
        guard !strict || warnings.isEmpty else { throw ExitCode(Sysexit.configError) }
        print("\(file): \(warnings.isEmpty ? "ok" : "ok with \(warnings.count) warnings") (map \"\(map.name)\": \(map.lines.count) lines, \(map.stations.count) stations)")
    }
}
