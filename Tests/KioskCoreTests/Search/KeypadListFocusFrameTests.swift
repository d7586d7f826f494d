import MetroMap
import Overlay
import Physics
import Raster
import TestSupport
import Testing
import TouchInput
@testable import KioskCore

/// The keypad's row in the search list as the screen shows it, through the loop: 5 starts audio mode, * opens the
/// sheet, Enter goes to the list of lines, 5 lists the first line's stations, then 2 walks down them past the rows
/// the list has room for. In every frame the focused row is ringed on the screen (the pixels the damage copy put
/// there), wholly inside the list, and the list has scrolled to keep it so.
struct KeypadListFocusFrameTests {
    struct Moment {
        var time: Int64
        var focused: Int?
        var offset: Double
        var rowTop: Double?
        var ringPixels: [UInt32?]
        var list: ScreenRect?
        var rows: Int
        var rowHeight: Double
    }

    @Test func theFocusedRowIsRingedInTheFrameAndScrolledIntoView() throws {
        let config = try KioskConfigLoader.load(contentsOf: RepositoryPaths.file("traces/keys/kiosk.toml").path)
        let map = try BundledMap.loadDemo()
        let line = try #require(map.lines.first { $0.stationIDs.contains { map.station(id: $0)?.isPlaced == true } })
        let rows = 1 + line.stationIDs.filter { map.station(id: $0)?.isPlaced == true }.count
        let presses: [KeypadKey] = [.digit5, .asterisk, .enter, .digit5] + Array(repeating: .digit2, count: rows - 1)
        let keys = KeypadPresses.events(presses, every: 300_000, held: 60_000)
        let clock = SimulatedClock(startMicroseconds: 960_000)
        let output = DamageOnlyScreen(width: 1280, height: 800, clock: clock)
        let loop = try KioskLoop(map: map, config: config, fonts: nil, input: TraceInput(frames: [], keys: keys), output: output, clock: clock)
        var moments: [Moment] = []
        loop.onFrame = { record in
            guard let results = loop.search?.sheet.results else { return }
            let top = results.focusedIndex.flatMap { index in results.rect.map { $0.minY + Double(index) * results.rowHeight - results.offset } }
            // Just inside the ring's outer band: its top edge, its left edge half way down, its bottom edge.
            let ring: [UInt32?] = top.flatMap { top in
                results.rect.map { rect in
                    [output.screen.pixel(x: Int((rect.minX + rect.maxX) / 2), y: Int(top) + 1),
                     output.screen.pixel(x: Int(rect.minX) + 1, y: Int(top + results.rowHeight / 2)),
                     output.screen.pixel(x: Int((rect.minX + rect.maxX) / 2), y: Int(top + results.rowHeight) - 2)]
                }
            } ?? []
            moments.append(Moment(time: record.presentationMicroseconds, focused: results.focusedIndex, offset: results.offset,
                                  rowTop: top, ringPixels: ring, list: results.rect, rows: results.rows.count,
                                  rowHeight: results.rowHeight))
        }
        let end = 1_000_000 + Int64(presses.count) * 300_000
        var turns = 0
        while clock.nowMicroseconds < end, try loop.turn() {
            turns += 1
            if turns > 100_000 { Issue.record("replay never ended"); break }
        }
        #expect(output.mismatches == 0)
        let yellow = FocusRingElement.outer.xrgb
        var scrolled = false
        for step in 0..<(rows - 1) {
            let next = 1_000_000 + Int64(4 + step + 1) * 300_000
            let moment = try #require(moments.last { $0.time < next }, "a frame after 2 number \(step + 1)")
            #expect(moment.focused == step + 1 && moment.rows == rows)
            let list = try #require(moment.list), top = try #require(moment.rowTop)
            #expect(top >= list.minY - 1e-6 && top + moment.rowHeight <= list.maxY + 1e-6, "row \(step + 1) wholly in view")
            #expect(moment.ringPixels.allSatisfy { $0 == yellow }, "row \(step + 1) ringed on the screen: \(moment.ringPixels)")
            if moment.offset > 0 { scrolled = true }
        }
        // The line has more stations than the list shows at once: walking down it had to scroll.
        let last = try #require(moments.last), list = try #require(last.list)
        #expect(Double(rows) * last.rowHeight > list.height)
        #expect(scrolled)
    }
}
