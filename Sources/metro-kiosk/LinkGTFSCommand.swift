import ArgumentParser
import Foundation
import KioskCore
import MetroMap
import Network
import OutputFile
import Diagnostics

/// `metro-kiosk link-gtfs --map MAP --timetable FILE --out LINKS.toml`: matches the scheme's stations to the
/// timetable's and writes the links with a report of what did not match.
struct LinkGTFSCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "link-gtfs",
        abstract: "Link a scheme's stations to a compiled timetable's stations (LINKS.toml).",
        discussion: """
        Names are normalised (accents, case, St./Street, Sq/Square, ordinals, line suffixes, platforms to their \
        station), then matched fuzzily, then checked by topology: neighbouring scheme stations must be called at one \
        after the other by some trip, and a scheme line most of whose hops fail is left unlinked. Links pinned in an \
        existing --out file (`pinned = true`) are kept. The report of what did not match goes to stderr and, as \
        comments, to the end of the file; stdout's last line gives the matched share. Exit 65 for a bad map, \
        timetable or links file; 73 when --out cannot be written.
        """
    )

    @Option(help: "Map file (TOML) or pMetro city folder.") var map: String
    @Option(help: "Compiled timetable (import-gtfs), or a GTFS feed folder or zip.") var timetable: String
    @Option(help: "Where to write the links (TOML); pinned links already there are kept.") var out: String

    func run() throws {
        let metroMap = try KioskSettingsArgument.map(override: map, settings: KioskConfig())
        let compiled: Timetable
        do {
            compiled = try TimetableSource.load(path: timetable)
        } catch {
            FileHandle.standardError.write(Data("\(error)\n".utf8))
            throw ExitCode(Sysexit.dataError)
        }
        var pinned: [StationLinker.Link] = []
        if FileManager.default.fileExists(atPath: out) {
            let existing = LinksFile.read(path: out)
            guard existing.problems.isEmpty else {
                for problem in existing.problems { FileHandle.standardError.write(Data("\(problem)\n".utf8)) }
                throw ExitCode(Sysexit.dataError)
            }
            pinned = existing.entries.filter(\.pinned).map { StationLinker.Link(station: $0.station, stop: $0.stop, similarity: 1) }
        }
        let result = StationLinker.link(map: metroMap, timetable: compiled, pinned: pinned)
        for line in result.report { FileHandle.standardError.write(Data("\(metroMap.name): \(line)\n".utf8)) }
        let share = String(format: "%.1f", result.matchedShare * 100)
        let summary = "\(result.links.count) of \(metroMap.stations.count) scheme stations linked; "
            + "\(result.linkedTimetableStations) of \(result.timetableStations) timetable stations (\(share) %)"
        let text = LinksFile.text(links: result.links, pinned: Set(pinned.map(\.station)), report: result.report,
                                  header: "map: \(metroMap.name); timetable: \(compiled.agencyName)\n\(summary)")
        try OutputFailure.writing { () throws(OutputFileError) in try OutputFile.write(text: text, to: out) }
        print("\(out): \(summary)")
    }
}
