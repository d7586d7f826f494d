import Physics
import Raster
import Testing
import TouchInput
@testable import Overlay

/// Every element outside the map that flings (the journey card, the search results, the overview inset) releases
/// with the map's tracker through `DraggedFinger` (issue 36): fed the same reports, each hands its animation exactly
/// what `VelocityTracker` gives them, on its own axes. Why: each once kept its own estimate beside the tracker (the
/// inset a 100 ms mean at 56–68 % of the finger's speed, the list a lift counted as a still sample).
struct OneReleaseEstimatorTests {
    /// A finger speeding up over 100 ms at 120 Hz, x and y at different rates: a mean over the window, the last
    /// segment alone or a lift counted as a sample all differ from the weighted estimate.
    static func reports(from start: ScreenPoint, down: Int64) -> [(point: ScreenPoint, time: Int64)] {
        (0...12).map { step in
            let t = Double(step) * 0.008_333
            return (ScreenPoint(x: start.x + 900 * t * t * 10, y: start.y - 2400 * t * t * 10), down + Int64(step) * 8_333)
        }
    }

    static func trackerVelocity(_ reports: [(point: ScreenPoint, time: Int64)], lift: Int64) -> Velocity {
        var tracker = VelocityTracker(strategy: .ios)
        for report in reports { tracker.addSample(x: report.point.x, y: report.point.y, timeMicroseconds: report.time) }
        return tracker.releaseVelocity(liftMicroseconds: lift)
    }

    /// Drags `element` through `reports` and lifts 2 ms after the last; returns the lift's time.
    static func drag(_ element: any OverlayElement, through reports: [(point: ScreenPoint, time: Int64)]) -> Int64 {
        #expect(element.touchDown(at: reports[0].point, timeMicroseconds: reports[0].time))
        for report in reports.dropFirst() { element.touchMoved(to: report.point, timeMicroseconds: report.time) }
        let lift = reports[reports.count - 1].time + 2_000
        element.touchUp(at: reports[reports.count - 1].point, timeMicroseconds: lift)
        return lift
    }

    static var projection: MapProjection { MapProjection { ScreenPoint(x: $0.x, y: $0.y) } }

    /// A card resting at `peek` on a 600×1000 portrait screen, its finger shown `latency` behind each frame.
    static func restingCard(latency: Int64) throws -> JourneyCardElement {
        let card = JourneyCardElement(settings: CardSettings(), fonts: nil, screen: IntRect(x: 0, y: 0, width: 600, height: 1000))
        card.touchLatencyMicroseconds = latency
        card.show(try JourneyCardContentFixture.content(destination: "museum"), at: 0)
        card.advance(to: 2_000_000, map: projection)
        return card
    }

    @Test func theCardReleasesWithTheTrackersVelocity() throws {
        let card = try Self.restingCard(latency: 0)
        let reports = Self.reports(from: ScreenPoint(x: 300, y: 990), down: 3_000_000)
        let lift = Self.drag(card, through: reports)
        let expected = Self.trackerVelocity(reports, lift: lift)
        let released = try #require(card.releasedVelocity)
        #expect(released.x == 0 && abs(released.y - expected.y) < 1e-9, "card \(released), tracker \(expected)")
        #expect(expected.y < -1000, "a flick up, \(expected)")
    }

    @Test func theResultsListReleasesWithTheTrackersVelocity() throws {
        let list = SearchResultsElement(rate: .normal, fonts: nil)
        list.show((0..<200).map { SearchResultsElement.Row(stationID: "s\($0)", name: "Station \($0)") },
                  in: ScreenRect(x: 100, y: 100, width: 400, height: 600), rowHeight: 50)
        let reports = Self.reports(from: ScreenPoint(x: 200, y: 650), down: 1_000_000)
        let lift = Self.drag(list, through: reports)
        let expected = Self.trackerVelocity(reports, lift: lift)
        let released = try #require(list.releasedVelocity)
        #expect(released.x == 0 && abs(released.y - expected.y) < 1e-9, "list \(released), tracker \(expected)")
    }

    @Test func theInsetReleasesWithTheTrackersVelocity() throws {
        // Grabbed outside its outline (as `inset-drag`), the inset is dragged once the finger passes its 8 px slop:
        // it flings with what came after, as the tracker does from there.
        let reports = Self.reports(from: ScreenPoint(x: 180, y: 150), down: 100_000)
        let lift = reports[reports.count - 1].time + 2_000
        var frames = [TouchFrame(timeMicroseconds: reports[0].time,
                                 events: [TouchEvent(slot: 0, phase: .down, x: reports[0].point.x, y: reports[0].point.y,
                                                     timeMicroseconds: reports[0].time)])]
        frames += reports.dropFirst().map {
            TouchFrame(timeMicroseconds: $0.time, events: [TouchEvent(slot: 0, phase: .move, x: $0.point.x, y: $0.point.y,
                                                                      timeMicroseconds: $0.time)])
        }
        frames.append(TouchFrame(timeMicroseconds: lift, events: [TouchEvent(slot: 0, phase: .up, timeMicroseconds: lift)]))
        let replay = InsetTraceReplay(input: frames, latency: 0)
        let crossed = try #require(reports.firstIndex { $0.point.distance(to: reports[0].point) > 8 })
        let expected = Self.trackerVelocity(Array(reports[crossed...]), lift: lift)
        let released = try #require(replay.inset.releasedVelocity)
        #expect(abs(released.x - expected.x) < 1e-9 && abs(released.y - expected.y) < 1e-9, "inset \(released), tracker \(expected)")
        #expect(expected.length > 1000, "a flick, \(expected)")
    }

    /// The same reports on the loop's resampled finger: the card's spring starts no faster than the path's last
    /// segment moves, the one cap the map's glide has too, and is otherwise the tracker's.
    @Test func theResampledCardReleasesWithTheTrackersVelocityCappedAtTheShownSpeed() throws {
        let card = try Self.restingCard(latency: CardTraceReplay.loopLatency)
        let reports = Self.reports(from: ScreenPoint(x: 300, y: 990), down: 3_000_000)
        let lift = Self.drag(card, through: reports)
        var time = lift
        while card.releasedVelocity == nil, time < lift + 200_000 {
            time += 16_667
            card.advance(to: time, map: Self.projection)
        }
        let last = reports[reports.count - 1], previous = reports[reports.count - 2]
        let shown = (last.point.y - previous.point.y) / (Double(last.time - previous.time) / 1_000_000)
        let tracker = Self.trackerVelocity(reports, lift: lift).y
        let expected = abs(tracker) > abs(shown) ? shown : tracker
        let released = try #require(card.releasedVelocity)
        #expect(abs(released.y - expected) < 1e-9, "card \(released), tracker \(tracker), shown \(shown)")
    }
}
