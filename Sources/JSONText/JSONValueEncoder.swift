/// Turns an `Encodable` value into a `JSONValue`, keys in the order the value encodes them: what lets the Codable
/// types (status, audits, reports) be written by `JSONWriter` instead of a second writer inside Foundation.
/// Optionals the synthesised conformance skips (`encodeIfPresent`) are left out, as `JSONEncoder` leaves them out;
/// a key encoded twice keeps its last value, in its first place.
enum JSONValueEncoder {
    static func encode<Value: Encodable>(_ value: Value) throws -> JSONValue {
        let root = Slot()
        try value.encode(to: SlotEncoder(slot: root, codingPath: []))
        return root.value
    }
}

/// One value under construction; containers hold their children's slots and are read once encoding is done.
private final class Slot {
    enum Content {
        case empty
        case value(JSONValue)
        case object(keys: [String], slots: [String: Slot])
        case array([Slot])
    }

    var content = Content.empty

    var value: JSONValue {
        switch content {
        // A value that encoded nothing at all is an empty object, as in `JSONEncoder`.
        case .empty: return .object([])
        case let .value(value): return value
        case let .object(keys, slots): return .object(keys.map { ($0, slots[$0]!.value) })
        case let .array(slots): return .array(slots.map(\.value))
        }
    }

    func child(forKey key: String) -> Slot {
        var (keys, slots): ([String], [String: Slot]) = ([], [:])
        if case let .object(existingKeys, existingSlots) = content { (keys, slots) = (existingKeys, existingSlots) }
        // Let go of the content's copies first, so the insertions below grow the one array and dictionary in place:
        // holding both copied every key and slot on each insertion (issue 38).
        content = .empty
        let slot = Slot()
        if slots[key] == nil { keys.append(key) }
        slots[key] = slot
        content = .object(keys: keys, slots: slots)
        return slot
    }

    func appended() -> Slot {
        var slots: [Slot] = []
        if case let .array(existing) = content { slots = existing }
        // As in `child(forKey:)`: holding the content's copy made every append copy the whole array, and a
        // 50,000-station route's JSON took minutes (issue 38).
        content = .empty
        let slot = Slot()
        slots.append(slot)
        content = .array(slots)
        return slot
    }

    func becomeObject() {
        if case .object = content { return }
        content = .object(keys: [], slots: [:])
    }

    func becomeArray() {
        if case .array = content { return }
        content = .array([])
    }
}

private struct SlotEncoder: Encoder {
    let slot: Slot
    let codingPath: [any CodingKey]
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        slot.becomeObject()
        return KeyedEncodingContainer(KeyedSlotContainer<Key>(slot: slot, codingPath: codingPath))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        slot.becomeArray()
        return UnkeyedSlotContainer(slot: slot, codingPath: codingPath)
    }

    func singleValueContainer() -> any SingleValueEncodingContainer {
        SingleSlotContainer(slot: slot, codingPath: codingPath)
    }
}

/// A primitive as JSON: every integer type, Float and Double kept apart, Bool and String.
private func primitive(_ value: some Encodable) -> JSONValue? {
    switch value {
    case let value as Bool: return .bool(value)
    case let value as String: return .string(value)
    case let value as Double: return .number(value)
    case let value as Float: return .float(value)
    case let value as Int: return .integer(Int64(value))
    case let value as Int8: return .integer(Int64(value))
    case let value as Int16: return .integer(Int64(value))
    case let value as Int32: return .integer(Int64(value))
    case let value as Int64: return .integer(value)
    case let value as UInt: return .unsigned(UInt64(value))
    case let value as UInt8: return .unsigned(UInt64(value))
    case let value as UInt16: return .unsigned(UInt64(value))
    case let value as UInt32: return .unsigned(UInt64(value))
    case let value as UInt64: return .unsigned(value)
    default: return nil
    }
}

private func encodeValue(_ value: some Encodable, into slot: Slot, codingPath: [any CodingKey]) throws {
    if let primitive = primitive(value) {
        slot.content = .value(primitive)
    } else {
        try value.encode(to: SlotEncoder(slot: slot, codingPath: codingPath))
    }
}

private struct KeyedSlotContainer<Key: CodingKey>: KeyedEncodingContainerProtocol {
    let slot: Slot
    let codingPath: [any CodingKey]

    mutating func encodeNil(forKey key: Key) throws {
        slot.child(forKey: key.stringValue).content = .value(.null)
    }

    mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
        try encodeValue(value, into: slot.child(forKey: key.stringValue), codingPath: codingPath + [key])
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type,
                                                        forKey key: Key) -> KeyedEncodingContainer<NestedKey> {
        let child = slot.child(forKey: key.stringValue)
        child.becomeObject()
        return KeyedEncodingContainer(KeyedSlotContainer<NestedKey>(slot: child, codingPath: codingPath + [key]))
    }

    mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
        let child = slot.child(forKey: key.stringValue)
        child.becomeArray()
        return UnkeyedSlotContainer(slot: child, codingPath: codingPath + [key])
    }

    mutating func superEncoder() -> any Encoder {
        SlotEncoder(slot: slot.child(forKey: "super"), codingPath: codingPath)
    }

    mutating func superEncoder(forKey key: Key) -> any Encoder {
        SlotEncoder(slot: slot.child(forKey: key.stringValue), codingPath: codingPath + [key])
    }
}

private struct UnkeyedSlotContainer: UnkeyedEncodingContainer {
    let slot: Slot
    let codingPath: [any CodingKey]

    var count: Int {
        if case let .array(slots) = slot.content { return slots.count }
        return 0
    }

    mutating func encodeNil() throws {
        slot.appended().content = .value(.null)
    }

    mutating func encode<T: Encodable>(_ value: T) throws {
        try encodeValue(value, into: slot.appended(), codingPath: codingPath)
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type) -> KeyedEncodingContainer<NestedKey> {
        let child = slot.appended()
        child.becomeObject()
        return KeyedEncodingContainer(KeyedSlotContainer<NestedKey>(slot: child, codingPath: codingPath))
    }

    mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
        let child = slot.appended()
        child.becomeArray()
        return UnkeyedSlotContainer(slot: child, codingPath: codingPath)
    }

    mutating func superEncoder() -> any Encoder {
        SlotEncoder(slot: slot.appended(), codingPath: codingPath)
    }
}

private struct SingleSlotContainer: SingleValueEncodingContainer {
    let slot: Slot
    let codingPath: [any CodingKey]

    mutating func encodeNil() throws {
        slot.content = .value(.null)
    }

    mutating func encode<T: Encodable>(_ value: T) throws {
        try encodeValue(value, into: slot, codingPath: codingPath)
    }
}
