import MetroMap
import TOMLDocument

/// The config's additions to the shared TOML reader: sections, ranges and named choices.
struct ConfigReader {
    private var document: TOMLDocumentReader

    init(_ document: TOMLDocumentReader) {
        self.document = document
    }

    var diagnostics: [MapDiagnostic] { document.diagnostics }

    mutating func error(_ message: String, at path: String) { document.error(message, at: path) }

    mutating func rejectUnknownKeys(in table: TOMLTable, allowed: Set<String>, path: String, subject: String) {
        document.rejectUnknownKeys(in: table, allowed: allowed, path: path, subject: subject)
    }

    mutating func string(_ table: TOMLTable, _ key: String, path: String, subject: String) -> String? {
        document.string(table, key, path: path, subject: subject, required: false)
    }

    mutating func numbers(_ table: TOMLTable, _ key: String, count: Int, meaning: String, path: String, subject: String) -> [Double]? {
        document.numbers(table, key, count: count, meaning: meaning, path: path, subject: subject)
    }

    /// An array of non-empty strings, such as `fonts = ["Noto Sans", "Noto Sans CJK JP"]`.
    mutating func strings(_ table: TOMLTable, _ key: String, path: String, subject: String, count: ClosedRange<Int>) -> [String]? {
        guard let value = table[key] else { return nil }
        let strings = value.array.map { array in array.compactMap { $0.string } }
        guard let strings, strings.count == value.array?.count, strings.allSatisfy({ !$0.isEmpty }) else {
            document.error("\(subject): '\(key)' must be an array of non-empty strings, found \(TOMLDocumentReader.describe(value))",
                           at: document.join(path, key))
            return nil
        }
        guard count.contains(strings.count) else {
            document.error("\(subject): '\(key)' must hold \(count.lowerBound) to \(count.upperBound) entries, found \(strings.count)",
                           at: document.join(path, key))
            return nil
        }
        return strings
    }

    mutating func bool(_ table: TOMLTable, _ key: String, path: String, subject: String) -> Bool? {
        document.bool(table, key, path: path, subject: subject)
    }

    /// A table such as `[display]` or `home = { … }`; anything else in its place is reported.
    mutating func section(_ table: TOMLTable, _ key: String, path: String = "") -> TOMLTable? {
        guard let value = table[key] else { return nil }
        guard let section = value.table else {
            document.error("'\(key)' must be a table, found \(TOMLDocumentReader.describe(value))", at: document.join(path, key))
            return nil
        }
        return section
    }

    /// A finite number within `range`; reports type and range problems at the key.
    mutating func number(_ table: TOMLTable, _ key: String, path: String, subject: String,
                         in range: ClosedRange<Double>? = nil, exclusiveMinimum: Bool = false) -> Double? {
        guard let value = document.number(table, key, path: path, subject: subject) else { return nil }
        guard let range else { return value }
        let aboveMinimum = exclusiveMinimum ? value > 0 && value >= range.lowerBound : value >= range.lowerBound
        guard aboveMinimum, value <= range.upperBound else {
            // The message states the bound the check applies, not a rounder one (1e-9 is not 0).
            let lower = exclusiveMinimum && range.lowerBound <= 0 ? "greater than 0"
                : "at least \(TOMLText.number(range.lowerBound))"
            document.error("\(subject): '\(key)' must be \(lower) and at most \(TOMLText.number(range.upperBound)), found \(TOMLText.number(value))",
                           at: document.join(path, key))
            return nil
        }
        return value
    }

    /// One of an enumeration's names, such as `format = "rgb565"`.
    mutating func choice<Choice: RawRepresentable & CaseIterable>(_ table: TOMLTable, _ key: String, path: String,
                                                                  subject: String) -> Choice? where Choice.RawValue == String {
        guard let text = string(table, key, path: path, subject: subject) else { return nil }
        guard let choice = Choice(rawValue: text) else {
            let names = Choice.allCases.map { "\"\($0.rawValue)\"" }.joined(separator: ", ")
            document.error("\(subject): '\(key)' must be one of \(names), found \"\(TOMLText.excerpt(text))\"", at: document.join(path, key))
            return nil
        }
        return choice
    }
}
