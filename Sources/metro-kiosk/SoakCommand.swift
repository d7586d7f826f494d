import ArgumentParser
import Foundation
import KioskService
import JSONText

/// The soak test's own process (tests run it so that nothing else moves the resident memory it measures).
struct SoakCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "soak",
        abstract: "Live a simulated day of the kiosk service headless and print the report (JSON).",
        discussion: """
            Random gestures, idle periods, the screen schedule and a reload every simulated hour through the real \
            loop on the headless output and a simulated clock. For tests and development.
            """,
        shouldDisplay: false)

    @Option(help: "Simulated hours.") var hours: Double = 24
    @Option(help: "Seed of the random day.") var seed: UInt64 = 19
    @Option(help: "Folder for the config and status files (created).") var directory: String
    @Option(help: "Unix time the simulated day starts at (default 2026-03-28 11:00 UTC).") var start: Double = 1_774_695_600
    @Option(help: "Instead of the day: this many reloads of a map file changed before each (TOML parser leaks).")
    var reloads: Int?
    @Option(help: "With --reloads: the map file reloaded (its name line is numbered anew each time).")
    var map: String?

    /// A NaN or huge --hours or --start trapped converting to microseconds (issue 38): a year of simulated time,
    /// and a start between 1970 and 2100, keep every product inside Int64.
    func validate() throws {
        if let reloads, !(1...100_000).contains(reloads) {
            throw ValidationError("--reloads must be from 1 to 100000, found \(reloads)")
        }
        guard hours.isFinite, hours > 0, hours <= 8_760 else {
            throw ValidationError("--hours must be more than 0 and at most 8760 (a year), found \(hours)")
        }
        guard start.isFinite, start >= 0, start <= 4_102_444_800 else {
            throw ValidationError("--start must be a Unix time from 0 to 4102444800 (the year 2100), found \(start)")
        }
    }

    func run() throws {
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        let writer = JSONWriter([.prettyPrinted, .sortedKeys, .escapingSlashes])
        let json: String
        if let reloads {
            guard let map, let text = try? String(contentsOfFile: map, encoding: .utf8) else {
                throw ValidationError("--reloads needs --map, a readable map file (TOML)")
            }
            json = try writer.text(encoding: try ReloadSoak.run(reloads: reloads, mapText: text, directory: directory))
        } else {
            // The schedule is read in the system's time zone (TZ), as the service reads it.
            json = try writer.text(encoding: try ServiceSoak.run(hours: hours, seed: seed, directory: directory, wallStartSeconds: start))
        }
        FileHandle.standardOutput.write(Data((json + "\n").utf8))
    }
}
