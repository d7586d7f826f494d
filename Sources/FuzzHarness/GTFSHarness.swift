import Foundation
import Network

/// A GTFS feed as one blob: a zip archive (bytes starting `PK`), written to a scratch file and read as a `.zip`
/// feed is, or text files each introduced by a line `@@NAME.txt@@`. (ZIPFoundation's in-memory archives trap on a
/// central directory pointing past the end, its file-backed ones report it: the kiosk reads files, so the harness
/// does too.) What reads is compiled, written to the timetable format, read back and
/// searched once, so the compiler, the file's validation and RAPTOR see whatever the reader lets through.
enum GTFSHarness {
    static func unpack(_ bytes: [UInt8]) -> [String: [UInt8]] {
        var files: [String: [UInt8]] = [:]
        var name: String?
        var current: [UInt8] = []
        var lineStart = 0
        func finish() { if let name { files[name] = current } }
        while lineStart < bytes.count {
            var lineEnd = lineStart
            while lineEnd < bytes.count, bytes[lineEnd] != 0x0A { lineEnd += 1 }
            let line = bytes[lineStart..<lineEnd]
            if line.count > 4, line.starts(with: [0x40, 0x40]), line.reversed().starts(with: [0x40, 0x40]) {
                finish()
                name = String(decoding: line.dropFirst(2).dropLast(2), as: UTF8.self)
                current = []
            } else {
                current.append(contentsOf: line)
                if lineEnd < bytes.count { current.append(0x0A) }
            }
            lineStart = lineEnd + 1
        }
        finish()
        return files
    }

    static func pack(_ files: [(String, String)]) -> [UInt8] {
        files.flatMap { Array("@@\($0.0)@@\n".utf8) + Array($0.1.utf8) }
    }

    static func run(_ bytes: [UInt8]) {
        let source: GTFSSource
        if bytes.starts(with: [0x50, 0x4B]) {
            let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("metro-fuzz-gtfs-\(getpid()).zip")
            defer { try? FileManager.default.removeItem(at: scratch) }
            guard (try? Data(bytes).write(to: scratch)) != nil,
                  let zip = try? GTFSSource(path: scratch.path) else { return }
            source = zip
        } else {
            source = GTFSSource(name: "fuzz", files: unpack(bytes))
        }
        guard let feed = try? GTFSReader.read(source) else { return }
        let timetable = TimetableCompiler.compile(feed)
        guard let loaded = try? TimetableFile.decode(TimetableFile.encode(timetable), file: "fuzz.mktt"),
              let first = loaded.patternStops.first, let last = loaded.patternStops.last,
              let date = loaded.services.first.map({ ServiceDate(dayNumber: max($0.start, $0.added.first ?? $0.start)) })
        else { return }
        let day = ServiceDay(timetable: loaded, date: date)
        _ = Raptor(day: day).earliestArrival(.init(from: [first], to: [last], departure: 0))
        _ = DepartureBoard(day: day, station: first, now: 0)
    }
}
