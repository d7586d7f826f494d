import Foundation
import MetroMap
import Physics
import Raster
import TestSupport
import Testing
import TouchInput
@testable import Overlay

/// The step list scrolling inside the card at `full`, and the header that collapses with it and ignores the bounce.
struct CollapsingHeaderTests {
    static let screen = IntRect(x: 0, y: 0, width: 600, height: 400)
    let projection = MapProjection { ScreenPoint(x: $0.x, y: $0.y) }

    func fullCard() throws -> (JourneyCardElement, Int64) {
        let map = CardTraceReplay.demo
        let content = try #require(JourneyCardContent(map: map, destination: "seaside", origin: "north-gate",
                                                      graph: StationGraph(map: map), language: nil))
        let card = JourneyCardElement(settings: CardSettings(peek: 0.1, half: 0.3, full: 0.5), fonts: nil, screen: Self.screen)
        card.show(content, at: 0)
        card.open(to: .full, at: 0)
        card.advance(to: 2_000_000, map: projection)
        #expect(card.state == .resting && card.anchor == .full)
        return (card, 2_000_000)
    }

    /// Drives one finger along `ys` (one report per 60 Hz frame) and lifts it, sampling the card each frame after.
    func gesture(_ card: JourneyCardElement, from start: Int64, ys: [Float], settle: Int64 = 2_000_000)
        -> (frames: [(offset: Double, header: Double)], end: Int64) {
        var time = start, frames: [(Double, Double)] = []
        #expect(card.touchDown(at: ScreenPoint(x: 300, y: Double(ys[0])), timeMicroseconds: time))
        for y in ys.dropFirst() {
            time += 16_667
            card.touchMoved(to: ScreenPoint(x: 300, y: Double(y)), timeMicroseconds: time)
            card.advance(to: time, map: projection)
            frames.append((card.scroll?.offset ?? .nan, card.headerHeight))
        }
        card.touchUp(at: ScreenPoint(x: 300, y: Double(ys.last ?? 0)), timeMicroseconds: time)
        let end = time + settle
        while time < end {
            time += 16_667
            card.advance(to: time, map: projection)
            frames.append((card.scroll?.offset ?? .nan, card.headerHeight))
        }
        return (frames, time)
    }

    @Test func scrollingTheStepsCollapsesTheHeaderMonotonically() throws {
        let (card, start) = try fullCard()
        let scroll = try #require(card.scroll), header = try #require(card.header)
        #expect(scroll.canScroll && scroll.maximumOffset > header.collapseRange, "the list is longer than the card")
        // Slowly up from just below the header, 150 px over 60 frames, held before the lift.
        let top = Float(400 - 0.5 * 400) + Float(header.expandedHeight)
        let ys = (0...60).map { top + 20 - Float($0) * 2.5 } + Array(repeating: top + 20 - 150, count: 5)
        let (frames, _) = gesture(card, from: start, ys: ys)
        let offsets = frames.map(\.offset), heights = frames.map(\.header)
        #expect(offsets.last.map { abs($0 - 150) < 1e-3 } == true, "the list followed the finger: \(offsets.last ?? .nan)")
        for (previous, next) in zip(frames, frames.dropFirst()) where next.offset >= previous.offset {
            #expect(next.header <= previous.header, "the header never grows while the list scrolls on")
        }
        #expect(heights.first.map { $0 > header.expandedHeight - 10 } == true, "it starts (nearly) expanded")
        #expect(heights.last == header.collapsedHeight, "collapsed once the list scrolled past the collapse range")
        #expect(card.extent == 200, "the card itself stayed at full")
    }

    /// At every touch rate, shown as the loop shows it (the finger resampled a latency before each 60 Hz frame): the
    /// row under the finger stays under the finger through the whole collapse. The gesture is
    /// `traces/feel/collapsing-header-<rate>hz.csv` (`scripts/feel-traces`), on this test's screen and card.
    @Test(arguments: [60, 90, 120, 144, 240]) func theListStaysUnderTheFingerWhileTheHeaderCollapses(rate: Int) throws {
        let (card, start) = try fullCard()
        card.touchLatencyMicroseconds = CardTraceReplay.loopLatency
        let header = try #require(card.header)
        // Slowly up from just below the header at 198 px/s (3.3 px a 60 Hz frame), through the whole collapse and on.
        let top = 400 - 0.5 * 400 + header.expandedHeight
        let from = top + 20, speed = 198.0
        func finger(at time: Int64) -> Double { from - speed * Double(max(0, time - start)) / 1_000_000 }
        let name = "collapsing-header-\(rate)hz"
        let touches = try CSVTraceReader.frames(from: try String(contentsOf: RepositoryPaths.file("traces/feel/\(name).csv"),
                                                                 encoding: .utf8), file: name).flatMap(\.events)
        let down = try #require(touches.first)
        #expect(down.phase == .down && down.timeMicroseconds == start && down.y == from,
                "\(name) starts at \(down.timeMicroseconds) µs, y \(String(describing: down.y)); the card expects \(start), \(from)")
        var reports = touches.dropFirst().filter { $0.phase == .move }[...]
        #expect(reports.allSatisfy { abs(($0.y ?? .nan) - finger(at: $0.timeMicroseconds)) <= 0.005 }, "\(name): a steady 198 px/s")
        #expect(card.touchDown(at: ScreenPoint(x: 300, y: from), timeMicroseconds: start))
        // The list row the finger came down on.
        let row = from - card.screenY(ofListRow: 0)
        let period = 1_000_000 / Double(rate)
        var time = start
        var collapsing = 0, checked = 0
        for _ in 1...80 {
            time += 16_667
            while let report = reports.first, report.timeMicroseconds <= time {
                card.touchMoved(to: ScreenPoint(x: report.x ?? .nan, y: report.y ?? .nan), timeMicroseconds: report.timeMicroseconds)
                reports = reports.dropFirst()
            }
            card.advance(to: time, map: projection)
            if card.headerHeight < header.expandedHeight, card.headerHeight > header.collapsedHeight { collapsing += 1 }
            // Where the screen shows the finger; within the tap slop the finger has not taken the list yet.
            let shownFinger = finger(at: time - card.touchLatencyMicroseconds)
            guard from - shownFinger > JourneyCardElement.tapSlopPixels + speed * period / 1_000_000 else { continue }
            let shown = card.screenY(ofListRow: row)
            #expect(abs(shown - shownFinger) <= 1, "\(rate) Hz: the row under the finger is at \(shown), the finger at \(shownFinger)")
            checked += 1
        }
        #expect(collapsing > 10, "\(rate) Hz: the gesture runs through the collapse")
        #expect(checked > 60, "\(rate) Hz: \(checked) frames checked")
        #expect(card.headerHeight == header.collapsedHeight)
    }

    /// The step list's rows choose nothing, so a tap on it while it glides only stops it, as a tap on the gliding
    /// results list does: the card stays at full (a tap on the sheet would step it to peek) and asks for nothing.
    @Test func aTapOnTheGlidingStepListOnlyStopsIt() throws {
        let (card, start) = try fullCard()
        let header = try #require(card.header)
        let from = Float(200) + Float(header.expandedHeight) + 20
        let flick = (0...6).map { from - Float($0) * 60 / 6 }
        let (_, shown) = gesture(card, from: start, ys: flick, settle: 100_000)
        #expect(card.scroll?.endMicroseconds.map { $0 > shown + 5_000 } == true, "still gliding")
        _ = card.takeRequests()
        let stopped = try #require(card.scroll?.offset)
        let tap = shown + 5_000
        #expect(card.touchDown(at: ScreenPoint(x: 300, y: Double(from)), timeMicroseconds: tap))
        card.touchUp(at: ScreenPoint(x: 300, y: Double(from)), timeMicroseconds: tap + 80_000)
        card.advance(to: tap + 2_000_000, map: projection)
        #expect(card.scroll?.offset == stopped)
        #expect(card.anchor == .full && card.extent == 200)
        #expect(card.takeRequests().isEmpty)
    }

    @Test func aBounceAtTheTopOfTheListDoesNotMoveTheHeader() throws {
        let (card, start) = try fullCard()
        let header = try #require(card.header)
        let top = Float(200) + Float(header.expandedHeight)
        let up = (0...60).map { top + 20 - Float($0) * 2.5 } + Array(repeating: top + 20 - 150, count: 5)
        let (_, end) = gesture(card, from: start, ys: up)
        // A flick down: 100 px in six frames, lifted at speed, so the glide overshoots the top and bounces.
        let from = Float(200) + Float(header.collapsedHeight) + 40
        let flick = (0...6).map { from + Float($0) * 100 / 6 }
        let (frames, _) = gesture(card, from: end + 100_000, ys: flick)
        let bounce = frames.filter { $0.offset < 0 }
        #expect(bounce.count > 3, "the list bounced at its top")
        #expect(bounce.allSatisfy { $0.header == header.expandedHeight }, "the bounce leaves the header as it is")
        #expect(frames.last.map { $0.offset == 0 && $0.header == header.expandedHeight } == true)
        for (previous, next) in zip(frames, frames.dropFirst()) where next.offset <= previous.offset {
            #expect(next.header >= previous.header, "scrolling back expands it, monotonically")
        }
    }
}
