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
        "u": "university", "md": "maryland", "va": "virginia", "sw": "southwest", "nw": "northwest",
        "ne": "northeast", "se": "southeast", "&": "and",
    ]
    /// Words that say what kind of stop it is rather than which: dropped ("Millbrae Caltrain Station", "Metro").
    static let noise: Set<String> = [
        "station", "metro", "bart", "caltrain", "stop", "platform", "the", "of", "de", "do", "da", "dos", "das", "estacao",
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

    /// How alike two names are, 0…1: the share of the shorter name's words found in the longer one, lowered a
    /// little by the longer name's words left over. A word matches a word spelt within one edit in five letters,
    /// or a run of words it is the initials of ("AU" for "American University", as WMATA abbreviates).
    public func similarity(to other: StationName) -> Double {
        guard !words.isEmpty, !other.words.isEmpty else { return 0 }
        if key == other.key { return 1 }
        let (short, long) = words.count <= other.words.count ? (words, other.words) : (other.words, words)
        var used = [Bool](repeating: false, count: long.count)
        var matchedShort = 0
        for word in short {
            if let index = long.indices.first(where: { !used[$0] && Self.wordsMatch(word, long[$0]) }) {
                used[index] = true
                matchedShort += 1
            }
        }
        // Initials, both ways: a short word standing for a run of the other name's words.
        for (abbreviations, expanded, marks) in [(short, long, true), (long, short, false)] {
            for word in abbreviations where (2...4).contains(word.count) && word.allSatisfy(\.isLetter)
                && !expanded.contains(word) {
                let letters = Array(word)
                guard letters.count <= expanded.count else { continue }
                for start in 0...(expanded.count - letters.count) {
                    let run = start..<(start + letters.count)
                    if marks, run.contains(where: { used[$0] }) { continue }
                    if zip(expanded[run], letters).allSatisfy({ $0.first == $1 }) {
                        if marks {
                            for i in run { used[i] = true }
                            matchedShort += 1
                        }
                        break
                    }
                }
            }
        }
        let matchedLong = used.filter { $0 }.count
        guard matchedShort > 0 else {
            // One-word names written together or apart: "Macarthur" / "Mac Arthur".
            return Self.wordsMatch(words.joined(), other.words.joined()) ? 0.95 : 0
        }
        return min(1, Double(matchedShort) / Double(short.count)) * (0.85 + 0.15 * Double(matchedLong) / Double(long.count))
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
