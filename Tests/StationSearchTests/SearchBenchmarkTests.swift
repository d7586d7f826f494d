import Foundation
import MetroMap
import Testing
import TestSupport
@testable import StationSearch

/// The issue's proof: in every shared city, how many letters a traveller types before the station they want is
/// among the first eight results, starting from any word of any of its names; and whether the same typing with one
/// letter wrong still finds it after five letters.
@Suite struct SearchBenchmarkTests {
    static let cities: [String] = {
        let folder = RepositoryPaths.sharedData("maps")
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        return names.filter { $0.hasPrefix("pmetro-") }.sorted()
    }()

    /// What a kiosk shows: eight rows.
    static let shownRows = 8

    @Test func everySharedCityIsBenchmarked() {
        #expect(Self.cities.count >= 10, "shared maps missing from \(RepositoryPaths.sharedData("maps").path)")
    }

    @Test(arguments: cities)
    func fewLettersFindEveryStation(city: String) throws {
        let map = try PMetroImporter.importCity(directory: RepositoryPaths.sharedData("maps/\(city)").path).map
        let search = StationSearch(map: map, language: nil)
        var letters: [Int] = []
        var neverFound: [String] = []
        var typoTried = 0
        var typoFound = 0
        var typoMissed: [String] = []
        var typoAmbiguous = 0
        var fromFirstWord: [Int] = []
        for place in search.places {
            for (nameIndex, name) in place.names.enumerated() {
                let folded = SearchText.fold(name)
                guard !folded.isEmpty else { continue }
                // The fewest letters from the start of any word of the name.
                var fewest: Int?
                for (wordIndex, start) in SearchText.wordStarts(folded).enumerated() {
                    let text = folded[start...]
                    for count in 1...text.count where count < (fewest ?? .max) {
                        if found(place, typing: text.prefix(count), in: search) { fewest = count; break }
                    }
                    // The first word alone, reported beside (the floors are for any word).
                    if wordIndex == 0 { fromFirstWord.append(fewest ?? .max) }
                }
                if let fewest { letters.append(fewest) } else { neverFound.append(name); letters.append(.max) }

                // One wrong letter among the first five, its place turning from name to name; only where the right
                // five letters find it (five letters of "Улица …" name a dozen streets, typo or not).
                let typed = Array(folded.prefix(5))
                guard typed.count == 5, !typed.contains(" ") else { continue }
                guard found(place, typing: typed[...], in: search) else { typoAmbiguous += 1; continue }
                var wrong = typed
                let position = (letters.count + nameIndex) % 5
                wrong[position] = Self.neighbour(of: typed[position])
                typoTried += 1
                if found(place, typing: wrong[...], in: search) { typoFound += 1 } else { typoMissed.append("\(name) as \(String(String.UnicodeScalarView(wrong)))") }
            }
        }
        letters.sort()
        let median = Self.percentile(0.5, of: letters)
        let p90 = Self.percentile(0.9, of: letters)
        fromFirstWord.sort()
        let typoShare = Double(typoFound) / Double(max(typoTried, 1))
        print("search benchmark \(city): places \(search.places.count), names \(letters.count), letters median \(median) "
              + "p90 \(p90) max \(letters.last.map { $0 == .max ? "never" : String($0) } ?? "-"), never found \(neverFound.count); "
              + "from the first word only: median \(Self.percentile(0.5, of: fromFirstWord)) p90 \(Self.percentile(0.9, of: fromFirstWord)); "
              + "one letter wrong after 5: \(typoFound)/\(typoTried) (\(String(format: "%.1f", typoShare * 100))%), "
              + "\(typoAmbiguous) not found by 5 right letters either")
        #expect(median <= 3, "\(city): median \(median) letters")
        #expect(p90 <= 5, "\(city): 90th percentile \(p90) letters")
        #expect(neverFound.isEmpty, "\(city): never among the first \(Self.shownRows): \(neverFound.prefix(10))")
        #expect(typoShare >= 0.95, "\(city): with one letter wrong, missed \(typoMissed.prefix(10))")
    }

    private func found(_ place: SearchPlace, typing query: ArraySlice<Unicode.Scalar>, in search: StationSearch) -> Bool {
        search.results(for: String(String.UnicodeScalarView(query)), limit: Self.shownRows)
            .contains { $0.stationID == place.stationIDs[0] }
    }

    /// The nearest-rank percentile of sorted values.
    static func percentile(_ fraction: Double, of sorted: [Int]) -> Int {
        guard !sorted.isEmpty else { return 0 }
        return sorted[max(0, Int((fraction * Double(sorted.count)).rounded(.up)) - 1)]
    }

    /// A wrong key: the next letter of the same script (a → b, z → a, я → а), a different letter the fold keeps.
    static func neighbour(of scalar: Unicode.Scalar) -> Unicode.Scalar {
        if let next = Unicode.Scalar(scalar.value + 1), next.properties.isLowercase, next.properties.isAlphabetic,
           next.properties.generalCategory == scalar.properties.generalCategory, SearchText.fold(String(next)) == [next] {
            return next
        }
        if let previous = Unicode.Scalar(scalar.value - 1), previous.properties.isAlphabetic,
           SearchText.fold(String(previous)) == [previous] {
            return previous
        }
        return scalar == "x" ? "y" : "x"
    }
}
