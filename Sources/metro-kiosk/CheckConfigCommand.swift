import ArgumentParser
import Foundation
import KioskCore
import MetroMap

/// Validates a config and the map it names before it goes on a kiosk: every problem as file:line:col.
struct CheckConfigCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "check-config",
        abstract: "Validate a kiosk config and the map it names.",
        discussion: "Exits 0 when both are valid, 78 (EX_CONFIG) with every problem listed as file:line:col: message.")

    @Argument(help: "The config file (TOML).") var file: String

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
        guard problems.isEmpty else {
            FileHandle.standardError.write(Data((problems.joined(separator: "\n") + "\n").utf8))
            throw ExitCode(78)
        }
        print("\(file): ok (map \"\(map.name)\": \(map.lines.count) lines, \(map.stations.count) stations)")
    }
}
