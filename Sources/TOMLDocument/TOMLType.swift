import CTOMLDocument

/// The kind of a TOML value, named in diagnostics as TOML names it ("found integer").
public enum TOMLType: String, CaseIterable, CustomStringConvertible, Sendable {
    case table, array, string, int, double, bool, date, time, dateTime

    init(_ kind: MetroTOMLKind) {
        switch kind {
        case MetroTOMLKindTable: self = .table
        case MetroTOMLKindArray: self = .array
        case MetroTOMLKindInteger: self = .int
        case MetroTOMLKindFloat: self = .double
        case MetroTOMLKindBoolean: self = .bool
        case MetroTOMLKindDate: self = .date
        case MetroTOMLKindTime: self = .time
        case MetroTOMLKindDateTime: self = .dateTime
        // A parsed document holds no node without a type; string is the only one left.
        default: self = .string
        }
    }

    public var description: String {
        switch self {
        case .int: "integer"
        case .double: "floating-point number"
        case .dateTime: "date-time"
        default: rawValue
        }
    }
}
