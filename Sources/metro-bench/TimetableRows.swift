import Foundation
import Network

/// The timetable's rows: importing a real feed (time, and the compiled file's size in the name), loading the
/// compiled file as the kiosk does at start, RAPTOR queries between random stations (median and 95th percentile
/// of a fixed-seed set), and building a station's departure board (what the card refreshes each second).
enum TimetableRows {
    static func run(feed: String, name: String, date: ServiceDate, queries: Int = 200) throws -> [BenchmarkRow] {
        var rows: [BenchmarkRow] = []
        let started = Date()
        let timetable = TimetableCompiler.compile(try GTFSReader.read(path: feed))
        let importMs = Date().timeIntervalSince(started) * 1000
        let bytes = TimetableFile.encode(timetable)
        rows.append(BenchmarkRow(name: "import-gtfs \(name) (\(timetable.stopTimeCount) stop times, \(bytes.count / 1024) KiB)",
                                 oursMilliseconds: importMs, peerMilliseconds: nil))
        let loadStarted = Date()
        _ = try TimetableFile.decode(bytes, file: name)
        rows.append(BenchmarkRow(name: "timetable load \(name)", oursMilliseconds: Date().timeIntervalSince(loadStarted) * 1000,
                                 peerMilliseconds: nil))
        let day = ServiceDay(timetable: timetable, date: date)
        let router = Raptor(day: day)
        var served = Set<Int32>()
        for stop in timetable.patternStops { served.insert(timetable.station(of: stop)) }
        let stations = served.sorted()
        // splitmix64: the same queries on every run.
        var state: UInt64 = 31
        func next() -> Int {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return Int((z ^ (z >> 31)) >> 1)
        }
        var times: [Double] = []
        for _ in 0..<queries {
            let from = stations[next() % stations.count], to = stations[next() % stations.count]
            let departure = Int32(6 * 3600 + next() % (16 * 3600))
            let query = Raptor.Query(from: timetable.boardingStops(of: from), to: timetable.boardingStops(of: to), departure: departure)
            let t0 = Date()
            _ = router.earliestArrival(query)
            times.append(Date().timeIntervalSince(t0) * 1000)
        }
        times.sort()
        rows.append(BenchmarkRow(name: "raptor \(name) p50 (\(queries) queries)", oursMilliseconds: times[times.count / 2], peerMilliseconds: nil))
        rows.append(BenchmarkRow(name: "raptor \(name) p95 (\(queries) queries)", oursMilliseconds: times[times.count * 95 / 100], peerMilliseconds: nil))
        var boardTimes: [Double] = []
        for station in stations.prefix(50) {
            let t0 = Date()
            _ = DepartureBoard(day: day, station: station, now: 8 * 3600)
            boardTimes.append(Date().timeIntervalSince(t0) * 1000)
        }
        boardTimes.sort()
        rows.append(BenchmarkRow(name: "departure board \(name) p50", oursMilliseconds: boardTimes[boardTimes.count / 2], peerMilliseconds: nil))
        return rows
    }
}
