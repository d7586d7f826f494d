import Foundation
import MetroMap
import Platform
import StationSearch

/// Station search per keystroke on a real scheme (Moscow's, the largest shared one): for every place's shown name,
/// each prefix of one to six letters asked of the index as the sheet asks it after a key's lift (the best 8 rows,
/// from scratch each time). The frame after the lift must hold the results, so p95 is set beside the 16.7 ms frame.
enum SearchKeystrokeRow {
    static func run(directory: String, name: String) throws -> BenchmarkRow {
        let map = try PMetroImporter.importCity(directory: directory).map
        let built = MonotonicClock.nowMicroseconds()
        let search = StationSearch(map: map, language: nil)
        let buildMilliseconds = Double(MonotonicClock.nowMicroseconds() - built) / 1000
        var times: [Double] = []
        for place in search.places {
            let letters = Array(place.names[0])
            for length in 1...min(6, letters.count) {
                let query = String(letters[..<length])
                let start = MonotonicClock.nowMicroseconds()
                let found = search.results(for: query, limit: 8)
                times.append(Double(MonotonicClock.nowMicroseconds() - start) / 1000)
                // Kept, so the search is not optimised away.
                if found.count > 8 { print(found.count) }
            }
        }
        times.sort()
        func percentile(_ p: Double) -> Double { times.isEmpty ? .nan : times[min(times.count - 1, Int(Double(times.count) * p))] }
        let label = "search per keystroke \(name) (\(search.places.count) places, \(times.count) queries; p95 "
            + String(format: "%.2f", percentile(0.95)) + " ms; index built in " + String(format: "%.0f", buildMilliseconds) + " ms)"
        return BenchmarkRow(name: label, oursMilliseconds: percentile(0.5), peerMilliseconds: nil)
    }
}
