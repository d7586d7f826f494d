/// Whether a query is within one edit of the start of a text: one letter substituted, inserted, deleted, or two
/// neighbours swapped (optimal string alignment distance ≤ 1 to some prefix of the text), as a traveller's one
/// wrong key on a touch keyboard.
enum FuzzyPrefix {
    static func withinOneEdit(_ query: ArraySlice<Unicode.Scalar>, of text: ArraySlice<Unicode.Scalar>) -> Bool {
        let q = Array(query)
        // A prefix longer than the query by two or more is at least two edits away; none need be looked at.
        let t = Array(text.prefix(q.count + 1))
        let m = q.count, n = t.count
        guard m > 0 else { return true }
        var before = [Int](repeating: 0, count: n + 1) // row i - 2
        var previous = Array(0...n)                    // row i - 1
        var current = [Int](repeating: 0, count: n + 1)
        for i in 1...m {
            current[0] = i
            var rowMinimum = i
            if n > 0 {
                for j in 1...n {
                    let cost = q[i - 1] == t[j - 1] ? 0 : 1
                    var value = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
                    if i > 1, j > 1, q[i - 1] == t[j - 2], q[i - 2] == t[j - 1] { value = min(value, before[j - 2] + 1) }
                    current[j] = value
                    rowMinimum = min(rowMinimum, value)
                }
            }
            if rowMinimum > 1 { return false }
            (before, previous, current) = (previous, current, before)
        }
        // `previous` is now row m: the distance from the query to each prefix of the text.
        return previous.min()! <= 1
    }
}
