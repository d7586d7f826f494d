import TOMLDocument
import Testing
@testable import MetroMap

/// The one helper every message quoting input goes through (issue 38, item 6): control characters from an id, a
/// file name or a socket's answer are shown as escapes, never sent raw to the operator's terminal or journal.
struct QuotedInputTests {
    @Test func controlCharactersAreEscaped() {
        #expect(TOMLText.excerpt("a\u{1B}[2Jb\nc\td\r\u{7F}\u{202E}e") == "a\\u{1B}[2Jb\\nc\\td\\r\\u{7F}\\u{202E}e")
        #expect(TOMLText.excerpt("Центральная 中央") == "Центральная 中央")
    }

    @Test func aLongIdIsCutAt80Characters() {
        let id = String(repeating: "\u{1B}x", count: 60_000)
        let quoted = TOMLText.excerpt(id)
        #expect(quoted.hasSuffix("…"))
        #expect(quoted == String(repeating: "\\u{1B}x", count: 40) + "…")
    }

    /// A map's unknown station id reaches the operator through the loader's message.
    @Test func anIdWithAnEscapeSequenceIsQuotedEscaped() {
        let text = "format = 1\nname = \"x\"\nbounds = [0, 0, 10, 10]\n[[station]]\nid = \"a\"\nname = \"A\"\n"
            + "[[line]]\nid = \"l\"\nname = \"L\"\ncolor = \"#ff0000\"\nsegments = [[\"a\", \"\\u001b[31mred\"]]\n"
        #expect {
            try MapFileLoader.parse(text: text, fileName: "e.toml")
        } throws: { error in
            "\(error)".contains("unknown station \"\\u{1B}[31mred\"") && !"\(error)".contains("\u{1B}")
        }
    }
}

/// "Did you mean" for a huge name (issue 38): candidates whose length alone puts them out of reach are skipped,
/// so a 120,000-character id costs one pass, not a 120,000-row table per station.
struct NearestNameBoundTests {
    @Test func aNameFarLongerThanEveryCandidateGetsNoSuggestion() {
        let huge = String(repeating: "x", count: 120_000)
        #expect(NearestName.suggestion(for: huge, among: (0..<1_000).map { "station-\($0)" }) == nil)
        #expect(NearestName.suggestion(for: "statoin-7", among: (0..<1_000).map { "station-\($0)" }) == "station-7")
    }
}
