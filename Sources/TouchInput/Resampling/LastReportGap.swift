/// The time a path's last segment is measured over, for the speed the screen shows it ending at (the map's camera
/// path, the finger an element outside the map follows): the stamped gap between the last two reports, except that
/// one longer than the path's usual gap by no more than stamp jitter explains (`lateStampMicroseconds`, and at most
/// `lateStampAllowance` of the usual gap) is taken as the usual one. A panel samples the finger on its own steady
/// clock and only the stamp came late (±1 ms at 240 Hz is a quarter of a period): dividing by the stamped gap slowed
/// 30 ms flicks by up to 11.1 % at 144 Hz and 15.6 % at 240 Hz. Why so narrow: a gap that grows for another reason
/// (a slowing finger on a panel that drops unchanged reports) must keep capping an eased lift; a shorter last gap (an
/// eased lift's shortened last report) and a much longer one keep their own.
public enum LastReportGap {
    /// ±1 ms of jitter on each end (the stamping wander `SteadyReportClock` describes), which stretches a 240 Hz
    /// period to at most 1.48×; and never past 1.5× (on a faster panel 2 ms is a dropped report).
    public static let lateStampMicroseconds: Int64 = 2_000
    public static let lateStampAllowance = 1.5

    /// The last segment's gap (µs) of a path reported at `times` (oldest first); nil without two reports or with a
    /// last gap of none.
    public static func measured(_ times: [Int64]) -> Int64? {
        guard times.count >= 2 else { return nil }
        let gap = times[times.count - 1] - times[times.count - 2]
        guard gap > 0 else { return nil }
        if let usual = usualGap(times), gap > usual, gap - usual <= lateStampMicroseconds,
           Double(gap) <= lateStampAllowance * Double(usual) { return usual }
        return gap
    }

    /// The median gap between the reports before the last (the later of two): the panel's period while the finger
    /// moved. One gap is enough: a 30 ms flick at 144 Hz has crossed the touch slop with three reports left, and its
    /// last gap stamped 7835 µs for the panel's 6944 took 11 % off the glide.
    private static func usualGap(_ times: [Int64]) -> Int64? {
        guard times.count >= 3 else { return nil }
        var gaps = (1..<(times.count - 1)).map { times[$0] - times[$0 - 1] }
        gaps.sort()
        return gaps[gaps.count / 2]
    }
}
