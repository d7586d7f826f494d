import Foundation
import KioskCore

/// When the operator wants the panel dark, in wall-clock terms: each `ScreenOffRange` is read as local time in
/// `timeZone` day by day, so "01:00" stays 01:00 on the clock across daylight saving changes (a day may then be 23 or
/// 25 hours long). A time the clock skips (spring forward) happens at the same distance after the jump; a time the
/// clock passes twice (fall back) happens the first time.
public struct ScreenSchedule: Sendable {
    public let ranges: [ScreenOffRange]
    public let timeZone: TimeZone

    public init(ranges: [ScreenOffRange], timeZone: TimeZone = .current) {
        self.ranges = ranges
        self.timeZone = timeZone
    }

    /// One scheduled switch.
    public struct Transition: Equatable, Sendable {
        /// Unix time, seconds.
        public var time: Int64
        public var screenOn: Bool
        /// The wall-clock time it was set for ("05:30").
        public var local: LocalTimeOfDay
    }

    public var isEmpty: Bool { ranges.isEmpty }

    /// Whether the schedule wants the screen on at `time` (Unix seconds).
    public func screenOn(at time: Int64) -> Bool {
        guard let last = transitions(around: time).last(where: { $0.time <= time }) else { return true }
        return last.screenOn
    }

    /// The first switch after `time` that changes the screen (an off inside a dark period changes nothing).
    public func nextChange(after time: Int64) -> Transition? {
        var on = screenOn(at: time)
        // Two days of transitions always hold the next change of a non-empty schedule.
        for transition in transitions(around: time, daysAhead: 2) where transition.time > time {
            if transition.screenOn != on { return transition }
            on = transition.screenOn
        }
        return nil
    }

    /// Every switch on the local days from yesterday to `daysAhead` days after `time`'s, in time order.
    private func transitions(around time: Int64, daysAhead: Int = 1) -> [Transition] {
        guard !ranges.isEmpty else { return [] }
        let today = Self.floorDiv(time + Int64(timeZone.secondsFromGMT(for: Date(timeIntervalSince1970: Double(time)))), 86_400)
        var all: [Transition] = []
        for day in (today - 1)...(today + Int64(daysAhead)) {
            for range in ranges {
                all.append(Transition(time: instant(day: day, local: range.off), screenOn: false, local: range.off))
                all.append(Transition(time: instant(day: day, local: range.on), screenOn: true, local: range.on))
            }
        }
        // Ties: on wins over off at the same instant, so back-to-back periods do not flicker dark.
        return all.sorted { $0.time != $1.time ? $0.time < $1.time : (!$0.screenOn && $1.screenOn) }
    }

    /// The Unix time at which the local clock shows `local` on local day `day` (days since 1970-01-01 local).
    func instant(day: Int64, local: LocalTimeOfDay) -> Int64 {
        let wall = day * 86_400 + Int64(local.minutes) * 60
        // The offsets in force a day either side: a wall time lies at most one transition away from both.
        let before = offset(at: wall - 86_400)
        let after = offset(at: wall + 86_400)
        let candidates = Set([wall - before, wall - after]).sorted()
        if let first = candidates.first(where: { offset(at: $0) == wall - $0 }) { return first }
        // Skipped by the clock (spring forward): as far after the jump as the time is after the last valid minute.
        return wall - before
    }

    private func offset(at time: Int64) -> Int64 {
        Int64(timeZone.secondsFromGMT(for: Date(timeIntervalSince1970: Double(time))))
    }

    static func floorDiv(_ a: Int64, _ b: Int64) -> Int64 {
        a >= 0 ? a / b : -((-a + b - 1) / b)
    }
}
