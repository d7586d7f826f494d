/// One JSON object per line, keys in the order given: what the subcommands print for scripts and tests to read.
public struct JSONLine {
    public enum Value {
        case number(Double)
        case integer(Int64)
        case string(String)
        case null
        case numbers([Double])
        case strings([String])
        /// A nested object, keys in the order given.
        case object([(String, Value)])
    }

    private var fields: [(String, Value)] = []

    public init(_ fields: KeyValuePairs<String, Value>) {
        self.fields = fields.map { ($0.key, $0.value) }
    }

    /// Adds a field after the others.
    public mutating func append(_ key: String, _ value: Value) {
        fields.append((key, value))
    }

    public var text: String { Self.object(fields) }

    private static func object(_ fields: [(String, Value)]) -> String {
        "{" + fields.map { "\"\(escape($0.0))\":\(encode($0.1))" }.joined(separator: ",") + "}"
    }

    private static func encode(_ value: Value) -> String {
        switch value {
        case let .number(number): return encode(number)
        case let .integer(integer): return String(integer)
        case let .string(string): return "\"" + escape(string) + "\""
        case .null: return "null"
        case let .numbers(numbers): return "[" + numbers.map(encode).joined(separator: ",") + "]"
        case let .strings(strings): return "[" + strings.map { "\"" + escape($0) + "\"" }.joined(separator: ",") + "]"
        case let .object(fields): return object(fields)
        }
    }

    /// JSON has no NaN or infinity; the physics refuses them upstream, so null here marks a bug, not a crash.
    private static func encode(_ number: Double) -> String {
        guard number.isFinite else { return "null" }
        if number == number.rounded(), abs(number) < 1e15 { return String(Int64(number)) }
        return "\(number)"
    }

    private static func escape(_ string: String) -> String {
        var escaped = ""
        for scalar in string.unicodeScalars {
            switch scalar {
            case "\"": escaped += "\\\""
            case "\\": escaped += "\\\\"
            case "\n": escaped += "\\n"
            case "\t": escaped += "\\t"
            case "\r": escaped += "\\r"
            default:
                if scalar.value < 0x20 {
                    let hex = String(scalar.value, radix: 16)
                    escaped += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                } else {
                    escaped.unicodeScalars.append(scalar)
                }
            }
        }
        return escaped
    }
}
