import Foundation
import MetroMap
import TOMLDocument
import Testing
@testable import KioskCore

/// Nesting written with dotted keys (issue 38): toml++ caps arrays and inline tables at 256 levels but not the
/// tables a dotted key or header opens, and 3,000 of them crashed check-config. The locator, which every TOML
/// input passes first, now counts all of them against one cap, at the place that crosses it.
struct HostileTOMLNestingTests {
    static let message = "TOML syntax: nested more than 256 levels deep (table names, dotted keys and brackets counted together)"

    static func keys(_ count: Int) -> String { Array(repeating: "a", count: count).joined(separator: ".") }

    @Test func theKeptDottedKeyIsALocatedErrorNotACrash() throws {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("config/dotted-key-3000-segments.toml")
        let text = try String(contentsOf: url, encoding: .utf8)
        #expect(try HostileConfigTests().problems(text) == ["kiosk.toml:3:1: " + Self.message])
    }

    @Test(arguments: [
        (Self.keys(300) + " = 1\n", "1:1"),
        ("[" + Self.keys(300) + "]\n", "1:2"),
        ("[" + Self.keys(200) + "]\n" + Self.keys(57) + " = 1\n", "2:1"),
        ("x = { " + Self.keys(300) + " = 1 }\n", "1:7"),
        ("x = [" + String(repeating: "{ a = [", count: 90) + "\n", "1:600"),
        ("a.b = " + String(repeating: "[", count: 300) + "\n", "1:261"),
    ])
    func everyWayOfNestingCountsAgainstOneCap(text: String, location: String) {
        let locator = TOMLSourceLocator(text: text)
        #expect(locator.malformedSyntax?.message == Self.message)
        #expect(locator.malformedSyntax.map { "\($0.position.line):\($0.position.column)" } == location)
    }

    @Test func nestingUpToTheCapIsLeftToTheParser() {
        #expect(TOMLSourceLocator(text: Self.keys(256) + " = 1\n").malformedSyntax == nil)
        #expect(TOMLSourceLocator(text: "[" + Self.keys(200) + "]\n" + Self.keys(56) + " = 1\n").malformedSyntax == nil)
        #expect(TOMLSourceLocator(text: "x = { a = { b.c = [1, 2.5, { d = 'e' }] }, f = [[1], [2]] }\n").malformedSyntax == nil)
    }

    /// The map loader shares the guard.
    @Test func aMapWithADeepDottedKeyIsRefusedAtItsPlace() {
        #expect {
            try MapFileLoader.parse(text: "format = 1\n" + Self.keys(3_000) + " = 1\n", fileName: "deep.toml")
        } throws: { error in
            "\(error)".contains("deep.toml:2:1: " + Self.message)
        }
    }
}
