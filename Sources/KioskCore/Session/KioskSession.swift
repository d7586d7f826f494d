import MetroMap

/// The config and map a running kiosk uses, and what a reload (SIGHUP) does with them: a new config is checked in
/// full, map included, before anything changes; a broken one is reported and the running one kept.
public final class KioskSession {
    public let configPath: String?
    public private(set) var config: KioskConfig
    public private(set) var map: MetroMap

    public enum ReloadOutcome: Equatable {
        case applied
        case unchanged
        case kept(problems: [String])
    }

    public struct StartError: Error, CustomStringConvertible {
        public var problems: [String]
        public var description: String { problems.joined(separator: "\n") }
    }

    public init(configPath: String?) throws(StartError) {
        self.configPath = configPath
        switch Self.load(configPath) {
        case let .success((config, map)):
            self.config = config
            self.map = map
        case let .failure(error):
            throw error
        }
    }

    /// Reads the config again; the caller rebuilds what depends on it only when this says `.applied`.
    public func reload() -> ReloadOutcome {
        switch Self.load(configPath) {
        case let .success((config, map)):
            guard config != self.config || map != self.map else { return .unchanged }
            self.config = config
            self.map = map
            return .applied
        case let .failure(error):
            return .kept(problems: error.problems)
        }
    }

    private static func load(_ path: String?) -> Result<(KioskConfig, MetroMap), StartError> {
        let config: KioskConfig
        do {
            config = try path.map { path throws(KioskConfigError) in try KioskConfigLoader.load(contentsOf: path) } ?? KioskConfig()
        } catch {
            return .failure(StartError(problems: error.diagnostics.map(\.description)))
        }
        do {
            return .success((config, try MapSource.load(path: config.map.file)))
        } catch {
            return .failure(StartError(problems: error.description.split(separator: "\n").map(String.init)))
        }
    }
}
