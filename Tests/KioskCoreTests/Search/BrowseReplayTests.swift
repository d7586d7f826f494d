import MetroMap
import Overlay
import StationSearch
import TestSupport
import Testing
import TouchInput
@testable import KioskCore

/// Browsing by line on the kiosk's screen and a language switch with the sheet open, replayed from
/// `traces/search/browse-line.csv` with `traces/search/kiosk.toml`.
struct BrowseReplayTests {
    static let demo = try! BundledMap.loadDemo()

    @Test func aLineListsItsStationsInOrderBackReturnsAndAStationOpensItsCard() throws {
        var frames: [FrameRecord] = []
        // What the list showed each frame: (browsed line, row names).
        var lists: [(time: Int64, line: String?, rows: [String], script: KeyboardScript?)] = []
        let (_, screen) = try SearchTraceReplay.run("browse-line") { record, loop in
            frames.append(record)
            if let sheet = loop.search?.sheet, sheet.isOpen {
                lists.append((record.presentationMicroseconds, sheet.browsedLine, sheet.results.rows.map(\.name),
                              sheet.keyboard.layout?.script))
            }
        }
        #expect(screen.mismatches == 0, "every frame's damage covered what changed")
        func list(after time: Int64) throws -> (time: Int64, line: String?, rows: [String], script: KeyboardScript?) {
            try #require(lists.first { $0.time > time })
        }
        func frame(after time: Int64) throws -> FrameRecord { try #require(frames.first { $0.presentationMicroseconds > time }) }

        // Opened empty: the lines, in map order.
        let lines = Self.demo.lines.map(\.name)
        #expect(try list(after: 580_000).rows == lines && list(after: 580_000).line == nil)
        // Green: the row back (named for the line), then its stations in the order it runs.
        let green = try #require(Self.demo.lines.first { $0.id == "green" })
        let greenRows = ["Green Line"] + green.stationIDs.compactMap { Self.demo.station(id: $0)?.name }
        #expect(try list(after: 1_080_000).line == "green" && list(after: 1_080_000).rows == greenRows)
        #expect(try frame(after: 1_080_000).search?.results == green.stationIDs, "the record lists the stations")
        // Back: the lines again.
        #expect(try list(after: 1_580_000).rows == lines)
        // Green again, then Library: the sheet closes and Library's card opens from Central Square.
        #expect(try list(after: 2_080_000).rows == greenRows)
        let chosen = try frame(after: 2_580_000)
        #expect(chosen.search == nil && chosen.station == "library")

        // Search again, "l" typed, then the language button: Cyrillic keys, "l" kept, the list in Russian names.
        #expect(try frame(after: 4_650_000).search?.query == "l")
        let switched = try list(after: 5_130_000)
        #expect(switched.script == .cyrillic)
        #expect(try frame(after: 5_130_000).search?.query == "l")
        let russian = StationSearch(map: Self.demo, language: "ru").results(for: "l", limit: SearchSheetLayout.maximumRows)
        #expect(switched.rows == russian.map(\.name) && !russian.isEmpty)
        #expect(try list(after: 4_650_000).script == .latin)
    }
}
