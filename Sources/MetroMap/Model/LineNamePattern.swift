import Foundation

/// How a line named by a bare number or code ("1", "8", "3bis") is called in a language: signs say 1号线,
/// Ligne 8, 8호선, never a lone "8" beside a station name. A pattern is text with one `{n}` where the line's own
/// name goes. Codes that already say what they are ("U1", "M2", "Circle") are shown as they are.
public enum LineNamePattern {
    public static let placeholder = "{n}"
    static let maximumLength = 80

    /// A name that is only a number, optionally with a short letter suffix (Paris's "3bis", "7b"), or a single
    /// capital letter (a lettered line: "A"), so it needs the word for "line" to be read as one.
    public static func isBareCode(_ name: String) -> Bool {
        let scalars = Array(name.unicodeScalars)
        if scalars.count == 1, let only = scalars.first, ("A"..."Z").contains(only) { return true }
        let digits = scalars.prefix { ("0"..."9").contains($0) }
        guard (1...3).contains(digits.count) else { return false }
        let suffix = scalars.dropFirst(digits.count)
        return suffix.count <= 3 && suffix.allSatisfy { ("a"..."z").contains($0) || ("A"..."Z").contains($0) }
    }

    /// `pattern` with the line's name in place of `{n}`.
    public static func apply(_ pattern: String, to name: String) -> String {
        pattern.replacingOccurrences(of: placeholder, with: name)
    }

    /// Why `pattern` cannot name a line, or nil when it can.
    public static func problem(in pattern: String) -> String? {
        let count = pattern.components(separatedBy: placeholder).count - 1
        if count != 1 { return "must contain {n} exactly once (where the line's number goes), found \(count)" }
        if pattern.count > maximumLength { return "is longer than \(maximumLength) characters" }
        return nil
    }
}

extension MetroMap {
    /// The map's own pattern for `language` (a BCP 47 code): the exact code, else its primary subtag, compared
    /// without case.
    public func lineNamePattern(for language: String) -> String? {
        let wanted = language.lowercased()
        if let exact = lineNamePatterns.first(where: { $0.key.lowercased() == wanted }) { return exact.value }
        let primary = wanted.split(separator: "-").first.map(String.init) ?? wanted
        return lineNamePatterns.first { $0.key.lowercased() == primary }?.value
    }
}
