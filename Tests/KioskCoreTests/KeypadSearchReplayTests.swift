import Foundation
import MetroMap
import Overlay
import Raster
import Speech
import TestSupport
import Testing
import TouchInput
@testable import KioskCore

/// The search sheet from the keypad alone: `traces/keys/search.csv` replayed through the loop with
/// `traces/keys/kiosk.toml` opens the sheet, walks the keyboard to type "li" (with a letter typed twice and
/// deleted), goes to the results and opens the first one's journey; what is said and what the sheet holds are read
/// just before each next key.
struct KeypadSearchReplayTests {
    struct Moment {
        var time: Int64
        var open: Bool
        var query: String
        var focusedKey: KeyboardKey?
        var results: [String]
        var card: String?
    }

    @Test func searchHasAKeyPathToAJourney() throws {
        let config = try KioskConfigLoader.load(contentsOf: RepositoryPaths.file("traces/keys/kiosk.toml").path)
        let keys = try KeyTraceReader.events(path: RepositoryPaths.file("traces/keys/search.csv").path)
        let input = TraceInput(frames: [], keys: keys)
        let clock = SimulatedClock(startMicroseconds: (input.firstEventMicroseconds ?? 0) - 40_000)
        let output = DamageOnlyScreen(width: 1280, height: 800, clock: clock)
        let loop = try KioskLoop(map: try BundledMap.loadDemo(), config: config, font: try Font.loadDefault(), input: input,
                                 output: output, clock: clock)
        var moments: [Moment] = []
        var spoken: [(time: Int64, phrases: [String])] = []
        loop.onFrame = { record in
            let sheet = loop.search?.sheet
            moments.append(Moment(time: record.presentationMicroseconds, open: sheet?.isOpen ?? false, query: sheet?.query ?? "",
                                  focusedKey: sheet?.keyboard.focused?.key, results: sheet?.results.rows.compactMap(\.stationID) ?? [],
                                  card: record.station))
        }
        loop.onSpeak = { spoken.append((clock.nowMicroseconds, $0.map(\.text))) }
        var turns = 0
        while try loop.turn() {
            turns += 1
            if turns > 200_000 { Issue.record("replay never ended"); break }
        }
        #expect(output.mismatches == 0)
        let presses = keys.filter(\.isPressed).map(\.timeMicroseconds)
        // The last key's moment is 1.5 s after it, as for the others: the replay runs on to the idle return.
        func settled(after index: Int) -> Moment {
            let next = index + 1 < presses.count ? presses[index + 1] : presses[index] + 1_500_000
            return moments.last { $0.time < next }!
        }
        func said(for index: Int) -> [String] {
            let end = index + 1 < presses.count ? presses[index + 1] : presses[index] + 1_500_000
            return spoken.filter { $0.time >= presses[index] && $0.time < end }.flatMap(\.phrases)
        }

        #expect(said(for: 0).first?.hasPrefix("Audio mode.") == true)
        // The guide names the search key.
        #expect(said(for: 0).first?.contains("star searches for a station.") == true)
        // The search key: the sheet opens, empty, the focus on q.
        #expect(settled(after: 1).open && settled(after: 1).query.isEmpty)
        #expect(said(for: 1) == ["Search", "q"])
        #expect(settled(after: 1).focusedKey == .character("q"))
        // 2 and 4 move the focus; the screen shows it on the key.
        #expect(said(for: 2) == ["a"] && said(for: 3) == ["l"])
        #expect(settled(after: 3).focusedKey == .character("l"))
        // 5 types, twice; Clear deletes the second.
        #expect(settled(after: 4).query == "l" && said(for: 4) == ["l"])
        #expect(settled(after: 5).query == "ll")
        #expect(settled(after: 6).query == "l" && said(for: 6) == ["l"])
        #expect(said(for: 7) == ["o"] && said(for: 8) == ["i"])
        let typed = settled(after: 9)
        #expect(typed.query == "li")
        let first = try #require(typed.results.first)
        // Enter: the first result, said as a station is, with its lines.
        let info = try #require(StationInfo(map: try BundledMap.loadDemo(), stationID: first, language: "en"))
        #expect(said(for: 10) == [info.name] + info.lines.map(\.name))
        #expect(!info.lines.isEmpty)
        // 5 on it: the sheet goes and its journey comes, as a tap on the row does, and is said.
        let opened = settled(after: 11)
        #expect(!opened.open)
        #expect(opened.card == first)
        #expect(said(for: 11).first == info.name)
        #expect(said(for: 11).contains { $0.contains("from Central Square") })
    }
}

struct SearchKeypadFocusTests {
    /// Down from a key goes to the nearest key of the row below, wrapping to the top from the space bar's row; Enter
    /// goes to the results only when there are some, and Clear comes back to the key.
    @Test func upAndDownKeepTheColumnAndWrap() throws {
        let layout = try #require(SearchKeyboardLayout(script: .latin, minX: 0, width: 700, bottom: 400, pixelsPerMillimetre: 4))
        var focus = SearchKeypadFocus()
        var said: [KeyboardKey] = []
        for action: KeyAction in [.nextItem, .nextItem, .nextItem, .nextItem] {
            if case let .focusedKey(key)? = focus.apply(action, layout: layout, resultCount: 0) { said.append(key) }
        }
        // From the space bar (centred under c, v) up to the top row: r and t are as near; the left one.
        #expect(said == [.character("a"), .character("z"), .space, .character("r")])
        #expect(focus.apply(.confirm, layout: layout, resultCount: 0) == .noResults)
        #expect(focus.apply(.confirm, layout: layout, resultCount: 2) == .focusedResult(0))
        #expect(focus.apply(.previousItem, layout: layout, resultCount: 2) == .focusedResult(1))
        #expect(focus.apply(.back, layout: layout, resultCount: 2) == .backToKeys(.character("r")))
    }
}
