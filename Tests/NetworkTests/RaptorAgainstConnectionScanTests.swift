import Foundation
import Testing
import TestSupport
import ZIPFoundation
@testable import Network

/// RAPTOR checked against a plain Connection Scan (Dibbelt, Pajor, Strasser, Wagner, "Connection Scan Algorithm",
/// 2017) written here from the feed's own text files: its own zip reading, CSV splitting, calendar and transfer
/// rules, no code shared with the router or the timetable compiler. Feed: BART's static GTFS of 2019 (captured by
/// interline-io/transitland-lib for its tests; BART developer terms), on Wednesday 2019-08-07.
@Test func raptorMatchesConnectionScanOnBart() throws {
    let zip = RepositoryPaths.sharedData("gtfs/bart-2019/gtfs.zip")
    let scan = try ConnectionScan(zip: zip, date: "20190807", weekday: "wednesday")
    let timetable = TimetableCompiler.compile(try GTFSReader.read(path: zip.path))
    let day = ServiceDay(timetable: timetable, date: try #require(ServiceDate("20190807")))
    let router = Raptor(day: day)
    let stops = scan.stopIDs.sorted()
    var random = SeededRandom(seed: 20_190_807)
    var compared = 0, reached = 0
    for _ in 0..<60 {
        let from = stops[Int(random.next() % UInt64(stops.count))]
        var to = stops[Int(random.next() % UInt64(stops.count))]
        while to == from { to = stops[Int(random.next() % UInt64(stops.count))] }
        let time = Int32(5 * 3600 + Int(random.next() % UInt64(18 * 3600)))
        let expected = scan.earliestArrival(from: from, to: to, at: time)
        let found = router.earliestArrival(.init(from: [try #require(timetable.stopIndex(id: from))],
                                                 to: [try #require(timetable.stopIndex(id: to))], departure: time))
        #expect(found?.arrival == expected?.arrival, "\(from) → \(to) at \(GTFSTime.text(time))")
        if let found, let expected {
            #expect(found.transfers <= expected.transfers, "\(from) → \(to) at \(GTFSTime.text(time))")
            reached += 1
            // The journey itself holds together: each ride leaves after the one before arrived.
            var previous = time
            for ride in found.rides {
                #expect(ride.departure >= previous)
                #expect(ride.arrival >= ride.departure)
                previous = ride.arrival
            }
            #expect(previous == found.arrival)
        }
        compared += 1
    }
    #expect(compared == 60)
    #expect(reached >= 50)
}

/// splitmix64: a fixed sequence of queries on every run and platform.
struct SeededRandom {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

/// Earliest arrival with at most k trips, for k = 1, 2, …: one scan of the day's connections per k, boarding in
/// scan k only where scan k − 1 arrived in time (plus the stop's change time after a ride).
struct ConnectionScan {
    struct Connection { var from: String; var to: String; var departure: Int32; var arrival: Int32; var trip: String }
    var connections: [Connection] = []
    var changeSeconds: [String: Int32] = [:]
    var walks: [String: [(String, Int32)]] = [:]
    var stopIDs = Set<String>()
    // The same, numbered for the scan's arrays.
    struct Numbered { var from: Int; var to: Int; var departure: Int32; var arrival: Int32; var trip: Int }
    var numbered: [Numbered] = []
    var stopNumber: [String: Int] = [:]
    var tripCount = 0
    var changeNumbers: [Int32] = []
    var walkNumbers: [[(Int, Int32)]] = []

    init(zip feed: URL, date: String, weekday: String) throws {
        let archive = try Archive(url: feed, accessMode: .read)
        func rows(_ name: String) throws -> [[String: String]] {
            guard let entry = archive[name] else { return [] }
            var data = Data()
            _ = try archive.extract(entry) { data.append($0) }
            let lines = String(decoding: data, as: UTF8.self).split(whereSeparator: \.isNewline)
            let header = lines[0].split(separator: ",", omittingEmptySubsequences: false).map { String($0).trimmingCharacters(in: .whitespaces) }
            return lines.dropFirst().map { line in
                let fields = line.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
                return Dictionary(uniqueKeysWithValues: header.enumerated().map { ($1, $0 < fields.count ? fields[$0] : "") })
            }
        }
        func seconds(_ text: String) -> Int32 {
            let parts = text.split(separator: ":").compactMap { Int32($0) }
            return parts[0] * 3600 + parts[1] * 60 + parts[2]
        }
        // Services on the day, the day before (trips past midnight) and the day after, with their clock shifts.
        let dates = [(previousDate(date), "tuesday", Int32(-86_400)), (date, weekday, Int32(0)), (nextDate(date), "thursday", Int32(86_400))]
        var running: [String: [Int32]] = [:]
        for (day, name, shift) in dates {
            for row in try rows("calendar.txt") where row[name] == "1" && row["start_date"]! <= day && day <= row["end_date"]! {
                running[row["service_id"]!, default: []].append(shift)
            }
            for row in try rows("calendar_dates.txt") where row["date"] == day {
                if row["exception_type"] == "1" { running[row["service_id"]!, default: []].append(shift) }
                if row["exception_type"] == "2" { running[row["service_id"]!]?.removeAll { $0 == shift } }
            }
        }
        var tripShifts: [String: [Int32]] = [:]
        for row in try rows("trips.txt") { tripShifts[row["trip_id"]!] = running[row["service_id"]!] ?? [] }
        var byTrip: [String: [(Int, String, Int32, Int32)]] = [:]
        for row in try rows("stop_times.txt") {
            byTrip[row["trip_id"]!, default: []].append((Int(row["stop_sequence"]!)!, row["stop_id"]!,
                                                        seconds(row["arrival_time"]!), seconds(row["departure_time"]!)))
            stopIDs.insert(row["stop_id"]!)
        }
        for (trip, calls) in byTrip {
            let sorted = calls.sorted { $0.0 < $1.0 }
            for shift in tripShifts[trip] ?? [] {
                for (a, b) in zip(sorted, sorted.dropFirst()) {
                    connections.append(Connection(from: a.1, to: b.1, departure: a.3 + shift, arrival: b.2 + shift,
                                                  trip: trip + "/\(shift)"))
                }
            }
        }
        connections.sort { ($0.departure, $0.arrival) < ($1.departure, $1.arrival) }
        for row in try rows("transfers.txt") {
            let from = row["from_stop_id"]!, to = row["to_stop_id"]!
            let minimum = Int32(row["min_transfer_time"] ?? "") ?? 0
            if from == to {
                changeSeconds[from] = row["transfer_type"] == "3" ? 1 << 28 : (row["transfer_type"] == "2" ? minimum : 0)
            } else if row["transfer_type"] != "3" {
                walks[from, default: []].append((to, minimum))
            }
        }
        for (number, stop) in stopIDs.sorted().enumerated() { stopNumber[stop] = number }
        var tripNumber: [String: Int] = [:]
        for c in connections where tripNumber[c.trip] == nil { tripNumber[c.trip] = tripNumber.count }
        tripCount = tripNumber.count
        numbered = connections.map { Numbered(from: stopNumber[$0.from]!, to: stopNumber[$0.to]!, departure: $0.departure,
                                              arrival: $0.arrival, trip: tripNumber[$0.trip]!) }
        changeNumbers = stopIDs.sorted().map { changeSeconds[$0] ?? 0 }
        walkNumbers = stopIDs.sorted().map { stop in (walks[stop] ?? []).compactMap { to, s in stopNumber[to].map { ($0, s) } } }
    }

    /// The earliest arrival and the fewest trips minus one that reach it.
    func earliestArrival(from: String, to: String, at time: Int32) -> (arrival: Int32, transfers: Int)? {
        let never = Int32.max
        let origin = stopNumber[from]!, target = stopNumber[to]!
        var arrival = [Int32](repeating: never, count: stopNumber.count)
        arrival[origin] = time
        var ready = arrival
        for (stop, walk) in walkNumbers[origin] { arrival[stop] = min(arrival[stop], time + walk); ready[stop] = min(ready[stop], time + walk) }
        var best: (Int32, Int)? = arrival[target] < never ? (arrival[target], 0) : nil
        // Connections are sorted by departure: skip those before the query by bisection.
        var low = 0, high = numbered.count
        while low < high {
            let middle = (low + high) / 2
            if numbered[middle].departure < time { low = middle + 1 } else { high = middle }
        }
        for trips in 1...8 {
            var nextArrival = arrival, nextReady = ready
            var onTrip = [Bool](repeating: false, count: tripCount)
            var improved = false
            for c in numbered[low...] {
                if !onTrip[c.trip] {
                    guard ready[c.from] <= c.departure else { continue }
                    onTrip[c.trip] = true
                }
                let t = c.arrival
                if t < nextArrival[c.to] { nextArrival[c.to] = t; improved = true }
                let change = t + changeNumbers[c.to]
                if change < nextReady[c.to] { nextReady[c.to] = change; improved = true }
                for (stop, walk) in walkNumbers[c.to] {
                    if t + walk < nextArrival[stop] { nextArrival[stop] = t + walk; improved = true }
                    if t + walk < nextReady[stop] { nextReady[stop] = t + walk; improved = true }
                }
            }
            arrival = nextArrival
            ready = nextReady
            if arrival[target] < best?.0 ?? never { best = (arrival[target], trips - 1) }
            if !improved { break }
        }
        return best.map { (arrival: $0.0, transfers: $0.1) }
    }

    private func previousDate(_ date: String) -> String { shifted(date, by: -1) }
    private func nextDate(_ date: String) -> String { shifted(date, by: 1) }
    private func shifted(_ date: String, by days: Int) -> String {
        let formatter = DateFormatter()
        formatter.dateFormat = "yyyyMMdd"
        formatter.timeZone = TimeZone(identifier: "UTC")
        let day = formatter.date(from: date)!.addingTimeInterval(TimeInterval(days * 86_400))
        return formatter.string(from: day)
    }
}
