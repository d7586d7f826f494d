import MetroMap
import Testing
@testable import StationSearch

@Suite struct StationSearchTests {
    private let demo = try! BundledMap.loadDemo()

    @Test func wordPrefixFindsALaterWord() {
        let results = StationSearch(map: demo, language: nil).results(for: "gate")
        #expect(Set(results.map(\.name)) == ["North Gate", "Rampart Gate", "Eastern Gate"])
        #expect(results.allSatisfy { $0.match == .wordPrefix })
    }

    @Test func diacriticsAreFolded() {
        let map = SearchMaps.line([("Châtelet", [:]), ("Gare de l'Est", [:]), ("Saint-Lazare", [:])])
        let search = StationSearch(map: map, language: nil)
        #expect(search.results(for: "chatelet").first?.name == "Châtelet")
        #expect(search.results(for: "CHÂT").first?.match == .prefix)
        #expect(search.results(for: "lazare").first?.name == "Saint-Lazare")
        #expect(search.results(for: "lest").first?.name == "Gare de l'Est")
    }

    @Test func everyLanguageOfAStationIsSearchedAndTheShownOneNamesIt() {
        let search = StationSearch(map: demo, language: "ru")
        let result = search.results(for: "eastern").first
        #expect(result?.name == "Восточные ворота")
        #expect(StationSearch(map: demo, language: "en").results(for: "восточ").first?.name == "Eastern Gate")
    }

    @Test func theShownNameRanksBeforeAnotherLanguagesMatch() {
        // "s" on an English kiosk: names that read "S…" first, then those found through their Russian name's
        // romanisation (Cathedral, Соборная), each group interchanges first.
        let results = StationSearch(map: demo, language: "en").results(for: "s")
        let readsS = results.map { $0.name.lowercased().hasPrefix("s") }
        #expect(readsS.contains(false))
        #expect(readsS == readsS.sorted { $0 && !$1 })
    }

    @Test func sameNamedStationsJoinedByATransferAreOnePlace() {
        // The demo draws Eastern Gate once per line and joins the two by a transfer.
        let results = StationSearch(map: demo, language: nil).results(for: "eastern gate")
        #expect(results.count == 1)
        #expect(Set(results[0].stationIDs) == ["eastern-gate", "eastern-gate-ring"])
        #expect(results[0].match == .exact)
    }

    @Test func rankingIsMatchThenInterchangeThenCoverage() {
        let map = SearchMaps.line([("Parkside", [:]), ("Park", [:]), ("Parkway Junction", [:]), ("Central Park", [:]),
                                   ("Pork Market", [:])], interchange: ["Parkway Junction"])
        let results = StationSearch(map: map, language: nil).results(for: "park")
        #expect(results.map(\.name) == ["Park", "Parkway Junction", "Parkside", "Central Park", "Pork Market"])
        #expect(results.map(\.match) == [.exact, .prefix, .prefix, .wordPrefix, .fuzzy])
        #expect(zip(results, results.dropFirst()).allSatisfy { $0.score > $1.score })
    }

    @Test func oneTypoIsForgivenButNotTwo() {
        let map = SearchMaps.line([("Observatory", [:]), ("Lyceum", [:])])
        let search = StationSearch(map: map, language: nil)
        #expect(search.results(for: "obsrev").first?.name == "Observatory") // swapped letters
        #expect(search.results(for: "obzervat").first?.name == "Observatory") // one wrong
        #expect(search.results(for: "obervat").first?.name == "Observatory") // one missing
        #expect(search.results(for: "obzerwat").isEmpty)
        // Two letters say too little for a typo to be guessed.
        #expect(search.results(for: "ly").map(\.name) == ["Lyceum"])
        #expect(search.results(for: "lx").isEmpty)
    }

    @Test func aLimitKeepsTheBestAndEmptyQueriesFindNothing() {
        let search = StationSearch(map: demo, language: nil)
        let all = search.results(for: "s")
        #expect(all.count > 3)
        #expect(search.results(for: "s", limit: 3) == Array(all.prefix(3)))
        #expect(search.results(for: "").isEmpty)
        #expect(search.results(for: " ' - ").isEmpty)
    }
}
