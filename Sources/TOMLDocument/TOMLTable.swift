import CTOMLDocument

/// A TOML table: the document's root or a table inside it.
public struct TOMLTable: TOMLValueConvertible, @unchecked Sendable {
    let storage: TOMLStorage
    let node: OpaquePointer

    init(storage: TOMLStorage, node: OpaquePointer) {
        self.storage = storage
        self.node = node
    }

    /// Parses a whole document, refusing first what would make toml++ abort (`TOMLSourceLocator.malformedSyntax`) as
    /// a parse error at its place. A reader that reports located problems parses with `LocatedTOML.parse`, which
    /// keeps the locator this scan builds and words the error once.
    public init(string: String) throws(TOMLParseError) {
        if let (position, message) = TOMLSourceLocator(text: string).malformedSyntax {
            throw TOMLParseError(description: message,
                                 source: .init(begin: .init(line: position.line, column: position.column)))
        }
        try self.init(guardedText: string)
    }

    /// Parses text whose scan found nothing toml++ would abort on. toml++ runs with exceptions off, so a syntax error
    /// is returned to us, not thrown through Swift frames.
    init(guardedText string: String) throws(TOMLParseError) {
        var text = string
        let parsed = text.withUTF8 { bytes in
            bytes.withMemoryRebound(to: CChar.self) { metro_toml_parse($0.baseAddress, $0.count) }
        }
        guard let parsed else { fatalError("out of memory parsing TOML") }
        let storage = TOMLStorage(parsed)
        guard let root = metro_toml_root(parsed) else {
            var length = 0
            let bytes = metro_toml_error_description(parsed, &length)
            let description = bytes.map { pointer in
                pointer.withMemoryRebound(to: UInt8.self, capacity: length) {
                    String(decoding: UnsafeBufferPointer(start: $0, count: length), as: UTF8.self)
                }
            } ?? "invalid TOML"
            let begin = TOMLParseError.Position(line: Int(metro_toml_error_line(parsed)),
                                                column: Int(metro_toml_error_column(parsed)))
            throw TOMLParseError(description: description, source: .init(begin: begin))
        }
        self.init(storage: storage, node: root)
    }

    public var tomlValue: TOMLValue { TOMLValue(storage: storage, node: node) }
    public var count: Int { metro_toml_count(node) }
    public var isEmpty: Bool { count == 0 }

    /// The keys in the document's order.
    public var keys: [String] {
        let capacity = count
        var pointers = [UnsafePointer<CChar>](repeating: UnsafePointer(bitPattern: 1)!, count: capacity)
        var lengths = [Int](repeating: 0, count: capacity)
        let written = metro_toml_table_keys(node, &pointers, &lengths, capacity)
        return (0..<written).map { index in
            pointers[index].withMemoryRebound(to: UInt8.self, capacity: lengths[index]) {
                String(decoding: UnsafeBufferPointer(start: $0, count: lengths[index]), as: UTF8.self)
            }
        }
    }

    public subscript(key: String) -> TOMLValue? {
        var key = key
        let found = key.withUTF8 { bytes in
            bytes.withMemoryRebound(to: CChar.self) { metro_toml_table_get(node, $0.baseAddress, $0.count) }
        }
        return found.map { TOMLValue(storage: storage, node: $0) }
    }

    public func contains(key: String) -> Bool { self[key] != nil }
}
