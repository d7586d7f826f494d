import Foundation

/// The trips of one service date, ready for searching: per pattern, the trips running that day plus those of the
/// day before still running past midnight (`25:10:00`) and those of the day after, each with the shift that puts
/// its times on this day's clock. Built once per date and shared by every query on it.
public struct ServiceDay: Sendable {
    public struct TripRun: Sendable, Equatable {
        public var trip: Int32
        /// Seconds to add to the trip's times to read them on this day's clock.
        public var offset: Int32
    }

    public let timetable: Timetable
    public let date: ServiceDate
    /// Per pattern, sorted by departure from its first stop.
    public let runs: [[TripRun]]
    /// Per pattern: whether no run overtakes another (then the earliest run from a stop is found by bisection).
    public let isFirstInFirstOut: [Bool]
    /// "Noon minus 12 h" of the date in the feed's time zone: the instant its times count from (GTFS reference).
    public let origin: Date

    public init(timetable: Timetable, date: ServiceDate) {
        self.timetable = timetable
        self.date = date
        let zone = TimeZone(identifier: timetable.timeZone) ?? TimeZone(identifier: "UTC")!
        origin = Self.timeOrigin(of: date, in: zone)
        let before = Self.timeOrigin(of: date.adding(days: -1), in: zone)
        let after = Self.timeOrigin(of: date.adding(days: 1), in: zone)
        let shifts: [(ServiceDate, Int32)] = [
            (date.adding(days: -1), -Int32(origin.timeIntervalSince(before).rounded())),
            (date, 0),
            (date.adding(days: 1), Int32(after.timeIntervalSince(origin).rounded())),
        ]
        let running = shifts.map { day, shift in (timetable.services.map { $0.runs(on: day) }, shift) }
        var runs: [[TripRun]] = []
        var fifo: [Bool] = []
        runs.reserveCapacity(timetable.patterns.count)
        for pattern in timetable.patterns {
            var list: [TripRun] = []
            let last = Int(pattern.stopCount) - 1
            for t in Int(pattern.firstTrip)..<Int(pattern.firstTrip + pattern.tripCount) {
                let service = Int(timetable.trips[t].service)
                for (active, shift) in running where active[service] {
                    // A trip of the day before matters only if it is still running after this day's midnight.
                    if shift < 0, timetable.arrival(trip: t, at: last) + shift < 0 { continue }
                    list.append(TripRun(trip: Int32(t), offset: shift))
                }
            }
            list.sort {
                (timetable.departure(trip: Int($0.trip), at: 0) + $0.offset, $0.trip)
                    < (timetable.departure(trip: Int($1.trip), at: 0) + $1.offset, $1.trip)
            }
            var ordered = true
            for (a, b) in zip(list, list.dropFirst()) where ordered {
                for i in 0...last {
                    if timetable.departure(trip: Int(b.trip), at: i) + b.offset < timetable.departure(trip: Int(a.trip), at: i) + a.offset
                        || timetable.arrival(trip: Int(b.trip), at: i) + b.offset < timetable.arrival(trip: Int(a.trip), at: i) + a.offset {
                        ordered = false
                        break
                    }
                }
            }
            runs.append(list)
            fifo.append(ordered)
        }
        self.runs = runs
        isFirstInFirstOut = fifo
    }

    /// GTFS measures a service day's times from noon minus 12 h local time, which is midnight except on the days
    /// clocks change (then it is 23:00 or 01:00), so times stay continuous through the change.
    public static func timeOrigin(of date: ServiceDate, in zone: TimeZone) -> Date {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = zone
        let (y, m, d) = date.components
        let noon = calendar.date(from: DateComponents(year: y, month: m, day: d, hour: 12)) ?? Date(timeIntervalSince1970: 0)
        return noon.addingTimeInterval(-12 * 3600)
    }

    /// The instant of a time on this day's clock.
    public func instant(_ seconds: Int32) -> Date { origin.addingTimeInterval(TimeInterval(seconds)) }

    /// The seconds on this day's clock of a local wall-clock time on the date (`--at "2019-08-07 14:03"`).
    public func seconds(hour: Int, minute: Int) -> Int32 {
        let zone = TimeZone(identifier: timetable.timeZone) ?? TimeZone(identifier: "UTC")!
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = zone
        let (y, mo, d) = date.components
        guard let wall = calendar.date(from: DateComponents(year: y, month: mo, day: d, hour: hour, minute: minute)) else {
            return Int32(hour * 3600 + minute * 60)
        }
        return Int32(wall.timeIntervalSince(origin).rounded())
    }

    /// ISO 8601 with the UTC offset in force at that instant, in the feed's time zone.
    public func iso8601(_ seconds: Int32) -> String {
        let formatter = ISO8601DateFormatter()
        formatter.timeZone = TimeZone(identifier: timetable.timeZone)
        formatter.formatOptions = [.withInternetDateTime]
        return formatter.string(from: instant(seconds))
    }
}
