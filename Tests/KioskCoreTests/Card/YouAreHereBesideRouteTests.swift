import Foundation
import MetroMap
import Overlay
import Physics
import Raster
import TestSupport
import Testing
@testable import KioskCore

/// "You are here" keeps off the route it starts: above its station as official maps print it, but below when the
/// route leaves upward, where the callout's box would hide the first ride (the demo's Central Square → Library ran
/// 100 px under it). Once the journey has gone the callout is back above.
struct YouAreHereBesideRouteTests {
    static let demo = try! BundledMap.loadDemo()

    /// The loop after a tap on `to` at a kiosk in Central Square, settled with the card at peek (as `snapshot --route`).
    static func settledLoop(to: String, idleSeconds: Int = 86_400) throws -> KioskLoop {
        let loop = try homeLoop(idleSeconds: idleSeconds)
        #expect(loop.showJourney(to: to))
        var settled = false
        loop.onFrame = { settled = $0.state == .idle && $0.card?.state == "resting" }
        var turns = 0
        while !settled, turns < 10_000, try loop.turn() { turns += 1 }
        #expect(settled)
        return loop
    }

    /// The demo kiosk at Central Square after its first frame, no journey open.
    static func homeLoop(idleSeconds: Int = 86_400) throws -> KioskLoop {
        let config = try KioskConfigLoader.parse(text: """
            [map]
            you_are_here = "Central Square"
            [kiosk]
            idle_timeout_s = \(idleSeconds)
            [controls]
            idle_warning_s = 0
            """, fileName: "here.toml")
        let clock = SimulatedClock(startMicroseconds: 0)
        let output = KioskStill.LastFrameOutput(width: 1280, height: 800, clock: clock)
        let loop = try KioskLoop(map: demo, config: config, fonts: try FontStack.loadDefault(), input: TraceInput(frames: []),
                                 output: output, clock: clock)
        _ = try loop.turn()
        return loop
    }

    /// The route's drawn stretches on screen, sampled every 2 px, that fall inside the callout's box.
    static func routeUnderTheCallout(_ loop: KioskLoop) throws -> Int {
        let here = try #require(loop.youAreHere)
        let box = try #require(here.box)
        let journey = try #require(loop.journey)
        let geometry = loop.camera.geometry, drawn = loop.shifted(loop.camera.shownCamera)
        func screen(_ point: SchemePoint) -> ScreenPoint { geometry.screenPoint(ofScheme: point, camera: drawn) }
        // The map as the callout saw it: its station where the callout's marker is.
        let anchor = try #require(here.anchor), station = screen(here.station)
        #expect(abs(station.x - Double(anchor.x)) < 0.01 && abs(station.y - Double(anchor.y)) < 0.01)
        var covered = 0
        for hop in journey.route.shownHops {
            let points: [ScreenPoint] = hop.path.map { screen($0) }
            for (a, b) in zip(points, points.dropFirst()) {
                let length: Double = hypot(b.x - a.x, b.y - a.y)
                let steps = max(1, Int((length / 2).rounded(.up)))
                for i in 0...steps {
                    let t = Double(i) / Double(steps)
                    let p = Point(Float(a.x + (b.x - a.x) * t), Float(a.y + (b.y - a.y) * t))
                    if p.x > box.minX, p.x < box.maxX, p.y > box.minY, p.y < box.maxY { covered += 1 }
                }
            }
        }
        return covered
    }

    @Test(arguments: [("library", true), ("museum", true), ("guild-hall", false), ("exchange", false)])
    func theCalloutSitsWhereTheRouteDoesNotGo(destination: String, below: Bool) throws {
        let loop = try Self.settledLoop(to: destination)
        let here = try #require(loop.youAreHere)
        let box = try #require(here.box), anchor = try #require(here.anchor)
        #expect(here.below == below)
        #expect(below ? box.minY > anchor.y : box.maxY < anchor.y, "box \(box), station at \(anchor)")
        #expect(try Self.routeUnderTheCallout(loop) == 0, "the callout hides part of the route to \(destination)")
        // The camera framed the callout where it is drawn: inside the screen, clear of the card.
        #expect(box.minY >= 0 && box.maxY <= 800)
        if let card = loop.journey?.card.occupiedRegion {
            #expect(!(Double(box.maxX) > card.minX && Double(box.minX) < card.maxX
                      && Double(box.maxY) > card.minY && Double(box.minY) < card.maxY), "box \(box) under the card \(card)")
        }
    }

    /// The route's side goes with the route: once the journey ends the callout is back on the side the names and
    /// marks around the station leave it (`YouAreHereElement.namesAround`), the side it takes at home before any
    /// journey.
    @Test func theCalloutLeavesTheRoutesSideWhenTheJourneyEnds() throws {
        let loop = try Self.settledLoop(to: "library", idleSeconds: 2)
        #expect(loop.youAreHere?.below == true)
        // The idle return takes the card away and the map home; the replay ends once all is at rest.
        var turns = 0
        while turns < 100_000, try loop.turn() { turns += 1 }
        let here = try #require(loop.youAreHere)
        #expect(loop.journey?.card.stationID == nil)
        #expect(!here.below)
        let box = try #require(here.box), anchor = try #require(here.anchor)
        #expect(here.namesAround != nil, "the plan's names at home were handed to the callout")
        let fresh = try #require(Self.homeLoop().youAreHere)
        #expect(here.side == fresh.side && box == fresh.box, "\(here.side): \(box) about \(anchor); before any journey \(fresh.side)")
    }
}
