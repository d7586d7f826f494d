import Foundation

/// A station name reduced to what two sources agree on: "Powell St." and "Powell Street", "12th St. Oakland City
/// Center" and "Oakland City Center/12 Street", "São Bento" and "Sao Bento" become the same words.
public struct StationName: Hashable, Sendable {
    public let words: [String]

    /// Abbreviations written out, so either spelling compares equal.
    static let expansions: [String: String] = [
        "st": "street", "str": "street", "sq": "square", "ave": "avenue", "av": "avenue", "blvd": "boulevard",
        "rd": "road", "pl": "place", "ctr": "center", "centre": "center", "mt": "mount", "ft": "fort",
        "hts": "heights", "pk": "park", "jct": "junction", "n": "north", "s": "south", "e": "east", "w": "west",
        "intl": "international", "int'l": "international", "univ": "university", "sta": "station", "stn": "station",
        "&": "and",
    ]
    /// Words that say what kind of stop it is rather than which: dropped ("Millbrae Caltrain Station", "Metro").
    static let noise: Set<String> = [
        "station", "metro", "bart", "caltrain", "stop", "platform", "the", "de", "do", "da", "dos", "das", "estacao",
        "northbound", "southbound", "eastbound", "westbound", "nb", "sb", "eb", "wb",
    ]

    public init(_ text: String) {
        // Accents and case folded; a line suffix in brackets ("Fort Totten (Red)") dropped.
        var folded = text.folding(options: [.diacriticInsensitive, .caseInsensitive, .widthInsensitive], locale: nil)
        if let bracket = folded.firstIndex(where: { $0 == "(" || $0 == "[" }), bracket != folded.startIndex {
            folded = String(folded[..<bracket])
        }
        var words: [String] = []
        var current = ""
        func flush() {
            guard !current.isEmpty else { return }
            var word = current
            current = ""
            // Ordinals: "12th" → "12", "1st" → "1".
            if let digitsEnd = word.firstIndex(where: { !$0.isNumber }), digitsEnd != word.startIndex,
               ["st", "nd", "rd", "th"].contains(String(word[digitsEnd...])) {
                word = String(word[..<digitsEnd])
            }
            word = Self.expansions[word] ?? word
            if !Self.noise.contains(word) { words.append(word) }
        }
        for character in folded {
            if character.isLetter || character.isNumber || character == "&" || character == "'" {
                if character != "'" { current.append(character) }
            } else {
                flush()
            }
        }
        flush()
        self.words = words
    }

    public var key: String { words.joined(separator: " ") }

    /// How alike two names are, 0…1: shared words (a word matching when its spelling is within one edit in five
    /// letters) over the shorter name's words, lowered a little by the longer name's extra words.
    public func similarity(to other: StationName) -> Double {
        guard !words.isEmpty, !other.words.isEmpty else { return 0 }
        if key == other.key { return 1 }
        var unused = other.words
        var shared = 0
        for word in words {
            if let index = unused.firstIndex(where: { Self.wordsMatch(word, $0) }) {
                shared += 1
                unused.remove(at: index)
            }
        }
        let shorter = min(words.count, other.words.count), longer = max(words.count, other.words.count)
        guard shared > 0 else {
            // One-word names written together or apart: "Macarthur" / "Mac Arthur".
            return Self.wordsMatch(words.joined(), other.words.joined()) ? 0.95 : 0
        }
        return Double(shared) / Double(shorter) * (0.85 + 0.15 * Double(shared) / Double(longer))
    }

    static func wordsMatch(_ a: String, _ b: String) -> Bool {
        if a == b { return true }
        // Numbers must agree exactly: "16" is not "19".
        if a.contains(where: \.isNumber) || b.contains(where: \.isNumber) { return false }
        let allowed = max(a.count, b.count) / 5
        return allowed > 0 && editDistance(Array(a), Array(b), limit: allowed) <= allowed
    }

    static func editDistance(_ a: [Character], _ b: [Character], limit: Int) -> Int {
        if abs(a.count - b.count) > limit { return limit + 1 }
        var previous = Array(0...b.count)
        for i in 1...max(1, a.count) where !a.isEmpty {
            var row = [i] + Array(repeating: 0, count: b.count)
            for j in 1...max(1, b.count) where !b.isEmpty {
                row[j] = min(previous[j] + 1, row[j - 1] + 1, previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
            }
            previous = row
        }
        return previous[b.count]
    }
}
