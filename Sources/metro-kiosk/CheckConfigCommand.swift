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

    /// Exactly the rules a kiosk applies at start and on SIGHUP (`KioskConfigCheck`): every problem in one run.
    func run() throws {
        switch KioskConfigCheck.load(configPath: file) {
        case let .success((_, map)):
            print("\(file): ok (map \"\(map.name)\": \(map.lines.count) lines, \(map.stations.count) stations)")
        case let .failure(error):
            FileHandle.standardError.write(Data((error.description + "\n").utf8))
            throw ExitCode(78)
        }
    }
}
