import Foundation
@testable import LiveTimetable
import MetroMap
import Overlay
import Raster
import Realtime
import Testing
import TestSupport
@testable import Cartography
@testable import KioskCore

/// An alert naming a route as a whole dashes its scheme line on the map (found by the stations the route calls at,
/// as route and line share no id); an alert naming a stop dashes nothing.
struct AlertedLinesTests {
    @Test func aRouteWideAlertDashesItsLine() throws {
        let session = try KioskSession(configPath: DemoTimetableTests.configPath)
        let timetable = try #require(session.timetable)
        let links = timetable.stationLinks
        let routeWide = ServiceAlert(id: "red", informedEntities: [InformedEntity(routeID: "red")], effect: .significantDelays)
        #expect(KioskLive.lines(touchedBy: [routeWide], map: session.map, links: links) == ["red"])
        let atAStop = ServiceAlert(id: "stop", informedEntities: [InformedEntity(routeID: "red", stopID: "museum")], effect: .noService)
        #expect(KioskLive.lines(touchedBy: [atAStop], map: session.map, links: links).isEmpty)
        let unknown = ServiceAlert(id: "bus", informedEntities: [InformedEntity(routeID: "bus-12")])
        #expect(KioskLive.lines(touchedBy: [unknown], map: session.map, links: links).isEmpty)
    }

    @Test func theMapDrawsADashedLineInDashes() throws {
        let map = try BundledMap.loadDemo()
        let drawing = MapDrawing(map: map)
        let builder = MapSceneBuilder(drawing: drawing, fonts: nil, labelZoom: 0.5...4)
        let color = try #require(drawing.pieces.first { $0.lineID == "red" }).color
        #expect(!drawing.pieces.contains { $0.lineID != "red" && $0.color == color }, "the Red Line's colour is its own")
        func redStrokes() -> [(points: [Raster.Point], style: StrokeStyle)] {
            builder.scene(offsetX: 0, offsetY: 0, scale: 0.6, visible: IntRect(x: 0, y: 0, width: 1280, height: 900)).commands
                .compactMap { command in
                    if case let .strokePolyline(points, style, strokeColor) = command, strokeColor == color { return (points, style) }
                    return nil
                }
        }
        let whole = redStrokes()
        builder.dashedLines = ["red"]
        let dashed = redStrokes()
        #expect(dashed.count > 2 * whole.count, "\(whole.count) hops, \(dashed.count) dashes")
        #expect(dashed.allSatisfy { $0.style.cap == .butt })
        // Each dash as long as the pattern says (3 line widths), the last of a hop shorter.
        let width = try #require(dashed.first?.style.width)
        let lengths = dashed.map { zip($0.points, $0.points.dropFirst()).reduce(Float(0)) { $0 + ($1.1 - $1.0).length } }
        #expect(lengths.allSatisfy { $0 <= 3 * max(width, 2) + 0.01 })
        #expect(lengths.filter { abs($0 - 3 * max(width, 2)) < 0.01 }.count > dashed.count / 2)
        builder.dashedLines = []
        #expect(redStrokes().count == whole.count)
    }
}
