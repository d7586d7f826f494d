import ArgumentParser
import Foundation
import KioskCore
import MetroMap

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
            throw ExitCode(78)
        }
    }

    /// `--map` wins over the config's `[map] file`; neither means the bundled demo.
    static func map(override: String?, settings: KioskConfig) throws -> MetroMap {
        do {
            return try MapSource.load(path: override ?? settings.map.file)
        } catch {
            FileHandle.standardError.write(Data((error.description + "\n").utf8))
            throw ExitCode(65)
        }
    }
}
