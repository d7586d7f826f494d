import Foundation
import TOMLDocument
import Testing
@testable import MetroMap

/// Map files an operator (or an attacker) could hand the kiosk: numbers beyond the documented bounds, and segments
/// long enough that locating each id by rescanning the value was quadratic (30k stations took over a minute).
struct HostileMapFormatTests {
    func map(position: String, label: String = "") -> String {
        """
        format = 1
        name = "x"
        bounds = [0, 0, 100, 100]
        [[station]]
        id = "a"
        name = "A"
        position = \(position)
        \(label)
        [[station]]
        id = "b"
        name = "B"
        position = [5, 5]
        [[line]]
        id = "l"
        name = "L"
        color = "#ff0000"
        segments = [["a", "b"]]
        """
    }

    @Test func coordinatesBeyondTheDocumentedBoundsAreLocatedErrors() {
        #expect {
            try MapFileLoader.parse(text: map(position: "[1e13, 5]"), fileName: "far.toml")
        } throws: { error in
            "\(error)".contains("far.toml:7:1: station \"a\": position values must lie between -1000000 and 1000000")
        }
        #expect {
            try MapFileLoader.parse(text: map(position: "[5, 5]", label: "label = [1e30, 0, 10, 10]"), fileName: "l.toml")
        } throws: { error in
            "\(error)".contains("l.toml:8:1: station \"a\": 'label' values must lie between")
        }
    }

    @Test func aLongValueIsQuotedAtMost80Characters() {
        let long = String(repeating: "x", count: 100_000)
        let text = map(position: "[5, 5]").replacingOccurrences(of: "[[\"a\", \"b\"]]", with: "[[\"a\", \"\(long)\"]]")
        #expect {
            try MapFileLoader.parse(text: text, fileName: "long.toml")
        } throws: { error in
            let message = "\(error)"
            return message.contains("unknown station \"" + String(repeating: "x", count: 80) + "…\"") && message.count < 400
        }
    }

    /// Every id of a 20,000-station segment is located from one scan; the unknown one at the end gets its column.
    @Test func unknownStationsInAHugeSegmentAreLocatedExactly() {
        var text = "format = 1\nname = \"big\"\nbounds = [0, 0, 100, 100]\n"
        for index in 0..<20_000 { text += "[[station]]\nid = \"s\(index)\"\nname = \"S\"\nposition = [1, 1]\n" }
        let ids = (0..<20_000).map { "\"s\($0)\"" }.joined(separator: ", ")
        text += "[[line]]\nid = \"l\"\nname = \"L\"\ncolor = \"#ff0000\"\nsegments = [[\(ids), \"nope\"]]\n"
        let segmentLine = 3 + 4 * 20_000 + 5
        let column = "segments = [[".count + ids.count + 2 + 1
        #expect {
            try MapFileLoader.parse(text: text, fileName: "big.toml")
        } throws: { error in
            "\(error)".contains("big.toml:\(segmentLine):\(column): line \"l\": unknown station \"nope\" in segment 1")
        }
    }
}

/// Found by fuzzing: toml++ aborts the process (an assertion, in release builds too) on a table header that does
/// not start with a key; the loader refuses it first, at its position.
struct MalformedTableHeaderTests {
    @Test(arguments: ["[,a]\n", "x = 1\n[[{station]]\n", "[\n", "[ #x]\n", "[é]\n", "[\u{59E})]\nI\nEE"])
    func aHeaderWithoutAKeyIsALocatedSyntaxError(text: String) {
        #expect {
            try MapFileLoader.parse(text: text, fileName: "h.toml")
        } throws: { error in
            "\(error)".contains("expected a table name (a bare or quoted key) after '['")
        }
    }

    @Test(arguments: ["label = [}722, 581, 82, 18.0]\n", "x = [1, }]\n", "x = { a = [ }\n", "x = [ # c\n}1]\n"])
    func aBraceWhereAnArrayExpectsAValueIsALocatedSyntaxError(text: String) {
        #expect {
            try MapFileLoader.parse(text: text, fileName: "a.toml")
        } throws: { error in
            "\(error)".contains("expected a value or ']' in the array, found '}'")
        }
    }

    @Test func headersInsideMultilineArraysAreValuesNotHeaders() throws {
        let locator = TOMLSourceLocator(text: "segments = [\n  [{ a = 1 }],\n  [+1, 2],\n]\n[ \"station\" ]\n[]\n")
        #expect(locator.malformedSyntax == nil)
    }
}
