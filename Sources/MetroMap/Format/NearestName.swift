/// The valid name closest to a misspelt one (edit distance), for "did you mean" in unknown-key messages.
public enum NearestName {
    /// Nil when nothing is close enough to be a plausible typo (more than a third of the letters differ).
    public static func suggestion(for name: String, among candidates: some Sequence<String>) -> String? {
        let characters = Array(name)
        let limit = max(2, characters.count / 3)
        var best: (name: String, distance: Int)?
        for candidate in candidates {
            let other = Array(candidate)
            // The distance is at least the difference in length: a 120,000-character id against every station id
            // took 27 s in `route` (issue 38); such pairs are skipped without filling the table.
            guard abs(other.count - characters.count) <= limit else { continue }
            let distance = editDistance(characters, other)
            if distance <= limit, distance < (best?.distance ?? .max) { best = (candidate, distance) }
        }
        return best?.name
    }

    /// Levenshtein distance over characters, two rows of memory.
    public static func editDistance(_ a: String, _ b: String) -> Int {
        editDistance(Array(a), Array(b))
    }

    static func editDistance(_ a: [Character], _ b: [Character]) -> Int {
        guard !a.isEmpty else { return b.count }
        guard !b.isEmpty else { return a.count }
        var previous = Array(0...b.count)
        var current = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            for j in 1...b.count {
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
            }
            swap(&previous, &current)
        }
        return previous[b.count]
    }
}
