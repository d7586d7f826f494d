/// One JSON object per line, keys in the order given: what frames.jsonl and the subcommands print for scripts and
/// tests to read, written by `JSONWriter` (compact, slashes as they are).
public struct JSONLine {
    public typealias Value = JSONValue

    private var fields: [(String, Value)] = []

    public init(_ fields: KeyValuePairs<String, Value>) {
        self.fields = fields.map { ($0.key, $0.value) }
    }

    /// Adds a field after the others.
    public mutating func append(_ key: String, _ value: Value) {
        fields.append((key, value))
    }

    public var text: String { JSONWriter().text(.object(fields)) }
}
