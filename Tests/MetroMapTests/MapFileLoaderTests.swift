import Testing
import Foundation
@testable import MetroMap

/// A two-line map with a branch, a transfer and a bent, timed link: small enough to reason about by hand.
let smallMapText = """
format = 1
name = "Testville"
names = { ru = "Тествиль" }
bounds = [0, 0, 400, 300]

[[station]]
id = "a"
name = "Alpha"
names = { ru = "Альфа" }
position = [10, 10]
label = [16, 2, 40, 16]

[[station]]
id = "b"
name = "Bravo"
position = [100, 10]
label_anchor = "below"

[[station]]
id = "c"
name = "Charlie"
position = [200, 10]

[[station]]
id = "d"
name = "Delta"
position = [100, 100]

[[station]]
id = "e"
name = "Echo"
off_scheme = true

[[line]]
id = "red"
name = "Red"
color = "#E41C0C"
segments = [
  ["a", "b", "c"],
  ["b", "d"],
]

[[line.link]]
from = "b"
to = "c"
via = [[150, 40]]
travel_seconds = 90

[[line]]
id = "blue"
name = "Blue"
color = "#0000ff"
segments = [["d", "e"]]

[[transfer]]
stations = ["d", "c"]
walk_seconds = 240
visible = false
"""

@Test func smallMapLoadsEveryField() throws {
    let map = try MapFileLoader.parse(text: smallMapText, fileName: "small.toml")
    #expect(map.name == "Testville")
    #expect(map.name(in: "ru") == "Тествиль")
    #expect(map.bounds == SchemeRect(x: 0, y: 0, width: 400, height: 300))
    #expect(map.stations.count == 5)
    #expect(map.station(id: "a")?.labelBox == SchemeRect(x: 16, y: 2, width: 40, height: 16))
    #expect(map.station(id: "a")?.name(in: "ru") == "Альфа")
    #expect(map.station(id: "b")?.labelAnchor == .below)
    #expect(map.station(id: "e")?.position == nil)
    let red = try #require(map.line(id: "red"))
    #expect(red.color == RGBColor(red: 0xE4, green: 0x1C, blue: 0x0C))
    #expect(red.segments == [["a", "b", "c"], ["b", "d"]])
    #expect(red.hasBranch)
    #expect(!red.hasLoop)
    #expect(red.link(from: "c", to: "b")?.bendPoints == [SchemePoint(x: 150, y: 40)])
    #expect(red.link(from: "c", to: "b")?.travelSeconds == 90)
    #expect(map.line(id: "blue")?.color == RGBColor(red: 0, green: 0, blue: 255))
    #expect(map.transfers == [Transfer(stationIDs: ["d", "c"], walkSeconds: 240, isVisible: false)])
}

@Test func writtenMapLoadsBackEqual() throws {
    let map = try MapFileLoader.parse(text: smallMapText, fileName: "small.toml")
    let written = MapFileWriter.text(for: map)
    let reloaded = try MapFileLoader.parse(text: written, fileName: "written.toml")
    #expect(reloaded == map)
}

/// Collects the diagnostics of text expected to be rejected.
func diagnostics(of text: String) -> [MapDiagnostic] {
    do {
        _ = try MapFileLoader.parse(text: text, fileName: "bad.toml")
        return []
    } catch {
        return error.diagnostics
    }
}

@Test func everyProblemIsReportedWithItsLineAndColumn() {
    let text = """
    name = "Broken"
    bounds = [0, 0, 400, 300]

    [[station]]
    id = "a"
    name = "Alpha"
    position = [10, 10]

    [[station]]
    id = "a"
    name = "Again"
    position = [20, 10]

    [[station]]
    id = "lost"
    name = "Lost"

    [[station]]
    id = "far"
    name = "Far"
    postion = [1, 1]
    position = "here"

    [[line]]
    id = "red"
    name = "Red"
    color = "#E41C0"
    segments = [["a", "nowhere", "far"]]

    [[transfer]]
    stations = ["a", "ghost"]
    walk_seconds = -5
    """
    let found = diagnostics(of: text).map(\.description)
    #expect(found == [
        "bad.toml:10:1: station \"a\": duplicate id (first defined on line 4)",
        "bad.toml:14:1: station \"lost\": missing position (give position = [x, y], or off_scheme = true for a station that is not drawn)",
        "bad.toml:21:1: station \"far\": unknown key 'postion', did you mean 'position'? (expected one of: hide_label, id, label, label_anchor, name, names, off_scheme, position)",
        "bad.toml:22:1: station \"far\": 'position' must be [x, y], found a string",
        "bad.toml:27:1: line \"red\": color \"#E41C0\" is not \"#RRGGBB\"",
        "bad.toml:28:19: line \"red\": unknown station \"nowhere\" in segment 1",
        "bad.toml:31:18: transfer 1: unknown station \"ghost\"",
        "bad.toml:32:1: transfer 1: 'walk_seconds' must be at least 0, found -5",
    ])
}

@Test func syntaxErrorReportsTheParsersPosition() {
    let found = diagnostics(of: "name = \"x\"\nbounds = [0, 0,\n  1, 2\nfoo = = 3\n")
    #expect(found.count == 1)
    #expect(found.first?.line == 4)
    #expect(found.first?.message.hasPrefix("TOML syntax:") == true)
}

@Test func linkProblemsPointIntoTheRightLinesLinkTable() {
    let text = smallMapText.replacingOccurrences(of: "from = \"b\"\nto = \"c\"", with: "from = \"a\"\nto = \"c\"")
        + "\n\n[[line.link]]\nfrom = \"d\"\nto = \"e\"\nvia = [[1, 2, 3]]\ntravel_seconds = \"slow\"\n"
    let found = diagnostics(of: text).map(\.description)
    let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
    let badFrom = (lines.firstIndex { $0 == "from = \"a\"" } ?? -1) + 1
    let badVia = (lines.lastIndex { $0.hasPrefix("via = [[1, 2, 3]]") } ?? -1) + 1
    #expect(found == [
        "bad.toml:\(badFrom):1: line \"red\": link \"a\" – \"c\" does not join two consecutive stations of the line",
        "bad.toml:\(badVia):1: line \"blue\": via point 1 must be [x, y], found an array of 3",
        "bad.toml:\(badVia + 1):1: line \"blue\" link: 'travel_seconds' must be a finite number, found a string",
    ])
}

/// The insets' frames (names of their stations stay inside) survive a write and load, and a malformed one is
/// reported where it is.
@Test func insetFramesLoadBackAndABadOneIsLocated() throws {
    var map = try MapFileLoader.parse(text: smallMapText, fileName: "small.toml")
    map.insets = [SchemeRect(x: 10, y: 20, width: 30, height: 40), SchemeRect(x: 50, y: 20, width: 5, height: 6)]
    let reloaded = try MapFileLoader.parse(text: MapFileWriter.text(for: map), fileName: "written.toml")
    #expect(reloaded.insets == map.insets)
    let found = diagnostics(of: "name = \"x\"\nbounds = [0, 0, 400, 300]\ninsets = [[0, 0, 10, 10], [1, 2, -3, 4]]\n")
    #expect(found.map(\.description).contains {
        $0.hasPrefix("bad.toml:3:") && $0.contains("insets[1] must be [x, y, width, height]")
    }, "\(found.map(\.description))")
}
