import Foundation
import Physics
import TestSupport
import TouchInput
@testable import Overlay

/// Replays a `traces/feel/results-*.csv` gesture into the search sheet's results list alone, where
/// `traces/search/kiosk.toml`'s sheet puts it on a 1280×800 screen (x 296…984, y 83.2…454.4, rows of 46.4 px), with
/// 60 station rows, at 60 Hz as the kiosk loop does (`ElementTraceReplay`).
struct ResultsTraceReplay {
    static let rect = ScreenRect(x: 296, y: 83.2, width: 688, height: 371.2)

    let list: SearchResultsElement
    /// Each frame's presentation time and how far the list is scrolled in it.
    let frames: [(timeMicroseconds: Int64, offset: Double)]
    let finger: ReplayedFinger

    init(trace name: String, latency: Int64) throws {
        let text = try String(contentsOf: RepositoryPaths.file("traces/feel/\(name).csv"), encoding: .utf8)
        let list = SearchResultsElement(rate: .normal, fonts: nil)
        list.show((0..<60).map { SearchResultsElement.Row(stationID: "s\($0)", name: "Station \($0)") }, in: Self.rect,
                  rowHeight: 46.4)
        list.touchLatencyMicroseconds = latency
        var frames: [(timeMicroseconds: Int64, offset: Double)] = []
        finger = ElementTraceReplay.replay(try CSVTraceReader.frames(from: text, file: name), into: list,
                                           map: MapProjection { ScreenPoint(x: $0.x, y: $0.y) }) { frames.append(($0, list.offset)) }
        self.list = list
        self.frames = frames
    }
}
