import Foundation
@testable import LiveTimetable
import MetroMap
import Network
import Raster
import Testing
@testable import KioskCore

/// The check the two callout-over-rings suites make alike (`YouAreHereOverAlertsTests`, `TappedCalloutOverAlertsTests`):
/// BART 2019 at 10:45 with Powell St's callout up, an alert on every BART stop against the same alert on Richmond
/// alone. The rings must reach into the callout's box (the case is real), and inside the box not a pixel may differ.
enum CalloutOverRings {
    typealias Frame = (buffer: PixelBuffer, box: Rect, marks: [Point])

    /// `frame(stops, map, timetable, at, powell)` draws the frame with `stops` alerted; `pngVariable` names the
    /// environment variable that, when set, saves the ringed frame for a look.
    static func expectLegible(pngVariable: String, sourceLocation: SourceLocation = #_sourceLocation,
                              frame: ([String], MetroMap, KioskTimetable, Date, String) throws -> Frame) throws {
        let (map, timetable, station) = try TimetableCardTests.bart()
        let at = try #require(timetable.instant(local: "2019-08-07 10:45"), sourceLocation: sourceLocation)
        let powell = try #require(station["POWL"], sourceLocation: sourceLocation)
        let table = timetable.timetable
        let everyStop = Set(timetable.links.values.compactMap { table.stopIndex(id: $0) }.map { table.stops[Int(table.station(of: $0))].id }).sorted()
        let ringed = try frame(everyStop, map, timetable, at, powell)
        let far = try frame(["RICH"], map, timetable, at, powell)
        #expect(ringed.box == far.box, sourceLocation: sourceLocation)
        let box = ringed.box
        let reach: Float = 20
        #expect(ringed.marks.contains { $0.x > box.minX - reach && $0.x < box.maxX + reach && $0.y > box.minY - reach && $0.y < box.maxY + reach },
                "no ringed station near the box \(box)", sourceLocation: sourceLocation)
        if let path = ProcessInfo.processInfo.environment[pngVariable] { try writePNG(ringed.buffer, to: path) }
        var differing = 0
        for y in Int(box.minY.rounded(.up))..<Int(box.maxY.rounded(.down)) {
            for x in Int(box.minX.rounded(.up))..<Int(box.maxX.rounded(.down)) where ringed.buffer.pixel(x: x, y: y) != far.buffer.pixel(x: x, y: y) {
                differing += 1
            }
        }
        #expect(differing == 0, "\(differing) pixels of the callout changed under the rings", sourceLocation: sourceLocation)
    }
}
