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

/// "You are here" stays legible over live alerts: the amber rings of alerted stations under its box were drawn
/// over its words. BART 2019 at Powell St on a 1920×1080 screen, with an alert on every BART stop (so stations
/// under the box are ringed) against the same alert on Richmond alone: inside the box not a pixel may differ.
struct YouAreHereOverAlertsTests {
    /// The frame at rest with `stops` alerted (SIGNIFICANT_DELAYS, same words), and the callout's box on it.
    static func frame(alerting stops: [String], map: MetroMap, timetable: KioskTimetable, at: Date, from: String) throws
        -> (buffer: PixelBuffer, box: Rect, marks: [Point]) {
        let bytes = AlertReachTests.alertFeed(timestamp: UInt64(at.timeIntervalSince1970), effect: AlertReachTests.significantDelays,
                                              entities: stops.map { (route: nil, stop: $0, trip: nil) }, header: "Delays")
        let (_, snapshot) = try AlertReachTests.live(bytes, timetable: timetable, now: at.timeIntervalSince1970)
        let (loop, output) = try LiveServiceCardTests.liveLoop(map: map, timetable: timetable, from: from, at: at,
                                                               snapshot: snapshot)
        var settled = false
        loop.onFrame = { record in settled = record.state == .idle }
        var turns = 0
        while !settled, turns < 2_000, try loop.turn() { turns += 1 }
        let box = try #require(loop.youAreHere?.box)
        let marks = (loop.live?.stations.marks ?? []).map {
            let point = loop.camera.geometry.screenPoint(ofScheme: $0.position, camera: loop.camera.shownCamera)
            return Point(Float(point.x), Float(point.y))
        }
        return (try #require(output.last), box, marks)
    }

    @Test func alertRingsStayUnderTheCalloutsWords() throws {
        try CalloutOverRings.expectLegible(pngVariable: "YOU_ARE_HERE_PNG") {
            try Self.frame(alerting: $0, map: $1, timetable: $2, at: $3, from: $4)
        }
    }
}
