import ArgumentParser
import Foundation
import KioskCore
import MetroMap

/// Validates a config and the map it names before it goes on a kiosk: every problem as file:line:col.
struct CheckConfigCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "check-config",
        abstract: "Validate a kiosk config and the map it names.",
        discussion: """
            Exits 0 when both are valid, 78 (EX_CONFIG) with every problem listed as file:line:col: message. \
            Labels no configured font can draw ([text] fonts) are warnings at the name in the map file: exit 0, \
            or 78 with --strict.
            """)

    @Argument(help: "The config file (TOML).") var file: String
    @Flag(help: "Treat warnings (labels with characters no configured font has, fonts not installed) as errors.")
    var strict = false

    func run() throws {
        let settings: KioskConfig
        do {
            settings = try KioskConfigLoader.load(contentsOf: file)
        } catch {
            FileHandle.standardError.write(Data((error.description + "\n").utf8))
            throw ExitCode(78)
        }
        let map: MetroMap
        do {
            map = try MapSource.load(path: settings.map.file)
        } catch {
            FileHandle.standardError.write(Data((error.description + "\n").utf8))
            throw ExitCode(78)
        }
        var problems: [String] = []
        if let station = settings.map.youAreHere, map.station(id: station) == nil {
            problems.append("\(file): [map] you_are_here: no station '\(station)' in \(settings.map.file ?? "the bundled demo map")")
        }
        if let font = settings.map.font, !FileManager.default.isReadableFile(atPath: font) {
            problems.append("\(file): [map] font: cannot read '\(font)'")
        }
        var warnings: [String] = []
        do {
            let fonts = try settings.labelFonts()
            for name in fonts.unavailable {
                warnings.append("\(file): warning: [text] fonts: \"\(name)\" is not installed (fc-list lists what is)")
            }
            warnings += LabelGlyphCheck.missingGlyphs(in: map, mapFile: settings.map.file, languages: settings.map.languages,
                                                      primaryLanguage: settings.map.primaryLanguage,
                                                      fonts: fonts).map(\.description)
        } catch {
            problems.append("\(file): [text] fonts: \(error)")
        }
        let report = problems + warnings
        if !report.isEmpty { FileHandle.standardError.write(Data((report.joined(separator: "\n") + "\n").utf8)) }
        guard problems.isEmpty, !strict || warnings.isEmpty else { throw ExitCode(78) }
        print("\(file): \(warnings.isEmpty ? "ok" : "ok with \(warnings.count) warnings") (map \"\(map.name)\": \(map.lines.count) lines, \(map.stations.count) stations)")
    }
}
