/// One row of the results: a place, the name it is shown by, and why it ranks where it does.
public struct SearchResult: Equatable, Sendable {
    /// The station a tap opens the card of (the place's first).
    public var stationID: String
    /// Every station of the place (one per line at a pMetro interchange).
    public var stationIDs: [String]
    /// The name in the shown language.
    public var name: String
    public var match: SearchMatch
    /// Rank as one number, higher first: the match (thousands), 500 when the shown name (or its romanisation)
    /// matched, then the lines the place serves (tens, up to 49), then how much of the matched name the query covers
    /// (units, below 10), so equal scores are equal in every respect.
    public var score: Double
}
