import CTOMLDocument

/// Anything that is a TOML value: a value, a table or an array, read by the accessors below.
public protocol TOMLValueConvertible {
    var tomlValue: TOMLValue { get }
}

/// One node of a parsed document; it keeps the document alive.
public struct TOMLValue: TOMLValueConvertible, @unchecked Sendable {
    let storage: TOMLStorage
    let node: OpaquePointer

    public var tomlValue: TOMLValue { self }
}

public extension TOMLValueConvertible {
    var type: TOMLType { TOMLType(metro_toml_kind(tomlValue.node)) }

    /// The string's bytes as UTF-8 (toml++ has checked them), read in place: nothing is copied in C.
    var string: String? {
        var bytes: UnsafePointer<CChar>?
        var length = 0
        guard metro_toml_string(tomlValue.node, &bytes, &length) else { return nil }
        guard let bytes, length > 0 else { return "" }
        return bytes.withMemoryRebound(to: UInt8.self, capacity: length) {
            String(decoding: UnsafeBufferPointer(start: $0, count: length), as: UTF8.self)
        }
    }

    var int: Int? {
        var value: Int64 = 0
        return metro_toml_integer(tomlValue.node, &value) ? Int(value) : nil
    }

    var double: Double? {
        var value = 0.0
        return metro_toml_float(tomlValue.node, &value) ? value : nil
    }

    var bool: Bool? {
        var value = false
        return metro_toml_boolean(tomlValue.node, &value) ? value : nil
    }

    var table: TOMLTable? {
        type == .table ? TOMLTable(storage: tomlValue.storage, node: tomlValue.node) : nil
    }

    var array: TOMLArray? {
        type == .array ? TOMLArray(storage: tomlValue.storage, node: tomlValue.node) : nil
    }
}
