import LiveTimetable
import MetroMap

/// The config and map a running kiosk uses, and what a reload (SIGHUP) does with them: a new config is checked in
/// full, map included, before anything changes; a broken one is reported and the running one kept.
public final class KioskSession {
    public let configPath: String?
    public private(set) var config: KioskConfig
    public private(set) var map: MetroMap
    /// The real timetable of `[network]` with its links, nil without one; kept through a reload whose timetable
    /// and links files did not change, replaced when they did, and kept when the new ones fail to load.
    public private(set) var timetable: KioskTimetable?
    /// The map with what it was read from, so a reload can keep it when its file did not change.
    private var loaded: LoadedMap?

    public enum ReloadOutcome: Equatable {
        case applied
        case unchanged
        case kept(problems: [String])
    }

    /// Every problem that kept the config from being used, typed and located; `problems` is their printed form
    /// for the error panel and the journal.
    public struct StartError: Error, CustomStringConvertible {
        public var diagnostics: [Diagnostic]
        public var problems: [String] { diagnostics.map(\.description) }
        public var description: String { problems.joined(separator: "\n") }
    }

    public init(configPath: String?) throws(StartError) {
        self.configPath = configPath
        switch Self.load(configPath) {
        case let .success((config, map)):
            self.config = config
            self.map = map
            loaded = LoadedMap(path: config.map.file, map: map)
            timetable = try Self.timetable(of: config.network)
        case let .failure(error):
            throw error
        }
    }

    /// Reads the config again; the caller rebuilds what depends on it only when this says `.applied`.
    public func reload() -> ReloadOutcome {
        switch Self.load(configPath, previous: loaded) {
        case let .success((config, map)):
            var timetable = self.timetable
            let network = config.network
            if network != self.config.network
                || !(timetable?.isCurrent(timetable: network.timetable, links: network.links) ?? (network.timetable == nil)) {
                do {
                    timetable = try Self.timetable(of: network)
                } catch {
                    // The files changed between the check and this read: the running timetable stays.
                    return .kept(problems: error.problems)
                }
            }
            guard config != self.config || map != self.map || timetable !== self.timetable else { return .unchanged }
            self.config = config
            self.map = map
            self.timetable = timetable
            loaded = LoadedMap(path: config.map.file, map: map)
            return .applied
        case let .failure(error):
            return .kept(problems: error.problems)
        }
    }

    /// The timetable and links `network` names, nil when it names none; a problem is the start's.
    private static func timetable(of network: KioskConfig.NetworkSettings) throws(StartError) -> KioskTimetable? {
        do {
            return try KioskTimetable.load(timetable: network.timetable, links: network.links)
        } catch {
            throw StartError(diagnostics: error.diagnostics)
        }
    }

    /// The same rules as `check-config` (`KioskConfigCheck`), so a config that passes there is what a reload
    /// applies, and one that fails there is what a reload keeps the old config for.
    private static func load(_ path: String?, previous: LoadedMap? = nil) -> Result<(KioskConfig, MetroMap), StartError> {
        switch KioskConfigCheck.load(configPath: path, previous: previous) {
        case let .success(loaded): return .success((loaded.config, loaded.map))
        case let .failure(error): return .failure(StartError(diagnostics: error.diagnostics))
        }
    }
}
