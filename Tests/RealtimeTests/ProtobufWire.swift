/// A protobuf wire-format walker written for the tests, independent of swift-protobuf: it reads the real captures
/// field by field so the decoder's results are checked against values it did not produce.
struct ProtobufWire {
    enum Value {
        case varint(UInt64)
        case fixed64(UInt64)
        case bytes([UInt8])
        case fixed32(UInt32)
    }

    let fields: [(number: Int, value: Value)]

    init(_ bytes: [UInt8]) {
        var fields: [(Int, Value)] = []
        var index = 0
        func varint() -> UInt64 {
            var result: UInt64 = 0
            var shift: UInt64 = 0
            while true {
                let byte = bytes[index]
                index += 1
                result |= UInt64(byte & 0x7F) << shift
                if byte & 0x80 == 0 { return result }
                shift += 7
            }
        }
        func little(_ count: Int) -> UInt64 {
            var result: UInt64 = 0
            for offset in 0..<count { result |= UInt64(bytes[index + offset]) << (8 * UInt64(offset)) }
            index += count
            return result
        }
        while index < bytes.count {
            let key = varint()
            let number = Int(key >> 3)
            switch key & 7 {
            case 0: fields.append((number, .varint(varint())))
            case 1: fields.append((number, .fixed64(little(8))))
            case 2:
                let length = Int(varint())
                fields.append((number, .bytes(Array(bytes[index..<index + length]))))
                index += length
            case 5: fields.append((number, .fixed32(UInt32(little(4)))))
            default: fatalError("wire type \(key & 7) not in GTFS-realtime captures")
            }
        }
        self.fields = fields
    }

    func all(_ number: Int) -> [ProtobufWire] {
        fields.compactMap { field in
            guard field.number == number, case .bytes(let bytes) = field.value else { return nil }
            return ProtobufWire(bytes)
        }
    }

    func message(_ number: Int) -> ProtobufWire? { all(number).first }

    func string(_ number: Int) -> String? {
        for field in fields where field.number == number {
            if case .bytes(let bytes) = field.value { return String(decoding: bytes, as: UTF8.self) }
        }
        return nil
    }

    func varint(_ number: Int) -> UInt64? {
        for field in fields where field.number == number {
            if case .varint(let value) = field.value { return value }
        }
        return nil
    }

    /// A signed int32/int64 field (two's complement varint).
    func signed(_ number: Int) -> Int64? { varint(number).map { Int64(bitPattern: $0) } }

    func float(_ number: Int) -> Float? {
        for field in fields where field.number == number {
            if case .fixed32(let bits) = field.value { return Float(bitPattern: bits) }
        }
        return nil
    }
}
