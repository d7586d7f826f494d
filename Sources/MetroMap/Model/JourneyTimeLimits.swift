/// The range a map's running and walking times must lie in (docs/map-format.md), and the one conversion of a
/// journey's seconds to whole minutes. A hop or a transfer longer than a day is no metro: the bound keeps every
/// route's sum far inside `Int` (50,000 hops of a day are 72 million minutes), and the conversion saturates anyway,
/// because a value that reaches it from elsewhere (an import, a test's hand-built map) must not trap the card.
public enum JourneyTimeLimits {
    /// The longest `travel_seconds` of a link or `walk_seconds` of a transfer: one day.
    public static let maximumSeconds = 86_400.0

    /// Whether `seconds` is a time the map format accepts: finite, at least 0 and at most `maximumSeconds`.
    public static func contains(_ seconds: Double) -> Bool {
        seconds.isFinite && seconds >= 0 && seconds <= maximumSeconds
    }

    /// `seconds` rounded to whole minutes, saturating at `Int`'s range (a NaN counts as no time): `Int(_:)` traps
    /// on a value out of range, and the card converts whatever sum the route gives.
    public static func wholeMinutes(_ seconds: Double) -> Int {
        let minutes = (seconds / 60).rounded()
        guard !minutes.isNaN else { return 0 }
        // 2^63 is the first Double above Int.max; anything at or beyond it saturates.
        if minutes >= 9_223_372_036_854_775_808.0 { return Int.max }
        if minutes < -9_223_372_036_854_775_808.0 { return Int.min }
        return Int(minutes)
    }
}
