/// How well a query matches a name, best first: the ranking's first key.
public enum SearchMatch: Int, Comparable, Sendable, CustomStringConvertible {
    /// One letter wrong, missing, extra or two swapped, at the start of the name or of one of its words.
    case fuzzy = 1
    /// The start of a later word of the name ("gate" in "Eastern Gate").
    case wordPrefix = 2
    /// The start of the name.
    case prefix = 3
    /// The whole name.
    case exact = 4

    public static func < (lhs: SearchMatch, rhs: SearchMatch) -> Bool { lhs.rawValue < rhs.rawValue }

    public var description: String {
        switch self {
        case .fuzzy: "fuzzy"
        case .wordPrefix: "word_prefix"
        case .prefix: "prefix"
        case .exact: "exact"
        }
    }
}
