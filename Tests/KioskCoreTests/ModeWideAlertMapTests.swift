import Foundation
@testable import LiveTimetable
import MetroMap
import Network
import Overlay
import Raster
import Realtime
import Testing
import TestSupport
@testable import Cartography
@testable import KioskCore

/// An alert naming only a mode (`route_type`, "metro delays") is about every line of that mode, so the map shows
/// it on each of them: every such line dashed and the strip says why; a delay rings no station (it is about the
/// lines, and ringing every station hid them), a closure crosses them out as a route's does. Before, such an alert touched no station and no line: the strip spoke of delays the map did not show.
/// BART 2019 (bart.gov developer terms, via interline-io/transitland-lib; every route type 1, metro) linked to
/// pMetro San Francisco, whose Caltrain, Muni and other lines are not in the feed and stay whole; the alert is
/// made up, as no capture names a mode.
struct ModeWideAlertMapTests {
    @Test func aModesAlertDashesEveryLineOfThatMode() throws {
        let (map, timetable, _) = try TimetableCardTests.bart()
        let at = try #require(timetable.instant(local: "2019-08-07 10:45"))
        let now = at.timeIntervalSince1970
        let links = timetable.stationLinks
        let bartLines = timetable.timetable.routes.reduce(into: Set<String>()) { lines, route in
            lines.formUnion(KioskLive.schemeLines(ofRoute: route.id, map: map, links: links))
        }
        let bartStations = Set(links.stationsByStop.values.flatMap { $0 })
        #expect(bartLines.count >= 4 && bartStations.count >= 40, "\(bartLines.count) lines, \(bartStations.count) stations")

        func shown(_ selector: AlertReachTests.Selector, effect: UInt64 = AlertReachTests.significantDelays) throws
            -> (KioskLive, MapSceneBuilder) {
            let bytes = AlertReachTests.alertFeed(timestamp: UInt64(now), effect: effect,
                                                  selectors: [selector], header: "Metro delays")
            let (_, snapshot) = try AlertReachTests.live(bytes, timetable: timetable, now: now)
            let kiosk = KioskLive(map: map, timetable: timetable, fonts: nil, screen: IntRect(x: 0, y: 0, width: 800, height: 480))
            kiosk.source = { snapshot }
            kiosk.refresh(at: 0, wall: at, language: nil)
            let builder = MapSceneBuilder(drawing: MapDrawing(map: map), fonts: nil)
            builder.dashedLines = kiosk.alertedLines
            builder.dashedStops = kiosk.alertedStops
            return (kiosk, builder)
        }
        // Metro: every BART line dashed along its whole length, nothing else; no station ringed for a delay.
        let (metro, scene) = try shown(.init(routeType: 1))
        #expect(metro.alertedLines == bartLines)
        let pieces = scene.drawing.pieces
        #expect(pieces.filter { bartLines.contains($0.lineID) }.allSatisfy(scene.isDashed))
        #expect(!pieces.contains { !bartLines.contains($0.lineID) && scene.isDashed($0) }, "no other line dashed")
        #expect(metro.stations.marks.isEmpty, "a delay on the whole mode rings no station")
        // Metro closed: every linked station crossed out.
        let (closed, _) = try shown(.init(routeType: 1), effect: AlertReachTests.noService)
        #expect(Set(closed.stations.marks.map(\.stationID)) == bartStations.filter { map.station(id: $0)?.position != nil })
        #expect(closed.stations.marks.allSatisfy { $0.isClosed })
        #expect(metro.strip.lines == ["Metro delays"] && metro.strip.isWarning)
        // Metro at one stop: the BART lines there, dashed at that station only.
        // (pMetro draws Montgomery St once per line: each line's own is named.)
        let montgomery = try #require(links.stationsByStop["MONT"])
        let (atStop, _) = try shown(.init(routeType: 1, stop: "MONT"))
        #expect(atStop.alertedLines.isEmpty)
        #expect(!atStop.alertedStops.isEmpty && atStop.alertedStops.values.allSatisfy { !$0.isEmpty && $0.isSubset(of: montgomery) },
                "\(atStop.alertedStops)")
        #expect(Set(atStop.alertedStops.keys).isSubset(of: bartLines))
        // Buses (type 3): the feed has none, so the map shows nothing; the strip still says it.
        let (buses, busScene) = try shown(.init(routeType: 3))
        #expect(buses.alertedLines.isEmpty && buses.alertedStops.isEmpty && buses.stations.marks.isEmpty)
        #expect(!busScene.drawing.pieces.contains(where: busScene.isDashed))
        #expect(buses.strip.lines == ["Metro delays"])
    }
}
