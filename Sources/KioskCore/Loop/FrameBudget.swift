/// When a frame's input is taken: as late before its vblank as drawing it allows. Taken at the start of the turn
/// that follows a flip, input waited up to a whole period for the turn and then a whole period for the vblank
/// (a steady drag was shown 26.7 ms after each report at 60 Hz, past the one period plus 8 ms issue 37 sets);
/// taken `budget` before the vblank, a report waits at most a period plus the budget.
///
/// The budget is the recent drawing time with a margin, never under `minimumMicroseconds` (a replay's simulated
/// clock draws in no time; a real frame needs headroom for the copy and the flip) and never over the period (a
/// frame that takes longer starts at once, as before).
public struct FrameBudget: Sendable, Equatable {
    public static let minimumMicroseconds: Int64 = 8_000
    /// How many recent frames the drawing time is taken over: the slowest of them, so one slow frame (a label
    /// pass, a card opening) raises the budget for a while rather than missing vblanks in a row.
    static let window = 16
    private var recent: [Int64] = []

    public init() {}

    public mutating func recordDrawing(microseconds: Int64) {
        recent.append(max(0, microseconds))
        if recent.count > Self.window { recent.removeFirst(recent.count - Self.window) }
    }

    /// How long before its presentation a frame's work starts.
    public func budget(periodMicroseconds: Int64) -> Int64 {
        let slowest = recent.max() ?? 0
        // A quarter more than the slowest recent frame, and a millisecond for the flip's own cost.
        return min(periodMicroseconds, max(Self.minimumMicroseconds, slowest + slowest / 4 + 1_000))
    }
}
