import Foundation
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
        let (map, timetable, station) = try TimetableCardTests.bart()
        let at = try #require(timetable.instant(local: "2019-08-07 10:45"))
        let powell = try #require(station["POWL"])
        let table = timetable.timetable
        let everyStop = Set(timetable.links.values.compactMap { table.stopIndex(id: $0) }.map { table.stops[Int(table.station(of: $0))].id }).sorted()
        let ringed = try Self.frame(alerting: everyStop, map: map, timetable: timetable, at: at, from: powell)
        let far = try Self.frame(alerting: ["RICH"], map: map, timetable: timetable, at: at, from: powell)
        #expect(ringed.box == far.box)
        let box = ringed.box
        // The case is real: rings reach into the box.
        let reach: Float = 20
        #expect(ringed.marks.contains { $0.x > box.minX - reach && $0.x < box.maxX + reach && $0.y > box.minY - reach && $0.y < box.maxY + reach },
                "no ringed station near the box \(box)")
        if let path = ProcessInfo.processInfo.environment["YOU_ARE_HERE_PNG"] { try writePNG(ringed.buffer, to: path) }
        var differing = 0
        for y in Int(box.minY.rounded(.up))..<Int(box.maxY.rounded(.down)) {
            for x in Int(box.minX.rounded(.up))..<Int(box.maxX.rounded(.down)) where ringed.buffer.pixel(x: x, y: y) != far.buffer.pixel(x: x, y: y) {
                differing += 1
            }
        }
        #expect(differing == 0, "\(differing) pixels of the callout changed under the rings")
    }
}
