import Foundation
import MetroMap
import Overlay
import Physics
import Raster
import StationSearch
import TestSupport
import Testing
import TouchInput
@testable import KioskCore

/// The station search on the kiosk's screen, replayed from `traces/search/type-and-open.csv` with the config beside
/// it: the search button opens the sheet, each key shows pressed and its results follow, a result raises that
/// station's journey card through the path a tap on the map takes, the close button and the idle return put it away.
struct SearchReplayTests {
    static let demo = try! BundledMap.loadDemo()

    /// The loop over the trace on a screen fed only damage (so a part of the sheet drawn without its damage fails).
    static func replay() throws -> (frames: [FrameRecord], loop: KioskLoop, screen: DamageOnlyScreen) {
        var frames: [FrameRecord] = []
        let (loop, screen) = try SearchTraceReplay.run("type-and-open", font: try Font.loadDefault()) { record, _ in frames.append(record) }
        return (frames, loop, screen)
    }

    @Test func typingShowsEachKeyPressedThenTheResultsAndAResultTapOpensThatStationsCard() throws {
        let (frames, loop, screen) = try Self.replay()
        #expect(screen.mismatches == 0, "every frame's damage covered what changed")
        func frame(after time: Int64) throws -> FrameRecord { try #require(frames.first { $0.presentationMicroseconds > time }) }
        func last(before time: Int64) throws -> FrameRecord { try #require(frames.last { $0.presentationMicroseconds < time }) }

        // The button at 0.5–0.58 s opens an empty sheet; the search button sits where traces/search/kiosk.toml says.
        let search = try #require(loop.controls?.buttons.first { $0.kind == .search })
        #expect(search.rect == ScreenRect(x: 1176, y: 256, width: 72, height: 72))
        #expect(try last(before: 500_000).search == nil)
        let opened = try frame(after: 580_000)
        #expect(opened.search == FrameRecord.SearchRecord(query: "", results: [], pressed: nil))

        // Each key shows pressed within a frame of the finger coming down, types on the lift, and the list follows.
        for (letter, down, up, query) in [("l", 1_000_000, 1_150_000, "l"), ("i", 1_500_000, 1_600_000, "li"),
                                          ("b", 2_000_000, 2_100_000, "lib")] as [(String, Int64, Int64, String)] {
            let pressed = try frame(after: down)
            #expect(pressed.search?.pressed == letter && pressed.presentationMicroseconds - down <= 16_667 + 50_000)
            #expect(pressed.search?.query == String(query.dropLast()), "a key types on its lift, not on its press")
            let typed = try frame(after: up)
            #expect(typed.search?.pressed == nil && typed.search?.query == query)
            let expected = StationSearch(map: Self.demo, language: "en").results(for: query, limit: SearchSheetLayout.maximumRows)
            #expect(typed.search?.results == expected.map(\.stationID), "the list is the search's best \(SearchSheetLayout.maximumRows)")
        }
        #expect(try frame(after: 2_100_000).search?.results.first == "library")

        // The tap on the first row (2.6 s) closes the sheet and raises Library's card from Central Square, the route
        // framed as a tap on Library on the map frames it.
        let chosen = try frame(after: 2_660_000)
        #expect(chosen.search == nil && chosen.station == "library")
        let settled = try last(before: 4_000_000)
        #expect(settled.card?.anchor == "peek" && settled.route?.first == "central-square" && settled.route?.last == "library")

        // Search again (4.0 s): the card goes; "o" typed, then the close button (5.0 s) closes the sheet.
        let reopened = try frame(after: 4_080_000)
        #expect(reopened.search?.query == "" && reopened.card?.state != "resting", "the card heads away")
        #expect(try last(before: 5_000_000).station == nil && last(before: 5_000_000).route == [])
        #expect(try frame(after: 5_000_000).search?.pressed == "close")
        #expect(try frame(after: 5_080_000).search == nil)

        // Opened once more and "s" typed at 6.0 s, then left: the idle return (5 s after the last touch) clears it.
        #expect(try frame(after: 6_100_000).search?.query == "s")
        let idle = 6_100_000 + 5_000_000 + loop.camera.settings.touchLatencyMicroseconds
        #expect(try last(before: idle - 20_000).search?.query == "s")
        #expect(try frame(after: idle).search == nil)
        #expect(frames.last?.search == nil && loop.search?.isOpen == false)
        let journalLine = FramesJournal.line(for: try frame(after: 2_100_000))
        #expect(journalLine.contains(#""search":{"query":"lib","results":["library""#), "\(journalLine)")
    }

    @Test func theSheetTakesAccessibleModesHighContrastColours() throws {
        var config = try KioskConfigLoader.load(contentsOf: RepositoryPaths.file("traces/search/kiosk.toml").path)
        config.controls?.accessibleByDefault = true
        let clock = SimulatedClock(startMicroseconds: 0)
        let output = DamageOnlyScreen(width: 1280, height: 800, clock: clock)
        let loop = try KioskLoop(map: Self.demo, config: config, fonts: nil, input: TraceInput(frames: []), output: output, clock: clock)
        #expect(loop.search?.sheet.palette == .highContrast)
        #expect(loop.search?.sheet.keyboard.palette == .highContrast && loop.search?.sheet.results.palette == .highContrast)
        config.controls?.accessibleByDefault = false
        let everyday = try KioskLoop(map: Self.demo, config: config, fonts: nil, input: TraceInput(frames: []), output: output, clock: clock)
        #expect(everyday.search?.sheet.palette == .standard)
    }
}
