import Physics
import Testing
import TouchInput

/// The speed a followed finger's path ends at (what caps the card's, the list's and the inset's release) is measured
/// as the map's camera path measures its own (`LastReportGap`): a last report stamped late by jitter does not slow it,
/// an eased lift's shortened or a slowing finger's longer last gap keeps its own. Why: the elements divided by the
/// stamped gap, so under ±1 ms of jitter they capped a 240 Hz flick 19 % below the map's.
struct FingerPathLastGapTests {
    /// A steady 1000 px/s drag at `period` whose last report comes `lastGap` after the one before.
    func steadyDrag(lastGap: Int64, period: Int64 = 4_167) -> FingerPath {
        let step = Double(period) / 1000
        var path = FingerPath()
        path.reset(ScreenPoint(x: 0, y: 0), at: 0)
        for k in 1...4 { path.append(ScreenPoint(x: step * Double(k), y: 0), at: period * Int64(k)) }
        path.append(ScreenPoint(x: step * 5, y: 0), at: period * 4 + lastGap)
        return path
    }

    @Test func aLastReportStampedLateStillEndsThePathAtTheFingersSpeed() throws {
        // ±1 ms of stamp jitter stretches a 240 Hz gap to 5167 µs: the finger's 1000 px/s, not 806.
        let late = try #require(steadyDrag(lastGap: 5_167).finalVelocity)
        #expect(abs(late.x - 1000) < 0.5 && late.y == 0, "\(late) px/s")
    }

    @Test func aShortenedOrMuchLaterLastReportKeepsItsOwnSpeed() throws {
        let shortened = try #require(steadyDrag(lastGap: 2_083).finalVelocity)
        #expect(abs(shortened.x - 2000) < 1, "\(shortened) px/s")
        let slowed = try #require(steadyDrag(lastGap: 7_000).finalVelocity)
        #expect(abs(slowed.x - 4.167 / 0.007) < 0.5, "\(slowed) px/s")
        let sixty = try #require(steadyDrag(lastGap: 19_667, period: 16_667).finalVelocity)
        #expect(abs(sixty.x - 16.667 / 0.019667) < 0.5, "\(sixty) px/s")
    }
}
