/// How evenly a dragged element moves from frame to frame, and how it hands over to its animation at the lift: what
/// a hand feels as judder (steps alternating in length) and as a kick (the first frame after the lift leaping).
struct DragSteps {
    /// The steps of the steady part of the drag, up to the frame before the first one that shows the release.
    var steps: [Double]
    /// The step into the first frame that shows the release (past the finger's last report, and after the lift).
    var release: Double

    var lastDrag: Double { steps.last ?? 0 }
    var mean: Double { steps.isEmpty ? 0 : steps.reduce(0, +) / Double(steps.count) }
    /// The worst step's relative distance from the mean step: 0 is perfectly even.
    var worstDeviation: Double { steps.map { abs($0 / mean - 1) }.max() ?? .infinity }
    /// The release step over the last drag step: 1 continues the drag's motion exactly.
    var releaseRatio: Double { release / max(lastDrag, 1e-9) }

    /// `times`: the frames' presentation times; `distance(i, j)`: how far the element moved from frame i to frame j.
    /// The steady part starts `settle` after the touch-down reached the screen (the slop, the path's start).
    init(times: [Int64], distance: (Int, Int) -> Double, downMicroseconds: Int64, lastMoveMicroseconds: Int64,
         upMicroseconds: Int64, latency: Int64, settle: Int64 = 60_000) {
        let first = times.firstIndex { $0 - latency >= downMicroseconds + settle } ?? times.count
        let released = times.firstIndex { $0 - latency > lastMoveMicroseconds && $0 >= upMicroseconds } ?? times.count
        steps = first + 1 < released ? (first + 1..<released).map { distance($0 - 1, $0) } : []
        release = released < times.count ? distance(released - 1, released) : .nan
    }

    var summary: String {
        "steps \(steps.map { ($0 * 10).rounded() / 10 }), worst ±\((worstDeviation * 1000).rounded() / 10) %, release \(((release * 10).rounded()) / 10) px = \(((releaseRatio * 100).rounded()) / 100)× the last drag step"
    }
}
