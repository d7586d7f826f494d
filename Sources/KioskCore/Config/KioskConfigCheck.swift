import Foundation
import OutputFile
import MetroMap
import Network
import Raster
import TOMLDocument

/// The one set of rules a config must pass, applied the same way by `check-config`, at kiosk start and on a
/// reload (SIGHUP): the config's own keys, then what it names (the map file, the station `you_are_here`, the
/// font), each problem with a location and all of them in one run. A problem with a file the config names is
/// reported at the config line that names it; problems inside the map are reported in the map.
public enum KioskConfigCheck {
    /// The config and map to run with, or every problem found.
    /// `previous`: the map the kiosk runs with, kept when its file did not change (a reload).
    public static func load(configPath: String?, previous: LoadedMap? = nil)
        -> Result<(config: KioskConfig, map: MetroMap), KioskConfigError> {
        guard let configPath else {
            do {
                if let kept = previous?.reused(for: nil) { return .success((KioskConfig(), kept)) }
                return .success((KioskConfig(), try MapSource.load(path: nil)))
            } catch {
                return .failure(KioskConfigError(diagnostics: error.diagnostics))
            }
        }
        let data: [UInt8]
        switch InputFile.read(configPath) {
        case let .success(read): data = read
        case let .failure(error):
            return .failure(KioskConfigError(diagnostics: [Diagnostic(file: configPath, line: 0,
                                                                      message: "cannot read config file: \(error.reason)")]))
        }
        let text: String
        switch SourceText.decode(data, file: configPath) {
        case .success(let decoded): text = decoded
        case .failure(let diagnostic): return .failure(KioskConfigError(diagnostics: [diagnostic]))
        }
        let reading = KioskConfigLoader.read(text: text, fileName: configPath)
        var config = reading.config
        var diagnostics = reading.diagnostics
        // A TOML syntax error leaves nothing trustworthy to follow.
        guard let locator = reading.locator else { return .failure(KioskConfigError(diagnostics: diagnostics)) }
        if let file = config.map.file, !file.hasPrefix("/") {
            config.map.file = URL(fileURLWithPath: configPath).deletingLastPathComponent().appendingPathComponent(file).path
        }
        let directory = URL(fileURLWithPath: configPath).deletingLastPathComponent()
        for key in [\KioskConfig.NetworkSettings.timetable, \KioskConfig.NetworkSettings.links] {
            if let file = config.network[keyPath: key], !file.hasPrefix("/") {
                config.network[keyPath: key] = directory.appendingPathComponent(file).path
            }
        }
        func at(_ key: String) -> SourcePosition {
            locator.valuePosition(of: key) ?? locator.bestPosition(for: key)
        }

        var map: MetroMap?
        do {
            if let kept = previous?.reused(for: config.map.file) {
                map = kept
            } else {
                map = try MapSource.load(path: config.map.file)
            }
        } catch {
            var isFolder: ObjCBool = false
            if let file = config.map.file, !FileManager.default.fileExists(atPath: file, isDirectory: &isFolder) {
                diagnostics.append(Diagnostic(file: configPath, position: at("map.file"),
                                              message: "[map] file: no such file or folder '\(TOMLText.excerpt(file))'"))
            } else if let file = config.map.file, isFolder.boolValue || error.diagnostics.allSatisfy({ $0.position.line == 0 }) {
                // A folder that is no pMetro city, or a file that cannot be read: nothing inside to point at, so the
                // config's line that names it.
                let why = error.diagnostics.map { TOMLText.excerpt($0.message, limit: 200) }.joined(separator: "; ")
                diagnostics.append(Diagnostic(file: configPath, position: at("map.file"),
                                              message: "[map] file: '\(TOMLText.excerpt(file))': " + why))
            } else {
                diagnostics += error.diagnostics
            }
        }
        if let station = config.map.youAreHere, let map, YouAreHerePlace(naming: station, in: map) == nil {
            diagnostics.append(Diagnostic(file: configPath, position: at("map.you_are_here"),
                                          message: "[map] you_are_here: no station \"\(TOMLText.excerpt(station))\" in "
                                              + (config.map.file ?? "the bundled demo map")))
        }
        var fontReported = false
        if let font = config.map.font {
            do {
                _ = try Font(path: font)
            } catch {
                fontReported = true
                diagnostics.append(Diagnostic(file: configPath, position: at("map.font"),
                                              message: "[map] font: cannot use '\(TOMLText.excerpt(font))': \(error)"))
            }
        }
        if !fontReported {
            do {
                _ = try config.labelFonts()
            } catch {
                diagnostics.append(Diagnostic(file: configPath, position: at("text.fonts"), message: "[text] fonts: \(error)"))
            }
        }
        diagnostics += statusTargetProblems(config.status, file: configPath, at: at)
        if let map { diagnostics += networkProblems(config.network, map: map, configPath: configPath, at: at) }
        let errors = diagnostics.filter { $0.severity == .error }
        guard errors.isEmpty, let map else { return .failure(KioskConfigError(diagnostics: diagnostics)) }
        return .success((config, map))
    }

    /// `[status]`: the files the service will write must be what `OutputFile` writes (a new name or a regular file;
    /// a device, FIFO, directory, socket or symlink loop is refused at run time, so it is refused here first), and
    /// the socket's path must fit a socket address and name nothing but a socket the service may replace.
    static func statusTargetProblems(_ status: KioskConfig.StatusSettings, file: String,
                                     at position: (String) -> SourcePosition) -> [Diagnostic] {
        var problems: [Diagnostic] = []
        for (key, path) in [("file", status.file), ("prometheus_file", status.prometheusFile)] {
            guard let path else { continue }
            do throws(OutputFileError) {
                try OutputFile.check(path)
            } catch {
                let reason = switch error {
                case let .notARegularFile(_, kind): "it is \(kind), not a regular file the service could replace"
                case .danglingSymlink: "it is a symlink to a missing file"
                case let .systemError(_, operation, code): "\(operation): \(String(cString: strerror(code)))"
                }
                problems.append(Diagnostic(file: file, position: position("status." + key),
                                           message: "[status] \(key): '\(TOMLText.excerpt(path))': \(reason)"))
            }
        }
        if let path = status.socket {
            var info = stat()
            if !UnixSocketPath.fits(path) {
                problems.append(Diagnostic(file: file, position: position("status.socket"),
                                           message: "[status] socket: \(UnixSocketPath.tooLongMessage(path))"))
            } else if lstat(path, &info) == 0, info.st_mode & S_IFMT != S_IFSOCK {
                problems.append(Diagnostic(file: file, position: position("status.socket"),
                                           message: "[status] socket: '\(TOMLText.excerpt(path))' exists and is not a socket; "
                                               + "the service would not replace it"))
            }
        }
        return problems
    }

    /// `[network]`: the timetable must load (format, checksum, ranges) and the links must name stations of the map
    /// and stops of the timetable; problems in the links file are located there, the rest at the config's key.
    static func networkProblems(_ network: KioskConfig.NetworkSettings, map: MetroMap, configPath: String,
                                at: (String) -> SourcePosition) -> [Diagnostic] {
        var problems: [Diagnostic] = []
        switch (network.timetable, network.links) {
        case (nil, nil): return []
        case (.some, nil):
            return [Diagnostic(file: configPath, position: at("network.timetable"),
                               message: "[network] timetable needs links (metro-kiosk link-gtfs writes them)")]
        case (nil, .some):
            return [Diagnostic(file: configPath, position: at("network.links"),
                               message: "[network] links needs a timetable (metro-kiosk import-gtfs compiles one)")]
        case (.some(let timetablePath), .some(let linksPath)):
            var timetable: Timetable?
            do {
                timetable = try TimetableSource.load(path: timetablePath)
            } catch {
                problems.append(Diagnostic(file: configPath, position: at("network.timetable"),
                                           message: "[network] timetable: \(error.description)"))
            }
            guard FileManager.default.fileExists(atPath: linksPath) else {
                return problems + [Diagnostic(file: configPath, position: at("network.links"),
                                              message: "[network] links: no such file '\(TOMLText.excerpt(linksPath))'")]
            }
            let contents = LinksFile.read(path: linksPath)
            problems += contents.problems
            problems += LinksFile.problems(in: contents.entries, file: linksPath, map: map, timetable: timetable)
            return problems
        }
    }
}
