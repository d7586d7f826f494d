import Foundation
@testable import LiveTimetable
import MetroMap
import Overlay
import Physics
import Raster
import Testing
@testable import KioskCore

/// The live service's status strip across the top of a portrait panel is one of the regions the screen audit counts
/// as occupied: "You are here" and the destination's plate, framed beside the card, never sit under it. BART 2019
/// at Powell St with a delay alert (so the strip shows), routes to stations north, east and south.
struct YouAreHereBelowStripTests {
    @Test(arguments: [(1080, 1920), (800, 1280)])
    func theCalloutAndThePlateStayClearOfTheStrip(width: Int, height: Int) throws {
        let (map, timetable, station) = try TimetableCardTests.bart()
        let at = try #require(timetable.instant(local: "2019-08-07 10:45"))
        let powell = try #require(station["POWL"])
        let bytes = AlertReachTests.alertFeed(timestamp: UInt64(at.timeIntervalSince1970), effect: AlertReachTests.significantDelays,
                                              entities: [(route: nil, stop: "RICH", trip: nil)], header: "Delays")
        let (_, snapshot) = try AlertReachTests.live(bytes, timetable: timetable, now: at.timeIntervalSince1970)
        for to in ["RICH", "DUBL", "MLBR"] {
            let destination = try #require(station[to])
            let (loop, _) = try LiveServiceCardTests.liveLoop(map: map, timetable: timetable, from: powell, at: at,
                                                              snapshot: snapshot, width: width, height: height)
            _ = try loop.turn()
            #expect(loop.showJourney(to: destination))
            var settled = false
            loop.onFrame = { record in settled = record.state == .idle && record.card?.state == "resting" }
            var turns = 0
            while !settled, turns < 5_000, try loop.turn() { turns += 1 }
            let strip = try #require(loop.live?.strip.occupiedRegion, "the alert shows the strip")
            #expect(loop.overlay.allElements.compactMap(\.occupiedRegion).contains(strip), "the audit's regions hold the strip")
            let audit = try #require(loop.screenAudit())
            #expect(audit.problems == 0, "\(width)×\(height) Powell St → \(to): \(audit.json)")
            #expect(audit.youAreHereShown)
            let box = try #require(loop.youAreHere?.box.map(ScreenRect.init))
            #expect(!OverlayLayout.overlaps(box, strip), "\(to): the callout \(box) under the strip \(strip)")
            if let plate = loop.journey?.route.destinationPlate.map(ScreenRect.init) {
                #expect(!OverlayLayout.overlaps(plate, strip), "\(to): the plate \(plate) under the strip \(strip)")
            }
        }
    }
}
