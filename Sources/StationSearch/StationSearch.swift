import MetroMap

/// Station search over one map: every name of every place in every language and its romanisations, matched by
/// prefix, then word prefix, then one typo, ranked by the match, then by whether it was the shown name (or its
/// romanisation) that matched, then by importance (interchanges first), then by how much of the name the query covers. What the search sheet lists and `metro-kiosk search` prints.
public struct StationSearch: Sendable {
    public let places: [SearchPlace]
    /// The shown name of each place, parallel to `places`.
    private let shownNames: [String]
    /// Which of each place's `names` is the shown one, parallel to `places`.
    private let shownNameIndices: [Int]

    /// Builds the index (ICU romanisations of every name: about a millisecond per hundred names).
    public init(map: MetroMap, language: String?) {
        places = SearchPlace.places(of: map)
        shownNames = places.map { place in
            let station = map.station(id: place.stationIDs[0])
            return language.flatMap { station?.localizedNames[$0] } ?? station?.name ?? place.names[0]
        }
        shownNameIndices = zip(places, shownNames).map { place, shown in place.names.firstIndex(of: shown) ?? 0 }
    }

    /// The places `query` finds, best first; at most `limit` of them when given (fuzzy matches are then looked for
    /// only when the better ones leave room, as they always rank below).
    public func results(for query: String, limit: Int? = nil) -> [SearchResult] {
        let folded = SearchText.fold(query)
        guard !folded.isEmpty else { return [] }
        var found: [(index: Int, match: SearchMatch, shown: Bool, coverage: Double)] = []
        var unmatched: [Int] = []
        for index in places.indices {
            if let (match, shown, coverage) = bestMatch(folded, in: index, fuzzy: false) {
                found.append((index, match, shown, coverage))
            } else {
                unmatched.append(index)
            }
        }
        // One wrong letter among the first two says nothing: every name is that close to some prefix.
        if folded.count >= 3, limit.map({ found.count < $0 }) ?? true {
            for index in unmatched {
                if let (match, shown, coverage) = bestMatch(folded, in: index, fuzzy: true) {
                    found.append((index, match, shown, coverage))
                }
            }
        }
        var results = found.map { entry in
            let place = places[entry.index]
            let score = Double(entry.match.rawValue) * 1000 + (entry.shown ? 500 : 0) + Double(min(place.lineCount, 49)) * 10
                + entry.coverage * 9
            return SearchResult(stationID: place.stationIDs[0], stationIDs: place.stationIDs, name: shownNames[entry.index],
                                match: entry.match, score: (score * 1000).rounded() / 1000)
        }
        results.sort { lhs, rhs in
            if lhs.score != rhs.score { return lhs.score > rhs.score }
            if lhs.name != rhs.name { return lhs.name < rhs.name }
            return lhs.stationID < rhs.stationID
        }
        if let limit, results.count > limit { results.removeLast(results.count - limit) }
        return results
    }

    /// The best match of `query` over every key of every name of the place at `index`: whether the shown name
    /// matched (a traveller typing "s" on an English kiosk means the names they read, not a Russian one's
    /// romanisation), and the share of the matched key the query covers; nil when none matches.
    private func bestMatch(_ query: [Unicode.Scalar], in index: Int, fuzzy: Bool) -> (SearchMatch, Bool, Double)? {
        var best: (SearchMatch, Bool, Double)?
        for (nameIndex, nameKeys) in places[index].keys.enumerated() {
            let shown = nameIndex == shownNameIndices[index]
            for key in nameKeys {
                guard let match = Self.match(query, key, fuzzy: fuzzy) else { continue }
                let coverage = min(1, Double(query.count) / Double(key.count))
                if let current = best, (current.0, current.1 ? 1 : 0, current.2) >= (match, shown ? 1 : 0, coverage) { continue }
                best = (match, shown, coverage)
            }
        }
        return best
    }

    private static func match(_ query: [Unicode.Scalar], _ key: [Unicode.Scalar], fuzzy: Bool) -> SearchMatch? {
        let starts = SearchText.wordStarts(key)
        if !fuzzy {
            if key == query { return .exact }
            if key.starts(with: query) { return .prefix }
            for start in starts.dropFirst() where key[start...].starts(with: query) { return .wordPrefix }
            return nil
        }
        for start in starts where FuzzyPrefix.withinOneEdit(query[...], of: key[start...]) { return .fuzzy }
        return nil
    }
}
