/// The one JSON writer: frames.jsonl, status.json, the audits, the route and search answers and the feed cache's
/// entries are all written here, into one growing string (no intermediate strings per value).
///
/// Its text is byte for byte what Foundation's `JSONEncoder` wrote for the same options, which every JSON file but
/// frames.jsonl was written with (consumers and tests read those bytes): numbers as their shortest round-trip form
/// with a trailing ".0" dropped, `\b \f \n \r \t` escapes and `\u00xx` for the other control characters, keys sorted
/// by their UTF-8 bytes, and pretty printing with two-space indents and " : " (empty containers as "[\n\n]"), as
/// measured on Swift 6.3's Foundation. Two choices of its own: no NaN or infinity exists in JSON, so they are written
/// as null (the physics refuses them upstream; a null marks a bug, not a crash), and negative zero is written "0" as
/// frames.jsonl always wrote it (a camera offset of -0.0 is a position, not a sign).
public struct JSONWriter: Sendable {
    public struct Options: OptionSet, Sendable {
        public let rawValue: Int
        public init(rawValue: Int) { self.rawValue = rawValue }

        /// Keys in UTF-8 byte order instead of the order given.
        public static let sortedKeys = Options(rawValue: 1 << 0)
        /// One value per line, indented two spaces a level.
        public static let prettyPrinted = Options(rawValue: 1 << 1)
        /// "/" written "\/", as `JSONEncoder` does unless told not to (status.json and the audits always had it).
        public static let escapingSlashes = Options(rawValue: 1 << 2)
    }

    public var options: Options

    public init(_ options: Options = []) {
        self.options = options
    }

    /// `value` as JSON text, without a trailing newline.
    public func text(_ value: JSONValue) -> String {
        var out = ""
        write(value, indent: 0, into: &out)
        return out
    }

    /// `value` encoded through its `Encodable` conformance (the synthesised one writes its keys in declaration order,
    /// custom `CodingKeys` included) and written as JSON text.
    public func text<Value: Encodable>(encoding value: Value) throws -> String {
        text(try JSONValueEncoder.encode(value))
    }

    private func write(_ value: JSONValue, indent: Int, into out: inout String) {
        switch value {
        case .null: out += "null"
        case let .bool(bool): out += bool ? "true" : "false"
        case let .integer(integer): out += String(integer)
        case let .unsigned(unsigned): out += String(unsigned)
        case let .number(number): Self.write(number, into: &out)
        case let .float(float): Self.write(float, into: &out)
        case let .string(string): writeString(string, into: &out)
        case let .array(elements):
            out += "["
            if options.contains(.prettyPrinted) {
                out += "\n"
                for (index, element) in elements.enumerated() {
                    if index > 0 { out += ",\n" }
                    pad(indent + 1, into: &out)
                    write(element, indent: indent + 1, into: &out)
                }
                out += "\n"
                pad(indent, into: &out)
            } else {
                for (index, element) in elements.enumerated() {
                    if index > 0 { out += "," }
                    write(element, indent: indent, into: &out)
                }
            }
            out += "]"
        case let .object(fields):
            let ordered = options.contains(.sortedKeys)
                ? fields.sorted { $0.0.utf8.lexicographicallyPrecedes($1.0.utf8) } : fields
            out += "{"
            let pretty = options.contains(.prettyPrinted)
            if pretty { out += "\n" }
            for (index, field) in ordered.enumerated() {
                if index > 0 { out += pretty ? ",\n" : "," }
                if pretty { pad(indent + 1, into: &out) }
                writeString(field.0, into: &out)
                out += pretty ? " : " : ":"
                write(field.1, indent: indent + 1, into: &out)
            }
            if pretty {
                out += "\n"
                pad(indent, into: &out)
            }
            out += "}"
        }
    }

    private func pad(_ level: Int, into out: inout String) {
        for _ in 0..<level { out += "  " }
    }

    private static func write(_ number: Double, into out: inout String) {
        guard number.isFinite else { return out += "null" }
        if number == 0 { return out += "0" }
        trimmed(number.description, into: &out)
    }

    private static func write(_ number: Float, into out: inout String) {
        guard number.isFinite else { return out += "null" }
        if number == 0 { return out += "0" }
        trimmed(number.description, into: &out)
    }

    /// Swift's shortest round-trip form, "3.0" written "3" as JSON readers expect of a whole number.
    private static func trimmed(_ description: String, into out: inout String) {
        if description.hasSuffix(".0") { out += description.dropLast(2) } else { out += description }
    }

    private func writeString(_ string: String, into out: inout String) {
        out += "\""
        let slashes = options.contains(.escapingSlashes)
        for scalar in string.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "/" where slashes: out += "\\/"
            case "\u{8}": out += "\\b"
            case "\u{C}": out += "\\f"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            default:
                if scalar.value < 0x20 {
                    let hex = String(scalar.value, radix: 16)
                    out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        out += "\""
    }
}
