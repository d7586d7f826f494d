/// A dash pattern: lengths alternately drawn and skipped along a path ("on, off, on, off…"), and how far into the
/// pattern the path's start is (the phase). As in Skia and tiny-skia (dash.rs): an even number of intervals, at
/// least two, each finite and ≥ 0, summing to more than 0; a negative or long phase is taken modulo the pattern's
/// length. Anything else is refused (nil) rather than guessed at.
public struct DashPattern: Hashable, Sendable {
    public let intervals: [Float]
    /// In [0, length).
    public let phase: Float
    /// The sum of the intervals: one period of the pattern.
    public let length: Float

    public init?(intervals: [Float], phase: Float = 0) {
        guard intervals.count >= 2, intervals.count % 2 == 0, intervals.allSatisfy({ $0.isFinite && $0 >= 0 }),
              phase.isFinite else { return nil }
        let length = intervals.reduce(0, +)
        guard length > 0, length.isFinite else { return nil }
        self.intervals = intervals
        self.length = length
        let wrapped = phase.truncatingRemainder(dividingBy: length)
        self.phase = wrapped < 0 ? wrapped + length : wrapped
    }
}

/// Cuts an open polyline into the pieces a dash pattern draws: each piece a polyline of its own (a dash that runs
/// round a corner keeps the corner), to be stroked like any other. Distances are measured along the polyline in
/// Double, so a dash ends where the pattern says however many segments it crosses; the pattern starts afresh at
/// the polyline's start (at the phase), as Skia restarts it on each contour. Zero-length dashes draw nothing (no
/// caps on nothing). A pattern far finer than the path stops after `maximumDashes` dashes (and as many gaps)
/// rather than running away.
public enum Dasher {
    public static let maximumDashes = 100_000

    public static func dashes(of polyline: [Point], pattern: DashPattern) -> [[Point]] {
        guard polyline.count >= 2 else { return [] }
        let intervals = pattern.intervals.map(Double.init)
        // Where the phase falls: which interval, and how much of it is left.
        var index = 0
        var remaining = intervals[0]
        var skip = Double(pattern.phase)
        while skip > 0 {
            if skip < remaining {
                remaining -= skip
                break
            }
            skip -= remaining
            index = (index + 1) % intervals.count
            remaining = intervals[index]
        }
        var pieces: [[Point]] = []
        var current: [Point] = []
        var advanced = 0
        func finish() {
            if current.count >= 2, current.first != current.last || current.count > 2 { pieces.append(current) }
            current = []
        }
        for (a, b) in zip(polyline, polyline.dropFirst()) {
            let dx = Double(b.x) - Double(a.x), dy = Double(b.y) - Double(a.y)
            let segment = (dx * dx + dy * dy).squareRoot()
            guard segment > 0 else { continue }
            func point(at t: Double) -> Point {
                t >= segment ? b : Point(Float(Double(a.x) + dx * t / segment), Float(Double(a.y) + dy * t / segment))
            }
            var t = 0.0
            while t < segment {
                let step = min(remaining, segment - t)
                if index % 2 == 0 {
                    if current.isEmpty { current.append(point(at: t)) }
                    current.append(point(at: t + step))
                }
                t += step
                remaining -= step
                if remaining <= 0 {
                    if index % 2 == 0 { finish() }
                    // Counted per interval, not per piece drawn: zero-length dashes draw nothing but still cost.
                    advanced += 1
                    if advanced >= 2 * maximumDashes { return pieces }
                    index = (index + 1) % intervals.count
                    remaining = intervals[index]
                }
            }
        }
        finish()
        return pieces
    }
}
