import Foundation
import MetroMap
import Overlay
import Raster
import TestSupport
import Testing
import TouchInput
@testable import KioskCore

/// frames.jsonl records the search sheet as a traveller browsed it: the line whose stations are listed and the row
/// the keypad stands on. Replayed through the loop from the keypad: 5 starts audio mode, * opens the sheet, Enter
/// goes to the list (the lines, the field being empty), 5 lists the first line's stations (the focus stays on the
/// first row, the way back), 2 moves to the line's first station.
struct SearchJournalTests {
    @Test func theJournalShowsTheBrowsedLineAndTheFocusedRow() throws {
        let config = try KioskConfigLoader.load(contentsOf: RepositoryPaths.file("traces/keys/kiosk.toml").path)
        let presses: [KeypadKey] = [.digit5, .asterisk, .enter, .digit5, .digit2]
        let keys = KeypadPresses.events(presses, every: 600_000, held: 80_000)
        let clock = SimulatedClock(startMicroseconds: 960_000)
        let output = DamageOnlyScreen(width: 1280, height: 800, clock: clock)
        let map = try BundledMap.loadDemo()
        let loop = try KioskLoop(map: map, config: config, fonts: nil, input: TraceInput(frames: [], keys: keys), output: output, clock: clock)
        var frames: [FrameRecord] = []
        loop.onFrame = { frames.append($0) }
        let end = 1_000_000 + Int64(presses.count) * 600_000
        var turns = 0
        while clock.nowMicroseconds < end, try loop.turn() {
            turns += 1
            if turns > 50_000 { Issue.record("replay never ended"); break }
        }
        func last(before time: Int64) throws -> FrameRecord.SearchRecord {
            try #require(frames.last { $0.presentationMicroseconds < time }?.search, "the sheet is open before \(time)")
        }
        let line = try #require(map.lines.first { $0.stationIDs.contains { map.station(id: $0)?.isPlaced == true } })
        let first = try #require(line.stationIDs.first { map.station(id: $0)?.isPlaced == true })

        // After *: open, nothing focused in the list yet (the focus is on the keyboard), the lines listed.
        let opened = try last(before: 2_200_000)
        #expect(opened.line == nil && opened.focused == nil && opened.query.isEmpty)
        // Enter: the first line's row.
        #expect(try last(before: 2_800_000).focused == FrameRecord.FocusedRow(row: 0, target: .line, id: line.id))
        // 5: its stations listed, the focus on the row leading back.
        let browsing = try last(before: 3_400_000)
        #expect(browsing.line == line.id)
        #expect(browsing.focused == FrameRecord.FocusedRow(row: 0, target: .lines, id: nil))
        // 2: the line's first station.
        let onStation = try last(before: end)
        #expect(onStation.line == line.id && onStation.results.first == first)
        #expect(onStation.focused == FrameRecord.FocusedRow(row: 1, target: .station, id: first))
        let journal = FramesJournal.line(for: try #require(frames.last { $0.presentationMicroseconds < end }))
        #expect(journal.contains(#""line":"\#(line.id)","focused":{"row":1,"target":"station","id":"\#(first)"}"#), "\(journal)")
    }
}
