import Foundation
import KioskCore

/// Reloads (SIGHUP) of a map that changed each time, as a kiosk whose map is updated in place lives them for months
/// (issue 35): every reload parses the config and the map again. It reports the resident memory after a warm-up and
/// at the end, so a leak per parse shows as growth (about 65 KB a reload of the demo city through TOMLKit, which
/// freed neither its documents nor the C copy of each value read; none since TOMLDocument).
public enum ReloadSoak {
    public struct Report: Codable, Sendable {
        public var reloads: Int
        public var applied: Int
        public var residentAfterWarmUpBytes: Int
        public var residentAtEndBytes: Int
        public var residentGrowthBytes: Int
        public var seconds: Double
    }

    /// `mapText`: the map file's text (its `name` line is numbered anew before each reload, so every reload
    /// parses and applies a changed map); `directory`: where the config and the map are written.
    public static func run(reloads: Int, warmUp: Int = 50, mapText: String, directory: String) throws -> Report {
        let began = Date()
        let configPath = URL(fileURLWithPath: directory).appendingPathComponent("kiosk.toml").path
        let mapPath = URL(fileURLWithPath: directory).appendingPathComponent("map.toml").path
        try "[map]\nfile = \"map.toml\"\n".write(toFile: configPath, atomically: true, encoding: .utf8)
        try numbered(mapText, 0).write(toFile: mapPath, atomically: true, encoding: .utf8)
        let session = try KioskSession(configPath: configPath)
        var applied = 0
        var warm = ResidentMemory.bytes() ?? 0
        // A short run warms up for a quarter of it: allocator arenas and caches settle in the first reloads.
        let warmUp = min(warmUp, reloads / 4)
        for reload in 1...max(1, reloads) {
            try numbered(mapText, reload).write(toFile: mapPath, atomically: true, encoding: .utf8)
            switch session.reload() {
            case .applied: applied += 1
            case .unchanged: break
            case let .kept(problems): throw SoakError(problems: problems)
            }
            if reload == warmUp { warm = ResidentMemory.bytes() ?? 0 }
        }
        let atEnd = ResidentMemory.bytes() ?? 0
        return Report(reloads: max(1, reloads), applied: applied, residentAfterWarmUpBytes: warm, residentAtEndBytes: atEnd,
                      residentGrowthBytes: atEnd - warm, seconds: Date().timeIntervalSince(began))
    }

    /// The map's first `name = "…"` line with the reload's number appended: a new map to the session each time.
    static func numbered(_ text: String, _ number: Int) -> String {
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        if let index = lines.firstIndex(where: { $0.hasPrefix("name = \"") && $0.hasSuffix("\"") }) {
            lines[index] = String(lines[index].dropLast()) + " \(number)\""
        }
        return lines.joined(separator: "\n")
    }

    /// A reload refused the changed map: the soak measures nothing then.
    public struct SoakError: Error, CustomStringConvertible {
        public var problems: [String]
        public var description: String { "a reload kept the old map: " + problems.joined(separator: "; ") }
    }
}
