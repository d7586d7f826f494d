import Foundation
import MetroMap
import Physics
import Raster
import TestSupport
import TouchInput
@testable import Overlay

/// Replays a `traces/feel/inset-*.csv` gesture into the overview inset on a 1280×800 screen at 60 Hz, as the kiosk
/// loop does: the input up to each frame's time, then the inset advanced to it. The inset starts in the top-left
/// corner (`OverviewInsetTests`' corners), the map zoomed in so it shows. The map's pans the outline asks for are
/// summed frame by frame (the map itself stays where the projection puts it, so the outline does not move).
struct InsetTraceReplay {
    struct Frame {
        var timeMicroseconds: Int64
        var origin: Raster.Point
        /// How far the inset's outline drag has panned the map by this frame (scheme units, summed `.pan`s).
        var panned: SchemePoint
    }

    let inset: OverviewInsetElement
    var frames: [Frame] = []
    /// The finger's reports: touch-down, moves, lift.
    var downMicroseconds: Int64 = 0
    var lastMoveMicroseconds: Int64 = 0
    var upMicroseconds: Int64 = 0

    init(trace name: String, latency: Int64) throws {
        let text = try String(contentsOf: RepositoryPaths.file("traces/feel/\(name).csv"), encoding: .utf8)
        self.init(input: try CSVTraceReader.frames(from: text, file: name), latency: latency)
    }

    /// Replays touch frames made by a test (a gesture whose point is one draw of its timing).
    init(input: [TouchFrame], latency: Int64) {
        inset = OverviewInsetElement(map: OverviewInsetTests.demo, corners: OverviewInsetTests.corners, size: RasterSize(width: 200, height: 150),
                                     start: .topLeft, touchSlop: 8)
        inset.screenSize = ScreenSize(width: 1280, height: 800)
        inset.touchLatencyMicroseconds = latency
        let zoomedIn = MapProjection { ScreenPoint(x: $0.x * 2.56, y: $0.y * 2.56) }
        var panned = SchemePoint(x: 0, y: 0)
        var frames: [Frame] = []
        let inset = self.inset
        let finger = ElementTraceReplay.replay(input, into: inset, map: zoomedIn) { time in
            for case let .pan(delta) in inset.takeRequests() {
                panned = SchemePoint(x: panned.x + delta.x, y: panned.y + delta.y)
            }
            frames.append(Frame(timeMicroseconds: time, origin: inset.origin, panned: panned))
        }
        self.frames = frames
        (downMicroseconds, lastMoveMicroseconds, upMicroseconds) = (finger.downMicroseconds, finger.lastMoveMicroseconds,
                                                                    finger.upMicroseconds)
    }
}
