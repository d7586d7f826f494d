import ArgumentParser
import Foundation
import Network
import OutputFile
import Diagnostics

/// `metro-kiosk import-gtfs FEED.zip|DIR --out FILE`: compiles a GTFS feed into the timetable file the kiosk loads.
struct ImportGTFSCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "import-gtfs",
        abstract: "Compile a GTFS feed (zip read in place, or a folder) into a metro-kiosk timetable file.",
        discussion: """
        Rows the importer cannot use are listed on stderr as file:row:column: warning: ... and skipped (the first \
        \(FeedReport.maximumListed), then counts per file); the last line of stdout sums up what was compiled. \
        Exit status (sysexits): 0 done; 65 data error (a required file or column missing, no usable trip); 66 no \
        input (missing, not a zip, truncated); 73 the output cannot be created. --out is replaced atomically; a \
        device, FIFO or directory is refused.
        """
    )

    @Argument(help: "The GTFS feed: a .zip or a folder of .txt files.")
    var feed: String

    @Option(name: .long, help: "Where to write the compiled timetable.")
    var out: String

    func run() throws {
        let started = Date()
        let read: GTFSFeed
        do {
            read = try GTFSReader.read(path: feed)
        } catch {
            FileHandle.standardError.write(Data("\(error)\n".utf8))
            let unreadable = error.message.hasPrefix("no such file") || error.message.hasPrefix("not a readable zip")
                || error.message.contains("cannot be")
            throw ExitCode(unreadable ? Sysexit.noInput : .dataError)
        }
        for line in read.report.lines {
            FileHandle.standardError.write(Data("\(line)\n".utf8))
        }
        let timetable = TimetableCompiler.compile(read)
        let bytes = TimetableFile.encode(timetable)
        try OutputFailure.writing { () throws(OutputFileError) in try OutputFile.write(bytes, to: out) }
        let seconds = Date().timeIntervalSince(started)
        print("\(out): \(timetable.stops.count) stops, \(timetable.routes.count) routes, \(timetable.trips.count) trips, "
              + "\(timetable.stopTimeCount) stop times, \(timetable.patterns.count) patterns, \(timetable.footpaths.count) footpaths; "
              + "\(read.report.totalSkipped) rows skipped; \(bytes.count) bytes in \(String(format: "%.2f", seconds)) s")
    }
}
