import Foundation
import TestSupport

/// BART's static timetable of 2019 (../shared/data/gtfs/bart-2019/gtfs.zip, BART's developer terms), read with
/// `unzip -p` into memory: the calls the realtime captures of 2019-08-07 move, for the prediction tests.
enum BARTTimetable {
    static var zip: String { RepositoryPaths.sharedData("gtfs/bart-2019/gtfs.zip").path }

    static func member(_ name: String) throws -> [[String]] {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/unzip")
        process.arguments = ["-p", zip, name]
        let pipe = Pipe()
        process.standardOutput = pipe
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let text = String(decoding: data, as: UTF8.self)
        return text.split(whereSeparator: \.isNewline).dropFirst().map { $0.split(separator: ",", omittingEmptySubsequences: false).map(String.init) }
    }

    struct Call {
        var tripID: String
        var stopID: String
        var stopSequence: Int
        /// POSIX seconds on 2019-08-07, Pacific Daylight Time (UTC−7), the captures' service day.
        var departureSeconds: Int64
    }

    /// stop_times.txt on 2019-08-07: departure_time "HH:MM:SS" from local midnight (service-day noon − 12 h is
    /// midnight on a day without a DST change).
    static func calls() throws -> [Call] {
        let midnight: Int64 = 1_565_161_200 // 2019-08-07 00:00 PDT
        return try member("stop_times.txt").compactMap { row in
            guard row.count >= 5, let sequence = Int(row[4]) else { return nil }
            let parts = row[2].split(separator: ":").compactMap { Int64($0) }
            guard parts.count == 3 else { return nil }
            return Call(tripID: row[0], stopID: row[3], stopSequence: sequence,
                        departureSeconds: midnight + parts[0] * 3600 + parts[1] * 60 + parts[2])
        }
    }

    /// stops.txt: stop_id → stop_name, standing in for the timetable's links to scheme stations.
    static func stopNames() throws -> [String: String] {
        Dictionary(try member("stops.txt").compactMap { row in row.count >= 2 ? (row[0], row[1]) : nil },
                   uniquingKeysWith: { first, _ in first })
    }
}
