import Foundation
import KioskCore
import Testing
@testable import KioskService

/// The schedule in local time across both daylight saving changes of two zones: the screen goes dark and lights at
/// the clock times the operator wrote, whatever the length of the night.
struct ScreenScheduleTests {
    static func utc(_ year: Int, _ month: Int, _ day: Int, _ hour: Int, _ minute: Int = 0) -> Int64 {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        let date = calendar.date(from: DateComponents(year: year, month: month, day: day, hour: hour, minute: minute))!
        return Int64(date.timeIntervalSince1970)
    }

    static func time(_ text: String) -> LocalTimeOfDay { LocalTimeOfDay(parsing: text)! }

    static func schedule(_ pairs: [(String, String)], zone: String) -> ScreenSchedule {
        ScreenSchedule(ranges: pairs.map { ScreenOffRange(off: time($0.0), on: time($0.1)) },
                       timeZone: TimeZone(identifier: zone)!)
    }

    /// The switches from `start` on, as (UTC time, on).
    static func switches(_ schedule: ScreenSchedule, from start: Int64, count: Int) -> [(Int64, Bool)] {
        var time = start
        var found: [(Int64, Bool)] = []
        while found.count < count, let next = schedule.nextChange(after: time) {
            found.append((next.time, next.screenOn))
            time = next.time
        }
        return found
    }

    @Test func berlinNightsAcrossSpringForwardAndFallBackKeepTheClockTimes() {
        let schedule = Self.schedule([("01:00", "05:30")], zone: "Europe/Berlin")
        // 29 March 2026: 02:00 CET becomes 03:00 CEST. 01:00 CET = 00:00 UTC; 05:30 CEST = 03:30 UTC (3.5 h dark).
        let spring = Self.switches(schedule, from: Self.utc(2026, 3, 28, 12), count: 4)
        #expect(spring.map(\.0) == [Self.utc(2026, 3, 29, 0), Self.utc(2026, 3, 29, 3, 30),
                                    Self.utc(2026, 3, 29, 23), Self.utc(2026, 3, 30, 3, 30)])
        #expect(spring.map(\.1) == [false, true, false, true])
        // 25 October 2026: 03:00 CEST becomes 02:00 CET. 01:00 CEST = 23:00 UTC; 05:30 CET = 04:30 UTC (5.5 h dark).
        let fall = Self.switches(schedule, from: Self.utc(2026, 10, 24, 12), count: 4)
        #expect(fall.map(\.0) == [Self.utc(2026, 10, 24, 23), Self.utc(2026, 10, 25, 4, 30),
                                  Self.utc(2026, 10, 26, 0), Self.utc(2026, 10, 26, 4, 30)])
        #expect(!schedule.screenOn(at: Self.utc(2026, 10, 25, 2)))
        #expect(schedule.screenOn(at: Self.utc(2026, 10, 25, 4, 30)))
        #expect(schedule.screenOn(at: Self.utc(2026, 10, 25, 4, 29)) == false)
    }

    @Test func newYorkNightsAcrossBothChanges() {
        let schedule = Self.schedule([("01:00", "05:30")], zone: "America/New_York")
        // 8 March 2026: 02:00 EST becomes 03:00 EDT. 01:00 EST = 06:00 UTC; 05:30 EDT = 09:30 UTC.
        #expect(Self.switches(schedule, from: Self.utc(2026, 3, 7, 18), count: 2).map(\.0)
                == [Self.utc(2026, 3, 8, 6), Self.utc(2026, 3, 8, 9, 30)])
        // 1 November 2026: 02:00 EDT becomes 01:00 EST; 01:00 happens twice: the first (EDT, 05:00 UTC) counts.
        #expect(Self.switches(schedule, from: Self.utc(2026, 10, 31, 18), count: 2).map(\.0)
                == [Self.utc(2026, 11, 1, 5), Self.utc(2026, 11, 1, 10, 30)])
    }

    @Test func aTimeTheClockSkipsHappensAfterTheJumpAndARepeatedOneTheFirstTime() {
        let schedule = Self.schedule([("02:30", "06:00")], zone: "Europe/Berlin")
        // 02:30 does not exist on 29 March: it happens at 03:30 CEST (01:30 UTC), as far after the jump.
        #expect(schedule.nextChange(after: Self.utc(2026, 3, 28, 12))?.time == Self.utc(2026, 3, 29, 1, 30))
        // 02:30 happens twice on 25 October: the first time (CEST, 00:30 UTC).
        #expect(schedule.nextChange(after: Self.utc(2026, 10, 24, 12))?.time == Self.utc(2026, 10, 25, 0, 30))
    }

    @Test func severalRangesAndSameDayRanges() {
        let schedule = Self.schedule([("01:00", "05:30"), ("13:00", "14:00")], zone: "Europe/Berlin")
        let day = Self.switches(schedule, from: Self.utc(2026, 6, 1, 12), count: 4)
        // Summer: CEST = UTC+2.
        #expect(day.map(\.0) == [Self.utc(2026, 6, 1, 23), Self.utc(2026, 6, 2, 3, 30),
                                 Self.utc(2026, 6, 2, 11), Self.utc(2026, 6, 2, 12)])
        #expect(schedule.nextChange(after: Self.utc(2026, 6, 1, 23, 30))?.local == Self.time("05:30"))
        #expect(Self.schedule([], zone: "Europe/Berlin").nextChange(after: 0) == nil)
        #expect(Self.schedule([], zone: "Europe/Berlin").screenOn(at: 0))
    }

    @Test func theSystemTimeZoneFromTZIsWhatTheServiceUses() throws {
        // The service builds its schedule with TimeZone.current, which follows TZ.
        let saved = ProcessInfo.processInfo.environment["TZ"]
        setenv("TZ", "America/New_York", 1)
        tzset()
        defer {
            if let saved { setenv("TZ", saved, 1) } else { unsetenv("TZ") }
            tzset()
            NSTimeZone.resetSystemTimeZone()
        }
        NSTimeZone.resetSystemTimeZone()
        try #require(TimeZone.current.identifier == "America/New_York", "this Foundation does not follow TZ")
        let schedule = ScreenSchedule(ranges: [ScreenOffRange(off: Self.time("01:00"), on: Self.time("05:30"))])
        #expect(schedule.nextChange(after: Self.utc(2026, 3, 7, 18))?.time == Self.utc(2026, 3, 8, 6))
    }
}
