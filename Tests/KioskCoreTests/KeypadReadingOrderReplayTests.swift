import Foundation
import MetroMap
import Overlay
import Raster
import Speech
import TestSupport
import Testing
import TouchInput
@testable import KioskCore

/// The search keyboard from the keypad in a right-to-left language (issue 34): 4 and 6 are "previous" and "next",
/// so they follow the order the script is read in. In Arabic, Persian and Hebrew the focus starts on the top row's
/// right end and 6 moves it left; in English it starts on the left end and 6 moves it right. Replayed through the
/// loop with `traces/keys/kiosk.toml`'s settings in the language under test.
struct KeypadReadingOrderReplayTests {
    /// The key in focus on the screen just before each next key press (and 1.5 s after the last).
    static func focusAfterEachKey(language: String) throws -> (keys: [SearchKeyboardLayout.PlacedKey?], said: [[String]]) {
        let text = """
            [input]
            panel_size_mm = [320, 200]
            [map]
            languages = ["\(language)"]
            you_are_here = "Central Square"
            [kiosk]
            idle_timeout_s = 60
            [controls]
            corner = "bottom-right"
            inset = false
            """
        let config = try KioskConfigLoader.parse(text: text, fileName: "reading-order.toml")
        // 5 starts audio mode, * opens the sheet, then 6, 6, 4: a key every 1.5 s, held 100 ms.
        let names = ["5", "asterisk", "6", "6", "4"]
        let trace = "time_us,key,state\n" + names.enumerated().map { index, key in
            let down = 1_000_000 + 1_500_000 * index
            return "\(down),\(key),down\n\(down + 100_000),\(key),up"
        }.joined(separator: "\n")
        let keys = try KeyTraceReader.events(from: trace, file: "reading-order.csv")
        let input = TraceInput(frames: [], keys: keys)
        let clock = SimulatedClock(startMicroseconds: (input.firstEventMicroseconds ?? 0) - 40_000)
        let output = DamageOnlyScreen(width: 1280, height: 800, clock: clock)
        let loop = try KioskLoop(map: try BundledMap.loadDemo(), config: config, font: try Font.loadDefault(), input: input,
                                 output: output, clock: clock)
        var moments: [(time: Int64, focused: SearchKeyboardLayout.PlacedKey?)] = []
        var spoken: [(time: Int64, phrases: [String])] = []
        loop.onFrame = { record in moments.append((record.presentationMicroseconds, loop.search?.sheet.keyboard.focused)) }
        loop.onSpeak = { spoken.append((clock.nowMicroseconds, $0.map(\.text))) }
        var turns = 0
        while try loop.turn() {
            turns += 1
            if turns > 200_000 { Issue.record("replay never ended"); break }
        }
        let presses = keys.filter(\.isPressed).map(\.timeMicroseconds)
        let ends = presses.indices.map { $0 + 1 < presses.count ? presses[$0 + 1] : presses[$0] + 1_500_000 }
        return (ends.map { end in moments.last { $0.time < end }?.focused },
                presses.indices.map { index in spoken.filter { $0.time >= presses[index] && $0.time < ends[index] }.flatMap(\.phrases) })
    }

    @Test(arguments: [("ar", true), ("fa", true), ("he", true), ("en", false)])
    func fourAndSixFollowTheReadingOrder(language: String, rightToLeft: Bool) throws {
        let (focus, said) = try Self.focusAfterEachKey(language: language)
        let opened = try #require(focus[1], "\(language): the sheet opened with a key in focus")
        let next = try #require(focus[2]), further = try #require(focus[3]), back = try #require(focus[4])
        func x(_ key: SearchKeyboardLayout.PlacedKey) -> Double { key.cell.minX }
        // The first key is the top row's reading start: nothing of that row lies before it.
        let layout = try #require(SearchKeyboardLayout(script: .forLanguage(language), minX: 0, width: 1280, bottom: 800,
                                                       pixelsPerMillimetre: 4))
        #expect(layout.script.isRightToLeft == rightToLeft)
        let topRow = layout.keys.filter { abs($0.cell.minY - layout.keys[0].cell.minY) < 0.5 }.map(\.key)
        #expect(opened.key == (rightToLeft ? topRow.last : topRow.first), "\(language): the focus starts at the reading start")
        // 6 is "next" in reading order: leftward in a right-to-left script, along the same row.
        for (from, to) in [(opened, next), (next, further)] {
            #expect(abs(from.cell.minY - to.cell.minY) < 0.5, "\(language): 6 stays in the row")
            #expect(rightToLeft ? x(to) < x(from) : x(to) > x(from), "\(language): 6 from \(from.key) went to \(to.key)")
            #expect(abs(abs(x(to) - x(from)) - from.cell.width) < 0.5, "\(language): 6 goes to the neighbouring key")
        }
        // 4 is "previous": back where the first 6 went.
        #expect(back.key == next.key, "\(language): 4 after 6, 6 comes back")
        // What the screen shows in focus is what is said.
        for (index, key) in [(2, next), (3, further), (4, back)] {
            #expect(!said[index].isEmpty, "\(language): key \(index) says the key it focused (\(key.key))")
        }
    }
}
