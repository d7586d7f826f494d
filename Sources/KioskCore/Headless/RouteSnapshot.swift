import Foundation
import MetroMap
import Raster
import Realtime

/// `snapshot --route FROM,TO`: the kiosk standing at FROM after a tap on TO, once everything has come to rest (the
/// card at peek, the route drawn, the camera fitted to it): the same loop as the kiosk, on a simulated clock.
public enum RouteSnapshot {
    /// An output that keeps the last frame it was shown.
    final class LastFrameOutput: KioskOutput {
        let width: Int
        let height: Int
        let refreshMillihertz = 60_000
        private(set) var last: PixelBuffer?
        private let clock: SimulatedClock

        init(width: Int, height: Int, clock: SimulatedClock) {
            self.width = width
            self.height = height
            self.clock = clock
        }

        func present(_ frame: PixelBuffer, damage: IntRect?, predictedMicroseconds: Int64) throws -> Int64 {
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

    /// `timetable`, `at`: the card worded from the real timetable as a kiosk would word it at that wall-clock
    /// moment (the simulated clock's time added as the card settles), so the same moment gives the same picture.
    public static func render(settings: KioskConfig, map: MetroMap, from: String, to: String, fonts: FontStack?,
                              width: Int, height: Int, timetable: KioskTimetable? = nil, at: Date? = nil,
                              realtime: RealtimeSnapshot? = nil) throws -> PixelBuffer {
        guard map.station(id: from) != nil else { throw Failure.unknownStation(from) }
        var settings = settings
        settings.map.youAreHere = from
        let clock = SimulatedClock(startMicroseconds: 0)
        let output = LastFrameOutput(width: width, height: height, clock: clock)
        let loop = try KioskLoop(map: map, config: settings, fonts: fonts, input: TraceInput(frames: []), output: output,
                                 clock: clock, timetable: timetable)
        if let at { loop.wallClock = { at.addingTimeInterval(Double(clock.nowMicroseconds) / 1_000_000) } }
        if let realtime { loop.realtime = { realtime } }
        _ = try loop.turn()
        guard loop.showJourney(to: to) else { throw Failure.unknownStation(to) }
        var settled = false
        loop.onFrame = { record in
            settled = record.state == .idle && (record.card?.state == "resting" || record.card?.state == "hidden")
        }
        var turns = 0
        while !settled, turns < 10_000, try loop.turn() { turns += 1 }
        guard let last = output.last else { throw Failure.nothingDrawn }
        return last
    }
}
