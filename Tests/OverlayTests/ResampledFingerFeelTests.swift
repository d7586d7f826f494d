import Physics
import Raster
import Testing
@testable import Overlay

/// The journey card, its step list, the search results list and the overview inset on the resampled finger the map
/// uses (issue 28, item 3): the `card-drag`, `card-list-scroll`, `results-scroll` and `inset-drag` gestures of
/// `traces/feel` (written by `scripts/feel-traces`) replayed at 60 Hz with the loop's touch latency. A steady finger moves them the same every frame at every touch
/// rate, and the lift hands over to their animation from where they are shown, when they are shown there, with the
/// velocity they are shown moving at.
struct ResampledFingerFeelTests {
    static let rates = [60, 90, 100, 120, 133, 144, 240]
    static let latency = CardTraceReplay.loopLatency

    static func cardDrag(rate: Int, latency: Int64 = latency) throws -> DragSteps {
        let replay = try CardTraceReplay(trace: "card-drag-\(rate)hz", folder: "traces/feel", latency: latency)
        let touch = try #require(replay.touches.first)
        return DragSteps(times: replay.frames.map(\.timeMicroseconds),
                         distance: { abs(replay.frames[$1].extent - replay.frames[$0].extent) },
                         downMicroseconds: touch.downMicroseconds, lastMoveMicroseconds: touch.samples.last?.time ?? 0,
                         upMicroseconds: touch.upMicroseconds ?? 0, latency: latency)
    }

    static func listScroll(rate: Int, latency: Int64 = latency) throws -> DragSteps {
        // The seaside card with anchors at 10, 20 and 30 %: its list is longer than the card at full.
        let replay = try CardTraceReplay(trace: "card-list-scroll-\(rate)hz", folder: "traces/feel",
                                         settings: CardSettings(peek: 0.1, half: 0.2, full: 0.3), latency: latency,
                                         destination: "seaside")
        let touch = try #require(replay.touches.count == 3 ? replay.touches[2] : nil)
        #expect(replay.frame(at: touch.downMicroseconds)?.anchor == .full, "the taps opened the card to full")
        let offsets = replay.frames.map { $0.scrollOffset ?? .nan }
        return DragSteps(times: replay.frames.map(\.timeMicroseconds), distance: { abs(offsets[$1] - offsets[$0]) },
                         downMicroseconds: touch.downMicroseconds, lastMoveMicroseconds: touch.samples.last?.time ?? 0,
                         upMicroseconds: touch.upMicroseconds ?? 0, latency: latency)
    }

    static func resultsScroll(rate: Int, latency: Int64 = latency) throws -> DragSteps {
        let replay = try ResultsTraceReplay(trace: "results-scroll-\(rate)hz", latency: latency)
        let offsets = replay.frames.map(\.offset)
        return DragSteps(times: replay.frames.map(\.timeMicroseconds), distance: { abs(offsets[$1] - offsets[$0]) },
                         downMicroseconds: replay.finger.downMicroseconds,
                         lastMoveMicroseconds: replay.finger.lastMoveMicroseconds,
                         upMicroseconds: replay.finger.upMicroseconds, latency: latency)
    }

    static func insetDrag(rate: Int, latency: Int64 = latency) throws -> DragSteps {
        let replay = try InsetTraceReplay(trace: "inset-drag-\(rate)hz", latency: latency)
        let origins = replay.frames.map(\.origin)
        return DragSteps(times: replay.frames.map(\.timeMicroseconds), distance: { a, b in
            let dx = Double(origins[b].x - origins[a].x), dy = Double(origins[b].y - origins[a].y)
            return (dx * dx + dy * dy).squareRoot()
        }, downMicroseconds: replay.downMicroseconds, lastMoveMicroseconds: replay.lastMoveMicroseconds,
           upMicroseconds: replay.upMicroseconds, latency: latency)
    }

    /// The inset's outline dragged: how far the map's pan moves the outline each frame, in inset pixels (the
    /// finger's).
    static func outlineDrag(rate: Int, latency: Int64 = latency) throws -> DragSteps {
        let replay = try InsetTraceReplay(trace: "inset-outline-drag-\(rate)hz", latency: latency)
        let pans = replay.frames.map(\.panned), scale = replay.inset.insetScale
        #expect(replay.frames.allSatisfy { $0.origin == Raster.Point(30, 30) }, "the outline drag pans the map, not the inset")
        return DragSteps(times: replay.frames.map(\.timeMicroseconds), distance: { a, b in
            let dx = (pans[b].x - pans[a].x) * scale, dy = (pans[b].y - pans[a].y) * scale
            return (dx * dx + dy * dy).squareRoot()
        }, downMicroseconds: replay.downMicroseconds, lastMoveMicroseconds: replay.lastMoveMicroseconds,
           upMicroseconds: replay.upMicroseconds, latency: latency)
    }

    static func check(_ steps: DragSteps, _ what: String, rate: Int, speed: Double) {
        #expect(steps.steps.count >= 8, "\(what) at \(rate) Hz: a steady drag of several frames")
        #expect(abs(steps.mean / (speed * 0.016_667) - 1) < 0.02, "\(what) at \(rate) Hz: the finger's speed, \(steps.summary)")
        #expect(steps.worstDeviation <= 0.15, "\(what) at \(rate) Hz: \(steps.summary)")
        #expect(steps.releaseRatio <= 1.15, "\(what) at \(rate) Hz: \(steps.summary)")
        #expect(steps.release > 0.5 * steps.lastDrag, "\(what) at \(rate) Hz: the release carries the motion on, \(steps.summary)")
    }

    @Test(arguments: rates) func theCardFollowsTheResampledFinger(rate: Int) throws {
        Self.check(try Self.cardDrag(rate: rate), "card drag", rate: rate, speed: 1500)
    }

    @Test(arguments: rates) func theStepListFollowsTheResampledFinger(rate: Int) throws {
        Self.check(try Self.listScroll(rate: rate), "list scroll", rate: rate, speed: 600)
    }

    @Test(arguments: rates) func theResultsListFollowsTheResampledFinger(rate: Int) throws {
        let steps = try Self.resultsScroll(rate: rate)
        Self.check(steps, "results scroll", rate: rate, speed: 1000)
        print("results scroll \(rate) Hz: \(steps.summary)")
    }

    /// Why: showing the newest report, the results list stepped one or two reports a frame at 90 Hz.
    @Test func theResultsListOnTheNewestReportJudders() throws {
        let steps = try Self.resultsScroll(rate: 90, latency: 0)
        #expect(steps.worstDeviation > 0.3, "\(steps.summary)")
    }

    @Test(arguments: rates) func theInsetFollowsTheResampledFinger(rate: Int) throws {
        Self.check(try Self.insetDrag(rate: rate), "inset drag", rate: rate, speed: (1500.0 * 1500 + 600 * 600).squareRoot())
    }

    @Test(arguments: rates) func theOutlineDragPansWithTheResampledFinger(rate: Int) throws {
        let steps = try Self.outlineDrag(rate: rate)
        // The pan stops where the finger did (no fling), so the release frame is the path's remainder: even steps,
        // the finger's speed, and no leap at the lift.
        #expect(steps.steps.count >= 8, "outline drag at \(rate) Hz: a steady drag of several frames")
        #expect(abs(steps.mean / (215.4 * 0.016_667) - 1) < 0.02, "outline drag at \(rate) Hz: the finger's speed, \(steps.summary)")
        #expect(steps.worstDeviation <= 0.15, "outline drag at \(rate) Hz: \(steps.summary)")
        #expect(steps.releaseRatio <= 1.15, "outline drag at \(rate) Hz: \(steps.summary)")
        print("outline drag \(rate) Hz: \(steps.summary)")
        // The map stops where the finger did: every report's motion is panned, none twice.
        let replay = try InsetTraceReplay(trace: "inset-outline-drag-\(rate)hz", latency: Self.latency)
        let total = try #require(replay.frames.last?.panned)
        #expect(abs(total.x * replay.inset.insetScale - 50) < 1e-6 && abs(total.y * replay.inset.insetScale - 20) < 1e-6,
                "outline drag at \(rate) Hz: panned \(total) scheme units for a (50, 20) px drag")
    }

    /// Why: panning by each report as it came, the map stepped one or two reports a frame at 90 Hz.
    @Test func theOutlineDragOnTheNewestReportJudders() throws {
        let steps = try Self.outlineDrag(rate: 90, latency: 0)
        #expect(steps.worstDeviation > 0.3, "\(steps.summary)")
    }

    /// Why: showing the newest report, the card stepped one or two reports a frame at 90 Hz and leapt at the lift.
    @Test func theNewestReportAloneJudders() throws {
        let steps = try Self.cardDrag(rate: 90, latency: 0)
        #expect(steps.worstDeviation > 0.3, "\(steps.summary)")
    }
}
