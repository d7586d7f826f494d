/// A JSON value whose objects keep their keys in the order given: what every JSON the kiosk writes is built as
/// (`JSONLine` by hand, `JSONWriter.text(encoding:)` from a Codable type), and `JSONWriter` turns into text.
public enum JSONValue: Sendable {
    case null
    case bool(Bool)
    case integer(Int64)
    case unsigned(UInt64)
    case number(Double)
    /// Kept apart from `number`: a Float widened to Double would print 0.1 as 0.10000000149011612.
    case float(Float)
    case string(String)
    case array([JSONValue])
    /// Keys in the order given; `JSONWriter.Options.sortedKeys` sorts them when written.
    case object([(String, JSONValue)])

    /// An array of numbers (a damage rectangle, a sample).
    public static func numbers(_ numbers: [Double]) -> JSONValue { .array(numbers.map(JSONValue.number)) }

    /// An array of strings (station ids, phrases).
    public static func strings(_ strings: [String]) -> JSONValue { .array(strings.map(JSONValue.string)) }

}
