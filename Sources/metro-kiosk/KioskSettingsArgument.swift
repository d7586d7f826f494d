import ArgumentParser
import Foundation
import KioskCore
import LiveTimetable
import MetroMap
import Diagnostics

/// Loading the config and the map the way every subcommand that draws does, with errors an operator can act on.
enum KioskSettingsArgument {
    /// The config at `path`, or the defaults without one. Problems are printed as file:line:col and exit 78
    /// (EX_CONFIG), as check-config does.
    static func load(_ path: String?) throws -> KioskConfig {
        guard let path else { return KioskConfig() }
        do {
            return try KioskConfigLoader.load(contentsOf: path)
        } catch {
            FileHandle.standardError.write(Data((error.description + "\n").utf8))
            throw ExitCode(Sysexit.configError)
        }
    }

    /// `--map` wins over the config's `[map] file`; neither means the bundled demo.
    static func map(override: String?, settings: KioskConfig) throws -> MetroMap {
        do {
            return try MapSource.load(path: override ?? settings.map.file)
        } catch {
            FileHandle.standardError.write(Data((error.description + "\n").utf8))
            throw ExitCode(Sysexit.dataError)
        }
    }

    /// The config's `[network]` timetable and links (paths relative to the config file), nil when it names none; a
    /// problem is printed located and exits 65.
    static func timetable(_ settings: KioskConfig, configPath: String?, command: String) throws -> KioskTimetable? {
        var network = settings.network
        if let configPath {
            let directory = URL(fileURLWithPath: configPath).deletingLastPathComponent()
            network.timetable = network.timetable.map { $0.hasPrefix("/") ? $0 : directory.appendingPathComponent($0).path }
            network.links = network.links.map { $0.hasPrefix("/") ? $0 : directory.appendingPathComponent($0).path }
        }
        do {
            return try KioskTimetable.load(timetable: network.timetable, links: network.links)
        } catch {
            FileHandle.standardError.write(Data("\(command): \(error)\n".utf8))
            throw ExitCode(Sysexit.dataError)
        }
    }
}
