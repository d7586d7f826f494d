import Foundation
import Testing
import TestSupport
@testable import MetroMap

/// The example in docs/map-format.md is a complete map: if the format changes, the document must follow.
@Test func documentedExampleLoads() throws {
    let document = RepositoryPaths.file("docs/map-format.md")
    let text = try String(contentsOf: document, encoding: .utf8)
    let start = try #require(text.range(of: "```toml\n"))
    let end = try #require(text.range(of: "\n```", range: start.upperBound..<text.endIndex))
    let map = try MapFileLoader.parse(text: String(text[start.upperBound..<end.lowerBound]), fileName: "map-format.md")
    #expect(map.line(id: "blue")?.hasBranch == true)
    #expect(map.line(id: "ring")?.hasLoop == true)
    #expect(map.station(id: "harbour")?.isPlaced == false)
    #expect(map.station(id: "west")?.labelAnchor == .below)
}
