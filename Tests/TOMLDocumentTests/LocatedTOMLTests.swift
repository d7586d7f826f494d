import Diagnostics
import Testing
import TOMLDocument

/// TOML's one way in (issue 36): the guard against toml++'s aborts runs before toml++ sees the text, whichever way
/// a document is parsed, and a syntax error is worded and located once.
struct LocatedTOMLTests {
    /// Inputs on which toml++ fails an assertion (or overflows the stack freeing the document) instead of reporting a
    /// syntax error, each with where the guard places it. Found by fuzzing (issues 37, 38).
    static let aborting: [(text: String, line: Int, column: Int)] = [
        ("[,a]\n", 1, 2),
        ("x = 1\n[{x]]\n", 2, 2),
        ("[\n", 1, 2),
        ("a = [}1]\n", 1, 6),
        ("a = \"p\\u0000q\"\n", 1, 7),
        (String(repeating: "a.", count: 300) + "a = 1\n", 1, 1),
    ]

    @Test(arguments: aborting.indices)
    func whatWouldAbortTomlppIsALocatedErrorFromEitherDoor(_ index: Int) {
        let (text, line, column) = Self.aborting[index]
        guard case let .failure(diagnostic) = LocatedTOML.parse(text, file: "hostile.toml") else {
            Issue.record("parsed: \(text.prefix(40))")
            return
        }
        #expect(diagnostic.file == "hostile.toml" && diagnostic.message.hasPrefix("TOML syntax: "))
        #expect(diagnostic.line == line, "\(diagnostic)")
        if index < Self.aborting.count - 1 { #expect(diagnostic.column == column, "\(diagnostic)") }
        // The bare parse takes the same guard: an error, not an abort of the process.
        #expect(throws: TOMLParseError.self) { _ = try TOMLTable(string: text) }
    }

    @Test func aSyntaxErrorIsWordedOnceAtTomlppsPlace() throws {
        guard case let .failure(diagnostic) = LocatedTOML.parse("a = 1\nb = \n", file: "f.toml") else {
            Issue.record("a key without a value parsed")
            return
        }
        #expect(diagnostic.description.hasPrefix("f.toml:2:"))
        #expect(diagnostic.message.hasPrefix("TOML syntax: "))
        #expect(!diagnostic.message.hasPrefix("TOML syntax: TOML syntax"))
        let bare = try #require(throws: TOMLParseError.self) { _ = try TOMLTable(string: "a = 1\nb = \n") }
        #expect(diagnostic.message == "TOML syntax: " + bare.description)
        #expect(diagnostic.line == bare.source.begin.line && diagnostic.column == bare.source.begin.column)
    }

    @Test func aDocumentComesWithWhereEachValueIsWritten() throws {
        let document = try LocatedTOML.parse("# map\n[station]\nid = \"a\"\nnames = { ru = \"А\" }\n", file: "m.toml").get()
        #expect(document.root["station"]?.table?["id"]?.string == "a")
        #expect(document.locator.position(of: "station.names") == SourcePosition(line: 4, column: 1))
        #expect(document.locator.valuePosition(of: "station.id") == SourcePosition(line: 3, column: 6))
    }
}
