import Foundation
import MetroMap
import TestSupport
import Testing
@testable import KioskCore

/// `{time}` in `[card] share_url` is the kiosk's own time (the loop's wall clock, which a headless replay's `--at`
/// sets), never the machine's: a replay hands over the same link on every run.
struct ShareTimeTests {
    static let demo = try! BundledMap.loadDemo()

    @Test func theLinksTimeIsTheLoopsClock() throws {
        let config = try KioskConfigLoader.parse(text: """
            [map]
            you_are_here = "Central Square"
            [card]
            share_url = "https://example.org/j?from={from}&to={to}&at={time}"
            """, fileName: "share.toml")
        let clock = SimulatedClock(startMicroseconds: 0)
        let loop = try KioskLoop(map: Self.demo, config: config, fonts: nil, input: TraceInput(frames: []),
                                 output: DamageOnlyScreen(width: 1280, height: 800, clock: clock), clock: clock)
        // 2027-01-15 08:00 UTC, years from the machine's own date.
        loop.wallClock = { Date(timeIntervalSince1970: 1_800_000_000) }
        let journey = try #require(loop.journey)
        let content = try #require(journey.journey(to: "library", language: "en"))
        #expect(content.shareURL == "https://example.org/j?from=central-square&to=library&at=2027-01-15T08%3A00")
    }
}
