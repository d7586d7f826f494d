/// Little-endian writing of the compiled timetable's fields.
struct BinaryWriter {
    var bytes: [UInt8] = []

    mutating func uint8(_ value: UInt8) { bytes.append(value) }
    mutating func uint32(_ value: UInt32) { withUnsafeBytes(of: value.littleEndian) { bytes.append(contentsOf: $0) } }
    mutating func uint64(_ value: UInt64) { withUnsafeBytes(of: value.littleEndian) { bytes.append(contentsOf: $0) } }
    mutating func int32(_ value: Int32) { uint32(UInt32(bitPattern: value)) }
    mutating func double(_ value: Double) { uint64(value.bitPattern) }

    mutating func string(_ value: String) {
        let utf8 = Array(value.utf8)
        uint32(UInt32(utf8.count))
        bytes.append(contentsOf: utf8)
    }

    mutating func array<T>(_ values: [T], _ element: (inout BinaryWriter, T) -> Void) {
        uint32(UInt32(values.count))
        for value in values { element(&self, value) }
    }

    mutating func int32s(_ values: [Int32]) {
        uint32(UInt32(values.count))
        values.withUnsafeBufferPointer { buffer in
            for value in buffer { int32(value) }
        }
    }
}

/// Little-endian reading with every length checked against what is left, so a corrupt count can neither read
/// past the end nor allocate more than the file could hold.
struct BinaryReader {
    struct Failure: Error {
        var offset: Int
        var message: String
    }

    let bytes: [UInt8]
    var offset: Int

    init(bytes: [UInt8], offset: Int = 0) {
        self.bytes = bytes
        self.offset = offset
    }

    private mutating func take(_ count: Int) throws(Failure) -> Int {
        guard count >= 0, count <= bytes.count - offset else {
            throw Failure(offset: offset, message: "needs \(count) bytes, \(bytes.count - offset) left")
        }
        defer { offset += count }
        return offset
    }

    mutating func uint8() throws(Failure) -> UInt8 { bytes[try take(1)] }

    mutating func uint32() throws(Failure) -> UInt32 {
        let at = try take(4)
        return UInt32(bytes[at]) | UInt32(bytes[at + 1]) << 8 | UInt32(bytes[at + 2]) << 16 | UInt32(bytes[at + 3]) << 24
    }

    mutating func uint64() throws(Failure) -> UInt64 {
        let low = UInt64(try uint32())
        return low | UInt64(try uint32()) << 32
    }

    mutating func int32() throws(Failure) -> Int32 { Int32(bitPattern: try uint32()) }
    mutating func double() throws(Failure) -> Double { Double(bitPattern: try uint64()) }

    mutating func string() throws(Failure) -> String {
        let count = Int(try uint32())
        let at = try take(count)
        return String(decoding: bytes[at..<(at + count)], as: UTF8.self)
    }

    /// A count, refused when even one byte per element would not fit in what is left.
    mutating func count() throws(Failure) -> Int {
        let count = Int(try uint32())
        guard count <= bytes.count - offset else {
            throw Failure(offset: offset - 4, message: "a count of \(count) with \(bytes.count - offset) bytes left")
        }
        return count
    }

    mutating func array<T>(_ element: (inout BinaryReader) throws(Failure) -> T) throws(Failure) -> [T] {
        let count = try count()
        var values: [T] = []
        values.reserveCapacity(count)
        for _ in 0..<count { values.append(try element(&self)) }
        return values
    }

    mutating func int32s() throws(Failure) -> [Int32] {
        let count = try count()
        let at = try take(count * 4)
        var values = [Int32](repeating: 0, count: count)
        bytes.withUnsafeBufferPointer { buffer in
            for i in 0..<count {
                let p = at + 4 * i
                values[i] = Int32(bitPattern: UInt32(buffer[p]) | UInt32(buffer[p + 1]) << 8
                                  | UInt32(buffer[p + 2]) << 16 | UInt32(buffer[p + 3]) << 24)
            }
        }
        return values
    }
}
