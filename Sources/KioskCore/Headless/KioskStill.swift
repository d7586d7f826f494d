import Foundation
import LiveTimetable
import MetroMap
import Raster
import Realtime
import TOMLDocument

/// A still of the kiosk: its own loop on a simulated clock with no input, brought to rest, and the last frame it
/// presented. `snapshot` (the home view, `--camera`, `--zoom`, `--route`) and the self-test draw through it, so the
/// map, its names, every overlay element (callout, card, strip, controls, legend, inset) and their layout are
/// composed by the one path the kiosk composes its frames with: a part added to the loop appears in a snapshot too
/// (the home view's snapshot lacked the "You are here" callout while it composed the controls on its own).
public enum KioskStill {
    /// An output that keeps the last frame it was shown.
    public final class LastFrameOutput: KioskOutput {
        public let width: Int
        public let height: Int
        public let refreshMillihertz = 60_000
        public private(set) var last: PixelBuffer?
        private let clock: SimulatedClock

        public init(width: Int, height: Int, clock: SimulatedClock) {
            self.width = width
            self.height = height
            self.clock = clock
        }

        public func present(_ frame: PixelBuffer, damage: IntRect?, predictedMicroseconds: Int64) throws -> Int64 {
            let copy = last.flatMap { $0.width == frame.width && $0.height == frame.height ? $0 : nil }
                ?? PixelBuffer(width: frame.width, height: frame.height)
            for y in 0..<frame.height { copy.row(y).update(from: frame.row(y), count: frame.width) }
            last = copy
            clock.advance(to: predictedMicroseconds)
            return predictedMicroseconds
        }
    }

    public enum Failure: Error, CustomStringConvertible {
        case unknownStation(String)
        case nothingDrawn

        public var description: String {
            switch self {
            case let .unknownStation(id): return "no station with id \"\(TOMLText.excerpt(id))\""
            case .nothingDrawn: return "nothing was drawn"
            }
        }
    }

    /// What the still shows: the loop's home view, a camera chosen from it (`--camera`, `--zoom`), or the view after
    /// a tap on `to` at a kiosk standing at `from` (the card at peek, the route drawn, the camera fitted to it).
    public enum View {
        case home
        case camera((_ home: Camera) -> Camera)
        case route(from: String, to: String)
    }

    /// `timetable`, `at`: the card and the "You are here" departures worded from the real timetable as a kiosk would
    /// word them at that wall-clock moment (the simulated clock's time added as the loop settles), so the same moment
    /// gives the same picture; without `at`, the moment of the run. `realtime`: the feeds as received at `at`.
    /// `pool`: the threads that draw it (the self-test gives its own).
    public static func render(_ view: View, settings: KioskConfig, map: MetroMap, fonts: FontStack?, width: Int, height: Int,
                              timetable: KioskTimetable? = nil, at: Date? = nil, realtime: RealtimeSnapshot? = nil,
                              pool: RenderPool = .shared,
                              onMissingGlyphs: ((_ text: String, _ missing: [Unicode.Scalar]) -> Void)? = nil) throws -> PixelBuffer {
        var settings = settings
        if case let .route(from, _) = view {
            guard map.station(id: from) != nil else { throw Failure.unknownStation(from) }
            settings.map.youAreHere = from
        }
        let clock = SimulatedClock(startMicroseconds: 0)
        let output = LastFrameOutput(width: width, height: height, clock: clock)
        let loop = try KioskLoop(map: map, config: settings, fonts: fonts, input: TraceInput(frames: []), output: output,
                                 clock: clock, timetable: timetable, pool: pool)
        loop.onMissingGlyphs = onMissingGlyphs
        if let at { loop.wallClock = { at.addingTimeInterval(Double(clock.nowMicroseconds) / 1_000_000) } }
        if let realtime { loop.realtime = { realtime } }
        switch view {
        case .home:
            break
        case let .camera(chosen):
            loop.camera.rest(at: chosen(loop.camera.home))
        case let .route(_, to):
            _ = try loop.turn()
            guard loop.showJourney(to: to) else { throw Failure.unknownStation(to) }
        }
        var settled = false
        loop.onFrame = { record in
            settled = record.state == .idle && (record.card.map { $0.state == "resting" || $0.state == "hidden" } ?? true)
        }
        var turns = 0
        while !settled, turns < 10_000, try loop.turn() { turns += 1 }
        guard let last = output.last else { throw Failure.nothingDrawn }
        return last
    }
}
