import Foundation
import MetroMap
import Network
import Overlay
import Physics
import Raster
import Testing
import TestSupport
@testable import KioskCore

/// With a timetable and no journey open, the kiosk's next departures are listed per line and direction on a board
/// docked where the card rises, not in the "You are here" callout: in the callout (about 450×250 px on 1280×800,
/// just above the station) they covered the next stations from here, whose names the map then dropped.
struct YouAreHereDeparturesTests {
    static func demoLoop(width: Int = 1280, height: Int = 800) throws -> (KioskLoop, KioskSession) {
        let session = try KioskSession(configPath: DemoTimetableTests.configPath)
        let timetable = try #require(session.timetable)
        let clock = SimulatedClock(startMicroseconds: 0)
        let output = KioskStill.LastFrameOutput(width: width, height: height, clock: clock)
        let loop = try KioskLoop(map: session.map, config: session.config, fonts: FontStack(fonts: [try Font.loadDefault()]),
                                 input: TraceInput(frames: []), output: output, clock: clock, timetable: timetable)
        let instant = try #require(timetable.instant(local: "2026-11-27 14:00"))
        loop.wallClock = { instant }
        _ = try loop.turn()
        return (loop, session)
    }

    @Test func theBoardListsTheNextDeparturesUntilAJourneyOpens() throws {
        let (loop, session) = try Self.demoLoop()
        let board = try #require(loop.departuresBoard)
        // Central Square: the Red, Green and Blue lines, each both ways, each row with minutes to go.
        let colors = Set(board.departures.compactMap(\.color))
        let serving = session.map.lines.filter { ["red", "green", "blue"].contains($0.id) }
        #expect(colors.count == serving.count, "\(board.departures)")
        #expect(board.departures.count >= 6)
        #expect(board.departures.allSatisfy { $0.title.contains("towards") && ($0.times.contains("min") || $0.times.contains("due")) })
        #expect(board.name == "Central Square")
        // Docked at the bottom of the card's column, not pinned to the station.
        let frame = try #require(board.frame)
        let column = try #require(loop.journey?.card.region(at: .peek))
        #expect(frame.maxY == 800 && abs(frame.minX - (column.minX - 2)) < 0.5 && frame.maxX <= column.maxX + 2.5, "\(frame) in \(column)")
        // The callout keeps its words and the station's name: no taller than without a timetable.
        let words = try #require(loop.youAreHere?.box)
        #expect(words.height < 120, "\(words)")
        // The same rows as the card lists for the kiosk's own station.
        #expect(loop.showJourney(to: "central-square"))
        let card = try #require(loop.journey?.card.content)
        #expect(Set(card.departures.map(\.title)).isSubset(of: Set(board.departures.map(\.title))))
        // A journey open: the board goes (the card lists the tapped station's departures).
        #expect(loop.showJourney(to: "bastion"))
        _ = try loop.turn()
        #expect(board.departures.isEmpty && board.frame == nil)
    }

    /// The question a traveller asks the map first after "where am I": what is next on each line from here. The
    /// neighbours of the kiosk's station whose names the map sets on screen at the home view are drawn, save those
    /// the callout must cover on whichever side it takes (`lost`): the callout with the departures covered Library,
    /// Mint, Cathedral and Exchange on 1280×800 (4); above the station without them it still covered Museum. With the
    /// home view fitted above the board, every side of the station holds a neighbour's name on both screens, and the
    /// callout takes a side that holds one (Guild Hall on 1280×800, Embankment on 1920×1080).
    @Test(arguments: [(1280, 800, 1), (1920, 1080, 1)])
    func theNextStationsFromHereAreNamedAtHome(size: (width: Int, height: Int, lost: Int)) throws {
        let (loop, session) = try Self.demoLoop(width: size.width, height: size.height)
        let here = try #require(session.map.station(id: "central-square"))
        let ids = Set(session.map.lines.flatMap { line in
            line.hops.compactMap { hop in hop.from == here.id ? hop.to : hop.to == here.id ? hop.from : nil }
        })
        let regions = loop.labelRegions.filter { region in loop.youAreHere?.box.map { ScreenRect($0) != region } ?? true }
        let named = loop.stationsNamedOnScreen(), planned = loop.stationsNamedOnScreen(keepingClearOfOverlay: false)
        var checked: [String] = [], missing: [String] = []
        for id in ids.sorted() {
            let station = try #require(session.map.station(id: id)), position = try #require(station.position)
            let point = loop.camera.geometry.screenPoint(ofScheme: position, camera: loop.camera.shownCamera)
            // Marks on screen whose names the plan sets, not under the board or the controls.
            guard planned.contains(position), point.x > 0, point.y > 0, point.x < Double(size.width), point.y < Double(size.height),
                  !regions.contains(where: { $0.contains(point) }) else { continue }
            checked.append(station.name)
            if !named.contains(position) { missing.append(station.name) }
        }
        #expect(checked.count >= 5, "the neighbours on screen: \(checked)")
        #expect(missing.count <= size.lost, "unnamed next stations: \(missing) of \(checked)")
    }

    /// Home around "you are here" keeps the station's neighbourhood out from under the board as it does from under
    /// the controls: the station sits in the middle of what the board (at its largest, eight rows) leaves above it,
    /// not in the screen's middle with the board over the map's lower corner (San Francisco's Caltrain line south of
    /// San Bruno was under it).
    @Test func homeIsFittedAboveTheBoard() throws {
        let (loop, _) = try Self.demoLoop()
        let here = try #require(loop.youAreHere?.anchor)
        let board = try #require(loop.departuresBoard?.largestRegion)
        #expect(board.minY < 700 && board.maxY == 800, "\(board)")
        #expect(abs(Double(here.y) - board.minY / 2) < 40, "the station at \(here), the board from y \(board.minY)")
        #expect(!board.contains(ScreenPoint(x: Double(here.x), y: Double(here.y))))
    }

    @Test func withoutATimetableThereIsNoBoard() throws {
        var config = try KioskConfigLoader.load(contentsOf: DemoTimetableTests.configPath)
        config.network = KioskConfig.NetworkSettings()
        let clock = SimulatedClock(startMicroseconds: 0)
        let output = KioskStill.LastFrameOutput(width: 1280, height: 800, clock: clock)
        let loop = try KioskLoop(map: try BundledMap.loadDemo(), config: config, fonts: nil, input: TraceInput(frames: []),
                                 output: output, clock: clock)
        _ = try loop.turn()
        #expect(loop.departuresBoard == nil)
        #expect(loop.youAreHere != nil)
    }
}
