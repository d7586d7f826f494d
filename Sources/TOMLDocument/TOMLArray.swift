import CTOMLDocument

/// A TOML array: its elements in order.
public struct TOMLArray: RandomAccessCollection, TOMLValueConvertible, @unchecked Sendable {
    let storage: TOMLStorage
    let node: OpaquePointer

    public var tomlValue: TOMLValue { TOMLValue(storage: storage, node: node) }
    public var startIndex: Int { 0 }
    public var endIndex: Int { metro_toml_count(node) }

    public subscript(index: Int) -> TOMLValue {
        guard let element = metro_toml_array_get(node, index) else {
            preconditionFailure("TOML array index \(index) out of 0..<\(count)")
        }
        return TOMLValue(storage: storage, node: element)
    }
}
