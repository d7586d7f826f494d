import MetroMap
import Overlay
import Physics
import TestSupport
import Testing
import TouchInput
@testable import KioskCore

/// A fling on the search sheet's list in the kiosk's loop, replayed from `traces/search/fling.csv` with
/// `traces/search/kiosk.toml`: the list glides to where the physics core's closed form puts it, and a tap after it
/// rests opens the station the finger is on at that offset.
struct FlingReplayTests {
    @Test func aFlingRestsAtTheClosedFormAndATapThereOpensThatStation() throws {
        var frames: [FrameRecord] = []
        var lists: [(time: Int64, offset: Double, rows: [SearchResultsElement.Row], rect: ScreenRect?, rowHeight: Double)] = []
        let (loop, screen) = try SearchTraceReplay.run("fling") { record, loop in
            frames.append(record)
            if let results = loop.search?.sheet.results, loop.search?.isOpen == true {
                lists.append((record.presentationMicroseconds, results.offset, results.rows, results.rect, results.rowHeight))
            }
        }
        #expect(screen.mismatches == 0, "every frame's damage covered what changed")

        // The Red Line's stations under a back row: more rows than the list shows, so it scrolls.
        let browsing = try #require(lists.first { $0.time > 1_100_000 })
        let rect = try #require(browsing.rect)
        #expect(Double(browsing.rows.count) * browsing.rowHeight > rect.height, "\(browsing.rows.count) rows in \(rect.height) px")

        // 8 moves of 2.5 px every 8 ms: 20 px dragged at 312.5 px/s. The glide keeps v(t) = v0·e^(k·t) and travels
        // v0 / −k more, short of the list's end.
        let lift: Int64 = 1_564_000, atLift = 20.0
        let beforeLift = try #require(lists.last { $0.time <= lift }).offset
        #expect(beforeLift > 10 && beforeLift <= atLift, "the list follows the finger: \(beforeLift) px before the lift")
        let closedForm = atLift + 312.5 / -loop.camera.settings.decelerationRate.exponentPerSecond
        let rest = try #require(lists.last { $0.time < 5_500_000 })
        #expect(closedForm < Double(browsing.rows.count) * browsing.rowHeight - rect.height, "the glide ends inside the list")
        #expect(abs(rest.offset - closedForm) < 1, "rests at \(rest.offset) px; the closed form says \(closedForm) px")
        #expect(try #require(lists.first { $0.time > lift + 100_000 }).offset > atLift + 10, "it glides on after the lift")

        // The tap at y 199.2 (5.5 s) chooses the row under it at the resting offset and raises that station's card.
        let index = Int(((199.2 - rect.minY + rest.offset) / rest.rowHeight).rounded(.down))
        let station = try #require(rest.rows[index].stationID, "row \(index) is a station")
        #expect(index > 2, "the tap lands on a row the fling scrolled to (row \(index))")
        let chosen = try #require(frames.first { $0.presentationMicroseconds > 5_600_000 })
        #expect(chosen.search == nil && chosen.station == station, "\(String(describing: chosen.station)) for \(station)")
    }

    /// The list is dragged by the finger the loop resamples for the map, the card and the inset (issue 28): each
    /// frame shows it where the finger was the loop's touch latency before the frame, not at the newest report.
    @Test func theListFollowsTheLoopsResampledFinger() throws {
        var lists: [(time: Int64, offset: Double)] = []
        let (loop, _) = try SearchTraceReplay.run("fling") { record, loop in
            if let results = loop.search?.sheet.results, loop.search?.isOpen == true {
                lists.append((record.presentationMicroseconds, results.offset))
            }
        }
        let latency = loop.camera.settings.touchLatencyMicroseconds
        #expect(loop.search?.sheet.results.touchLatencyMicroseconds == latency)
        // The finger from y 400 at 1.5 s up 2.5 px every 8 ms; the list moves once it is past the 10 px slop
        // (1.540 s), and hands over to its glide once the screen shows the lift (1.564 s).
        let dragged = lists.filter { $0.time > 1_540_000 && $0.time - latency < 1_564_000 }
        #expect(dragged.count >= 2)
        for frame in dragged {
            let shown = 2.5 * Double(frame.time - latency - 1_500_000) / 8_000
            #expect(abs(frame.offset - shown) < 1e-6, "at \(frame.time) µs the list is at \(frame.offset) px, the finger shown at \(shown) px")
        }
    }
}
