import Diagnostics

/// Finds where keys and values sit in TOML text, so validation can point at `file:line:col`, and guards toml++.
///
/// toml++ reports positions only for syntax errors, not for the values it returns, so this scans the text
/// itself: table headers (counting `[[station]]` occurrences), `key = value` lines, and the extent of every
/// value (strings, nested arrays and inline tables, comments). Paths look like `name`, `names.ru`,
/// `station[3].position`, `line[0].link[2].via`; indices count array-of-tables entries from 0.
/// The scan runs before toml++ sees the text (`LocatedTOML.parse`, `TOMLTable(string:)`): the same pass notes the
/// few inputs that would make toml++ abort (`malformedSyntax`). Any other oddity is skipped rather than reported;
/// toml++ reports it.
public struct TOMLSourceLocator: Sendable {
    private struct Entry: Sendable {
        var key: Int
        var valueStart: Int
        var valueEnd: Int
    }

    /// Unicode scalars, not Characters: a combining mark after `[` would otherwise merge with it into one
    /// grapheme and hide a table header (found by fuzzing). Columns count scalars, as `SourceText` does.
    private let characters: [Unicode.Scalar]
    private let lineStarts: [Int]
    private var entries: [String: Entry] = [:]
    private var tableHeaders: [String: Int] = [:]
    /// The first place where toml++ would fail an assertion and abort the process instead of
    /// reporting a syntax error: a table header not starting with a key (`[,a]`, `[{x]]`, `[` then end of line) or
    /// a `}` where an array expects a value (`[}1]`). `LocatedTOML.parse` and `TOMLTable(string:)` refuse these
    /// from here before the text reaches toml++. Found by fuzzing.
    public private(set) var malformedSyntax: (position: SourcePosition, message: String)?

    /// toml++ stops arrays and inline tables at 256 levels but lets dotted keys (`a.a.….a = 1`, `[a.a.….a]`) nest
    /// tables without a bound, and a few thousand of them overflow the stack when the document is freed (SIGSEGV,
    /// issue 38). Here every level counts against one cap, however it was written: a header's parts, a key's parts,
    /// brackets, braces and the dotted keys inside an inline table.
    public static let maximumNesting = 256
    static let nulEscapeMessage = "TOML syntax: a NUL character (\\u0000) in a string: the value would be cut there"
    static let tooDeepMessage = "TOML syntax: nested more than \(maximumNesting) levels deep (table names, dotted keys and brackets counted together)"

    public init(text: String) {
        characters = Array(text.unicodeScalars)
        var starts = [0]
        for (index, character) in characters.enumerated() where character == "\n" {
            starts.append(index + 1)
        }
        lineStarts = starts
        scan()
    }

    /// Where the key of `path` is written, or the header of the table `path` names.
    public func position(of path: String) -> SourcePosition? {
        if let entry = entries[path] { return position(atIndex: entry.key) }
        if let header = tableHeaders[path] { return position(atIndex: header) }
        return nil
    }

    /// Where the value of `path` starts.
    public func valuePosition(of path: String) -> SourcePosition? {
        entries[path].map { position(atIndex: $0.valueStart) }
    }

    /// Where the string literal `literal` appears inside the value of `path` (the `occurrence`-th time, from 0).
    public func position(ofString literal: String, inValueOf path: String, occurrence: Int = 0) -> SourcePosition? {
        guard let entry = entries[path] else { return nil }
        let needle = Array(TOMLText.quoted(literal).unicodeScalars)
        guard !needle.isEmpty, entry.valueEnd - entry.valueStart >= needle.count else { return nil }
        var found = 0
        var index = entry.valueStart
        while index + needle.count <= entry.valueEnd {
            if characters[index..<index + needle.count].elementsEqual(needle) {
                if found == occurrence { return position(atIndex: index) }
                found += 1
                index += needle.count
            } else {
                index += 1
            }
        }
        return nil
    }

    /// Every string literal inside the value of `path`, unquoted, with where each occurrence starts, in order: one
    /// pass over the value, so locating all n ids of a segment costs O(length), not O(n × length).
    public func stringLiteralPositions(inValueOf path: String) -> [String: [SourcePosition]] {
        guard let entry = entries[path] else { return [:] }
        var found: [String: [SourcePosition]] = [:]
        var index = entry.valueStart
        while index < entry.valueEnd {
            let character = characters[index]
            if character == "\"" || character == "'" {
                let end = min(endOfString(from: index), entry.valueEnd)
                found[TOMLText.unquoted(Self.string(characters[index..<end])), default: []].append(position(atIndex: index))
                index = end
            } else if character == "#" {
                index = endOfLine(from: index)
            } else {
                index += 1
            }
        }
        return found
    }

    /// The closest known position for `path`: its own, else its parent's (`a[2].b.c` → `a[2].b` → `a[2]`), else 1:1.
    public func bestPosition(for path: String) -> SourcePosition {
        var current = Substring(path)
        while !current.isEmpty {
            if let found = position(of: String(current)) { return found }
            guard let cut = current.lastIndex(where: { $0 == "." || $0 == "[" }) else { break }
            current = current[..<cut]
        }
        return SourcePosition(line: 1, column: 1)
    }

    private func position(atIndex index: Int) -> SourcePosition {
        // Binary search for the last line starting at or before index.
        var low = 0, high = lineStarts.count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if lineStarts[middle] <= index { low = middle } else { high = middle - 1 }
        }
        return SourcePosition(line: low + 1, column: index - lineStarts[low] + 1)
    }

    // MARK: - Scanning

    private mutating func scan() {
        var index = 0
        var table = ""
        var tableDepth = 0
        var arrayCounts: [String: Int] = [:]
        while index < characters.count {
            let character = characters[index]
            if character == " " || character == "\t" || Self.isNewline(character) {
                index += 1
            } else if character == "#" {
                index = endOfLine(from: index)
            } else if character == "[" {
                let headerStart = index
                let isArray = index + 1 < characters.count && characters[index + 1] == "["
                index += isArray ? 2 : 1
                let nameStart = skipBlanks(from: index)
                if malformedSyntax == nil {
                    let first = nameStart < characters.count ? characters[nameStart] : "\n"
                    if !(TOMLText.isBareKeyCharacter(first) || first == "\"" || first == "'" || first == "]") {
                        malformedSyntax = (position(atIndex: nameStart), TOMLText.malformedHeaderMessage)
                    }
                }
                let (components, after) = parseKey(from: index)
                if components.count > Self.maximumNesting { noteTooDeep(at: nameStart) }
                tableDepth = components.count
                var prefix = ""
                for (position, component) in components.enumerated() {
                    var path = prefix.isEmpty ? component : prefix + "." + component
                    if isArray && position == components.count - 1 {
                        let count = (arrayCounts[path] ?? 0) + 1
                        arrayCounts[path] = count
                        path += "[\(count - 1)]"
                    } else if let count = arrayCounts[path] {
                        path += "[\(count - 1)]"
                    }
                    prefix = path
                }
                table = prefix
                tableHeaders[prefix] = headerStart
                noteNulEscapes(from: headerStart, to: after)
                index = endOfLine(from: after)
            } else {
                let keyStart = index
                let (components, after) = parseKey(from: index)
                var cursor = skipBlanks(from: after)
                guard !components.isEmpty, cursor < characters.count, characters[cursor] == "=" else {
                    index = endOfLine(from: max(after, index + 1))
                    continue
                }
                cursor = skipBlanks(from: cursor + 1)
                let depth = tableDepth + components.count
                if depth > Self.maximumNesting { noteTooDeep(at: keyStart) }
                let valueEnd = endOfValue(from: cursor, depth: depth)
                noteNulEscapes(from: keyStart, to: valueEnd)
                let key = components.joined(separator: ".")
                let path = table.isEmpty ? key : table + "." + key
                entries[path] = Entry(key: keyStart, valueStart: cursor, valueEnd: valueEnd)
                index = valueEnd
            }
        }
    }

    private static func isNewline(_ scalar: Unicode.Scalar) -> Bool { scalar == "\n" || scalar == "\r" }

    /// toml++ decodes `\u0000` into the string, and TOMLKit handed strings on as C strings: `"other.toml\u0000x"`
    /// loaded `other.toml` (issue 38); a NUL in a path or name is refused here still. Every basic string's escapes between `start` and `end` are looked at;
    /// literal strings and comments hold no escapes.
    private mutating func noteNulEscapes(from start: Int, to end: Int) {
        guard malformedSyntax == nil else { return }
        var index = start
        while index < end {
            let character = characters[index]
            if character == "#" {
                index = endOfLine(from: index)
            } else if character == "'" {
                index = endOfString(from: index)
            } else if character == "\"" {
                let stringEnd = endOfString(from: index)
                var cursor = index + 1
                while cursor < stringEnd {
                    guard characters[cursor] == "\\", cursor + 1 < stringEnd else { cursor += 1; continue }
                    let kind = characters[cursor + 1]
                    let digits = kind == "u" ? 4 : kind == "U" ? 8 : 0
                    if digits > 0, cursor + 2 + digits <= stringEnd,
                       characters[(cursor + 2)..<(cursor + 2 + digits)].allSatisfy({ $0 == "0" }) {
                        malformedSyntax = (position(atIndex: cursor), Self.nulEscapeMessage)
                        return
                    }
                    cursor += 2
                }
                index = stringEnd
            } else {
                index += 1
            }
        }
    }

    private mutating func noteTooDeep(at index: Int) {
        if malformedSyntax == nil { malformedSyntax = (position(atIndex: index), Self.tooDeepMessage) }
    }

    private static func string(_ scalars: ArraySlice<Unicode.Scalar>) -> String {
        var view = String.UnicodeScalarView()
        view.append(contentsOf: scalars)
        return String(view)
    }

    private func skipBlanks(from start: Int) -> Int {
        var index = start
        while index < characters.count, characters[index] == " " || characters[index] == "\t" { index += 1 }
        return index
    }

    private func endOfLine(from start: Int) -> Int {
        var index = start
        while index < characters.count, !Self.isNewline(characters[index]) { index += 1 }
        return index
    }

    /// A dotted key (`a`, `a.b`, `"quoted key".c`) starting at `start`; returns its parts and the index after it.
    private func parseKey(from start: Int) -> ([String], Int) {
        var components: [String] = []
        var index = skipBlanks(from: start)
        while index < characters.count {
            let character = characters[index]
            if character == "\"" || character == "'" {
                let end = endOfString(from: index)
                components.append(TOMLText.unquoted(Self.string(characters[index..<end])))
                index = end
            } else if TOMLText.isBareKeyCharacter(character) {
                let begin = index
                while index < characters.count, TOMLText.isBareKeyCharacter(characters[index]) { index += 1 }
                components.append(Self.string(characters[begin..<index]))
            } else {
                break
            }
            index = skipBlanks(from: index)
            guard index < characters.count, characters[index] == "." else { break }
            index = skipBlanks(from: index + 1)
        }
        return (components, index)
    }

    /// The index just past a string literal that opens at `start` (basic, literal, or either multi-line form).
    private func endOfString(from start: Int) -> Int {
        let quote = characters[start]
        let isTriple = start + 2 < characters.count && characters[start + 1] == quote && characters[start + 2] == quote
        var index = start + (isTriple ? 3 : 1)
        while index < characters.count {
            let character = characters[index]
            if quote == "\"" && character == "\\" {
                index += 2
                continue
            }
            if !isTriple && Self.isNewline(character) { return index }
            if character == quote {
                if !isTriple { return index + 1 }
                if index + 2 < characters.count, characters[index + 1] == quote, characters[index + 2] == quote {
                    var end = index + 3
                    // A triple-quoted string may end with up to two extra quotes that belong to its content.
                    while end < characters.count, characters[end] == quote, end < index + 5 { end += 1 }
                    return end
                }
            }
            index += 1
        }
        return index
    }

    /// The index just past a value: nested brackets and braces closed, strings and comments skipped. Also notes
    /// the first `}` where an array expects a value (`[}1]`, `[1, }]`), on which toml++ asserts and aborts, and the
    /// first place nested deeper than `maximumNesting` counting from `depth` (the levels of the key holding it).
    private mutating func endOfValue(from start: Int, depth: Int) -> Int {
        var index = start
        // Each open bracket or brace with the levels of the dotted key currently inside it (inline tables only).
        var open: [(bracket: Unicode.Scalar, keyDepth: Int)] = []
        var nesting = depth
        var expectingArrayValue = false
        var expectingKey = false
        var lastSignificant = start
        while index < characters.count {
            let character = characters[index]
            if expectingKey, TOMLText.isBareKeyCharacter(character) || character == "\"" || character == "'" {
                // A key of an inline table: `{ a.b.c = 1 }` nests as deep as three more braces would.
                let (components, after) = parseKey(from: index)
                expectingKey = false
                if !components.isEmpty, !open.isEmpty {
                    nesting += components.count - open[open.count - 1].keyDepth
                    open[open.count - 1].keyDepth = components.count
                    if nesting > Self.maximumNesting { noteTooDeep(at: index) }
                    index = after
                    lastSignificant = index
                    continue
                }
            }
            switch character {
            case "\"", "'":
                index = endOfString(from: index)
                lastSignificant = index
                expectingArrayValue = false
                continue
            case "#":
                index = endOfLine(from: index)
                continue
            case "[", "{":
                expectingArrayValue = character == "["
                expectingKey = character == "{"
                open.append((character, 0))
                nesting += 1
                if nesting > Self.maximumNesting { noteTooDeep(at: index) }
            case "]", "}":
                if character == "}", expectingArrayValue, malformedSyntax == nil {
                    malformedSyntax = (position(atIndex: index), "TOML syntax: expected a value or ']' in the array, found '}'")
                }
                expectingArrayValue = false
                expectingKey = false
                if let closed = open.popLast() { nesting -= 1 + closed.keyDepth }
            case ",":
                expectingArrayValue = open.last?.bracket == "["
                expectingKey = open.last?.bracket == "{"
            default:
                if Self.isNewline(character) && open.isEmpty { return lastSignificant }
                if !(character == " " || character == "\t" || Self.isNewline(character)) {
                    expectingArrayValue = false
                    expectingKey = false
                }
            }
            index += 1
            if !(character == " " || character == "\t" || Self.isNewline(character)) { lastSignificant = index }
        }
        return lastSignificant
    }
}
