import Foundation
@testable import LiveTimetable
import MetroMap
import Network
import Overlay
import Physics
import Raster
import Realtime
import Testing
import TestSupport
@testable import KioskCore

/// A tapped station's callout stays legible over live alerts, as "You are here" does (`YouAreHereOverAlertsTests`):
/// the callout was added to the overlay before the alert and step-free rings, so the amber rings of stations under
/// its box were drawn over its words. BART 2019 (transitland-lib test data; BART's developer terms) on a 1920×1080
/// kiosk with no "you are here" (a tap shows the callout), Powell St tapped, with an alert on every BART stop against
/// the same alert on Richmond alone: inside the callout's box not a pixel may differ.
struct TappedCalloutOverAlertsTests {
    /// The frame with Powell St's callout up and `stops` alerted (SIGNIFICANT_DELAYS, same words), the callout's
    /// box, and the ringed stations on screen.
    static func frame(alerting stops: [String], map: MetroMap, timetable: KioskTimetable, at: Date, tapped: String) throws
        -> (buffer: PixelBuffer, box: Rect, marks: [Point]) {
        let bytes = AlertReachTests.alertFeed(timestamp: UInt64(at.timeIntervalSince1970), effect: AlertReachTests.significantDelays,
                                              entities: stops.map { (route: nil, stop: $0, trip: nil) }, header: "Delays")
        let (_, snapshot) = try AlertReachTests.live(bytes, timetable: timetable, now: at.timeIntervalSince1970)
        let clock = SimulatedClock(startMicroseconds: 0)
        let output = KioskStill.LastFrameOutput(width: 1920, height: 1080, clock: clock)
        let loop = try KioskLoop(map: map, config: KioskConfig(), fonts: FontStack(fonts: [try Font.loadDefault()]),
                                 input: TraceInput(frames: []), output: output, clock: clock, timetable: timetable)
        loop.wallClock = { at.addingTimeInterval(Double(clock.nowMicroseconds) / 1_000_000) }
        loop.realtime = { snapshot }
        var settled = false
        loop.onFrame = { record in settled = record.state == .idle }
        var turns = 0
        while !settled, turns < 2_000, try loop.turn() { turns += 1 }
        try #require(settled)
        loop.showCallout(loop.stationInfo(tapped, language: nil), at: clock.nowMicroseconds)
        var drawn = false
        loop.onFrame = { _ in drawn = true }
        turns = 0
        while !drawn, turns < 50, try loop.turn() { turns += 1 }
        let layout = try #require(loop.calloutLayout, "the callout is up")
        let marks = (loop.live?.stations.marks ?? []).map {
            let point = loop.camera.geometry.screenPoint(ofScheme: $0.position, camera: loop.camera.shownCamera)
            return Point(Float(point.x), Float(point.y))
        }
        let box = Rect(minX: layout.left, minY: layout.top, maxX: layout.left + layout.width, maxY: layout.top + layout.height)
        return (try #require(output.last), box, marks)
    }

    @Test func alertRingsStayUnderTheTappedStationsCallout() throws {
        try CalloutOverRings.expectLegible(pngVariable: "TAPPED_CALLOUT_PNG") {
            try Self.frame(alerting: $0, map: $1, timetable: $2, at: $3, tapped: $4)
        }
    }
}
