import MetroMap
import Overlay
import Physics
import Raster
import TestSupport
import Testing
import TouchInput
@testable import Cartography
@testable import KioskCore

/// A line's own marks on the screen browse it: a tap on its legend entry (`[map] legend`) or on its badge at a
/// terminus (`[map] line_badges`) opens the search sheet listing the line's stations, as a tap on the line's row
/// in the sheet does. Replayed taps through the loop with `traces/search/kiosk.toml`, legend and badges on.
struct BrowseFromMapTests {
    static let demo = try! BundledMap.loadDemo()

    private func makeLoop(clock: SimulatedClock, taps: [ScreenPoint]) throws -> KioskLoop {
        var config = try KioskConfigLoader.load(contentsOf: RepositoryPaths.file("traces/search/kiosk.toml").path)
        config.map.legend = .topLeft
        config.map.lineBadges = true
        // The whole map fitted, so the termini and their badges are on the screen.
        config.map.homeMode = .fit
        // A tap every 0.5 s: down, lifted 60 ms later where it came down.
        let frames = taps.enumerated().flatMap { index, point in
            let down = 500_000 + Int64(index) * 500_000
            return [TouchFrame(timeMicroseconds: down, events: [TouchEvent(slot: 0, phase: .down, x: point.x, y: point.y, timeMicroseconds: down)]),
                    TouchFrame(timeMicroseconds: down + 60_000, events: [TouchEvent(slot: 0, phase: .up, timeMicroseconds: down + 60_000)])]
        }
        let output = DamageOnlyScreen(width: 1280, height: 800, clock: clock)
        let loop = try KioskLoop(map: Self.demo, config: config, font: try Font.loadDefault(), input: TraceInput(frames: frames),
                                 output: output, clock: clock)
        return loop
    }

    private func run(_ loop: KioskLoop, clock: SimulatedClock, until end: Int64) throws -> [(time: Int64, search: FrameRecord.SearchRecord?)] {
        var records: [(time: Int64, search: FrameRecord.SearchRecord?)] = []
        loop.onFrame = { records.append(($0.presentationMicroseconds, $0.search)) }
        var turns = 0
        while clock.nowMicroseconds < end, try loop.turn() {
            turns += 1
            if turns > 50_000 { Issue.record("replay never ended"); break }
        }
        return records
    }

    @Test func aTapOnALegendEntryListsItsLinesStations() throws {
        // The entry's place is the legend's own layout (fonts measured): read from a loop built alike.
        let probe = try makeLoop(clock: SimulatedClock(startMicroseconds: 0), taps: [])
        let rows = try #require(probe.legend?.rows)
        let green = try #require(rows.first { $0.entry.lineID == "green" })
        // On the name, well right of the badge.
        let point = ScreenPoint(x: Double(green.nameOrigin.x) + 4, y: Double(green.cell.minY + green.cell.maxY) / 2)

        let clock = SimulatedClock(startMicroseconds: 460_000)
        let loop = try makeLoop(clock: clock, taps: [point])
        let records = try run(loop, clock: clock, until: 1_000_000)
        #expect(records.last { $0.time < 500_000 }?.search == nil, "closed before the tap")
        let browsed = try #require(records.first { $0.time > 560_000 }?.search, "open in the frame after the lift")
        #expect(browsed.line == "green" && browsed.query.isEmpty)
        let stations = try #require(Self.demo.lines.first { $0.id == "green" }).stationIDs
        #expect(browsed.results == stations)
    }

    @Test func aTapOnALineBadgeOnTheMapListsItsStations() throws {
        // A badge in the open part of the screen (clear of the control column on the right) at the home view.
        let probe = try makeLoop(clock: SimulatedClock(startMicroseconds: 0), taps: [])
        let camera = probe.shifted(probe.camera.shownCamera)
        let free = ScreenRect(x: 20, y: 20, width: 1120, height: 760)
        let legend = probe.legend?.frame
        let badge = try #require(probe.renderer.builder.lineBadgeCentres(scale: camera.scale).lazy.map { badge in
            (badge.line, probe.camera.geometry.screenPoint(ofScheme: badge.centre, camera: camera))
        }.first { free.contains($0.1) && !(legend?.contains($0.1) ?? false) }, "a badge on screen")
        let line = Self.demo.lines[badge.0]

        let clock = SimulatedClock(startMicroseconds: 460_000)
        let loop = try makeLoop(clock: clock, taps: [badge.1])
        let records = try run(loop, clock: clock, until: 1_400_000)
        #expect(records.last { $0.time < 500_000 }?.search == nil)
        // A tap on the map waits out the double tap's interval before it acts.
        let browsed = try #require(records.last?.search, "open after the tap")
        #expect(browsed.line == line.id)
        #expect(browsed.results == line.stationIDs.filter { Self.demo.station(id: $0)?.isPlaced == true })
        // A tap beside the badge, on nothing, leaves the sheet closed: the badge, not the tap, opened it.
        let beside = try #require([200.0, -200, 120, -120].lazy.map { ScreenPoint(x: badge.1.x, y: badge.1.y + $0) }.first { point in
            free.contains(point) && probe.renderer.builder.lineBadge(
                at: probe.camera.geometry.schemePoint(atScreen: point, camera: camera), scale: camera.scale) == nil
        })
        let quiet = SimulatedClock(startMicroseconds: 460_000)
        let other = try makeLoop(clock: quiet, taps: [beside])
        #expect(try run(other, clock: quiet, until: 1_400_000).last?.search == nil)
    }

    /// Without a search sheet (`[controls] search = false`) the legend is a key to read: a touch on an entry is the
    /// map's, as before.
    @Test func withoutASheetTheLegendLeavesTouchesToTheMap() throws {
        var config = try KioskConfigLoader.load(contentsOf: RepositoryPaths.file("traces/search/kiosk.toml").path)
        config.map.legend = .topLeft
        config.controls?.search = false
        let clock = SimulatedClock(startMicroseconds: 0)
        let loop = try KioskLoop(map: Self.demo, config: config, font: try Font.loadDefault(), input: TraceInput(frames: []),
                                 output: DamageOnlyScreen(width: 1280, height: 800, clock: clock), clock: clock)
        let legend = try #require(loop.legend)
        let row = try #require(legend.rows.first)
        #expect(loop.search == nil)
        #expect(!legend.touchDown(at: ScreenPoint(x: Double(row.nameOrigin.x) + 4, y: Double(row.cell.minY + row.cell.maxY) / 2),
                                  timeMicroseconds: 0))
    }
}
