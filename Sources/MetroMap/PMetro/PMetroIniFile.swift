/// The INI-like layout of pMetro's `.map` and `.trp` files: `[Section]` headers, `key=value` lines,
/// `;` comments, CRLF or LF line ends. Keys may be empty (pMetro's `[Transfers]` often uses `=a,b,c,d`).
struct PMetroIniFile {
    struct Entry {
        var key: String
        var value: String
        var line: Int
    }

    struct Section {
        var name: String
        var line: Int
        var entries: [Entry]

        /// The first entry whose key matches case-insensitively (pMetro is written by hand; case varies).
        func entry(_ key: String) -> Entry? {
            entries.first { $0.key.lowercased() == key.lowercased() }
        }
    }

    var sections: [Section] = []
    /// Lines that are neither a header, a `key=value`, a comment nor blank.
    var unparsedLines: [(line: Int, text: String)] = []

    init(text: String) {
        var lineNumber = 0
        for rawLine in text.split(omittingEmptySubsequences: false, whereSeparator: { $0 == "\n" || $0 == "\r\n" || $0 == "\r" }) {
            lineNumber += 1
            let line = rawLine.trimmingPMetroWhitespace()
            if line.isEmpty || line.hasPrefix(";") || line.hasPrefix("//") { continue }
            if line.hasPrefix("["), let close = line.firstIndex(of: "]") {
                let name = line[line.index(after: line.startIndex)..<close].trimmingPMetroWhitespace()
                sections.append(Section(name: String(name), line: lineNumber, entries: []))
                continue
            }
            guard let equals = line.firstIndex(of: "="), !sections.isEmpty else {
                unparsedLines.append((lineNumber, String(line)))
                continue
            }
            let key = line[..<equals].trimmingPMetroWhitespace()
            let value = line[line.index(after: equals)...].trimmingPMetroWhitespace()
            sections[sections.count - 1].entries.append(Entry(key: String(key), value: String(value), line: lineNumber))
        }
    }

    func sections(named name: String) -> [Section] {
        sections.filter { $0.name.lowercased() == name.lowercased() }
    }
}

extension StringProtocol {
    /// Spaces, tabs and stray carriage returns trimmed from both ends.
    func trimmingPMetroWhitespace() -> SubSequence {
        var slice = self[...]
        while let first = slice.first, first == " " || first == "\t" || first == "\r" || first == "\u{FEFF}" {
            slice = slice.dropFirst()
        }
        while let last = slice.last, last == " " || last == "\t" || last == "\r" { slice = slice.dropLast() }
        return slice
    }
}
