/// A bound on how deeply a YAML document nests, checked on the text before Yams composes it: Yams builds its node
/// tree recursively, so a document nested 5,000 levels deep (`[[[[…` or 5,000 indented `- ` items) overflowed the
/// stack. A `libinput record` file nests six levels; the limit leaves ample room.
enum YAMLNestingLimit {
    static let maximumDepth = 64

    /// The line and column (1-based) where the document first goes deeper than `maximumDepth`, or nil.
    static func firstViolation(in text: String) -> (line: Int, column: Int)? {
        var scanner = Scanner()
        var lineNumber = 0
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            lineNumber += 1
            if let column = scanner.feed(line) { return (lineNumber, column) }
        }
        return nil
    }

    /// The check one line at a time, for readers that stream. Depth counts open flow collections (`[`, `{`) plus
    /// block levels (distinct indentations still open, and compact `- ` / `? ` entries that open a level on the same
    /// line). Quoted scalars and comments are skipped.
    struct Scanner {
        private var indents: [Int] = []
        private(set) var flow = 0

        /// The 1-based column (in UTF-8 bytes) where `line` goes deeper than the limit, or nil.
        mutating func feed(_ line: some StringProtocol) -> Int? {
            feed(bytes: Array(line.utf8))
        }

        mutating func feed(bytes: [UInt8]) -> Int? {
            var column = 0
            while column < bytes.count, bytes[column] == UInt8(ascii: " ") { column += 1 }
            if column == bytes.count || bytes[column] == UInt8(ascii: "#") || bytes[column] == UInt8(ascii: "\r") { return nil }
            if flow == 0 {
                while let last = indents.last, last >= column { indents.removeLast() }
                indents.append(column)
                // Compact nested entries (`- - - x`) each open a level at the next column.
                var cursor = column
                while cursor + 1 < bytes.count, bytes[cursor] == UInt8(ascii: "-") || bytes[cursor] == UInt8(ascii: "?"),
                      bytes[cursor + 1] == UInt8(ascii: " ") {
                    cursor += 2
                    while cursor < bytes.count, bytes[cursor] == UInt8(ascii: " ") { cursor += 1 }
                    indents.append(cursor)
                    if indents.count > maximumDepth { return cursor + 1 }
                }
                if indents.count > maximumDepth { return column + 1 }
            }
            var quote: UInt8?
            var index = column
            while index < bytes.count {
                let byte = bytes[index]
                if let open = quote {
                    if byte == UInt8(ascii: "\\") && open == UInt8(ascii: "\"") { index += 1 }
                    else if byte == open { quote = nil }
                } else if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") {
                    quote = byte
                } else if byte == UInt8(ascii: "#") && (index == 0 || bytes[index - 1] == UInt8(ascii: " ")) {
                    break
                } else if byte == UInt8(ascii: "[") || byte == UInt8(ascii: "{") {
                    flow += 1
                    if flow + indents.count > maximumDepth { return index + 1 }
                } else if byte == UInt8(ascii: "]") || byte == UInt8(ascii: "}") {
                    flow = max(0, flow - 1)
                }
                index += 1
            }
            return nil
        }
    }
}
