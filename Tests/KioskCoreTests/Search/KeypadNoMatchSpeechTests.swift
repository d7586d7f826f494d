import Foundation
import MetroMap
import Overlay
import Raster
import Speech
import TestSupport
import Testing
import TouchInput
@testable import KioskCore

/// Enter on the keyboard with nothing found says what the list shows in its place, the sheet's "No station
/// matches …" in the shown language, not a word of the guide's: in every language the sheet has its own words for,
/// a keypad search for "qqq" (the first key typed three times) replayed through the loop.
struct KeypadNoMatchSpeechTests {
    @Test(arguments: SearchWording.languages)
    func enterWithNothingFoundSaysTheShownHint(language: String) throws {
        let config = try KioskConfigLoader.parse(text: """
            [input]
            panel_size_mm = [320, 200]
            [map]
            languages = ["\(language)"]
            you_are_here = "Central Square"
            [controls]
            corner = "bottom-right"
            inset = false
            """, fileName: "kiosk.toml")
        // 5 starts audio mode, * opens the sheet with the focus on its first key, 5 types it three times, Enter.
        let presses: [KeypadKey] = [.digit5, .asterisk, .digit5, .digit5, .digit5, .enter]
        let keys = KeypadPresses.events(presses, every: 600_000, held: 80_000)
        let input = TraceInput(frames: [], keys: keys)
        let clock = SimulatedClock(startMicroseconds: 960_000)
        let output = DamageOnlyScreen(width: 1280, height: 800, clock: clock)
        let loop = try KioskLoop(map: try BundledMap.loadDemo(), config: config, font: try Font.loadDefault(), input: input,
                                 output: output, clock: clock)
        let enter = try #require(keys.last { $0.isPressed }).timeMicroseconds
        var said: [SpokenPhrase] = []
        // What the list shows as Enter is said: drawn in the frames after the third letter, which Enter leaves as
        // they are (no frame follows it).
        var shown: String?
        var query = ""
        loop.onSpeak = { phrases in
            guard clock.nowMicroseconds >= enter else { return }
            said += phrases
            shown = loop.search?.sheet.results.emptyText
            query = loop.search?.sheet.query ?? ""
        }
        var drawnHint: String?
        loop.onFrame = { _ in
            guard clock.nowMicroseconds < enter, let sheet = loop.search?.sheet, sheet.isOpen else { return }
            drawnHint = sheet.results.rows.isEmpty ? sheet.results.emptyText : nil
        }
        var turns = 0
        while clock.nowMicroseconds < enter + 400_000, try loop.turn() {
            turns += 1
            if turns > 50_000 { Issue.record("replay never ended"); break }
        }
        let hint = try #require(shown, "the list shows a hint as Enter is said")
        #expect(drawnHint == hint, "the last frame before Enter drew it")
        #expect(query.count == 3)
        #expect(hint == SearchWording(language: language).noMatch(query))
        #expect(said.map(\.text) == [hint])
        // In the voice of the words' language.
        #expect(said.first?.language == language)
    }
}
