/// The next departures from a station, per line and direction, as the station card lists them: headsign and
/// minutes to go, the day's last train marked, and a line and direction whose service has ended for the day stated
/// as such rather than left out.
public struct DepartureBoard: Sendable, Equatable {
    public struct Departure: Sendable, Equatable {
        public var trip: Int32
        /// On the service day's clock.
        public var time: Int32
        public var minutesToGo: Int
        /// The last departure of the service day in this line and direction.
        public var isLast: Bool
    }

    public struct Row: Sendable, Equatable {
        public var route: Int32
        public var lineName: String
        public var headsign: String
        public var direction: UInt8
        /// Empty when `hasEnded`.
        public var departures: [Departure]
        /// No more service today in this line and direction (there was some earlier).
        public var hasEnded: Bool
    }

    public var rows: [Row]

    /// A trip pattern calling here, and where in it.
    private struct Call { var pattern: Int; var position: Int }

    /// The board for `station` (a station or a stop; all its platforms count) at `now` on `day`'s clock, with up
    /// to `limit` departures per row. Trips of the next service day are not "today": after the last train the row
    /// says so. A trip's final stop is not a departure.
    ///
    /// A row per headsign, but a short working is left out while an earlier train of the same line and direction
    /// goes everywhere it goes: BART's four weekday Yellow trains to 24th St. Mission leave Powell St from 17:07,
    /// and at 10:45 "towards 24th St. Mission 6 h 22 min" read as if no train went there for hours while one to
    /// the Airport, through 24th St., left every 15 minutes. The same for a headsign whose service has ended while
    /// a train of its line and direction still covers its stops.
    public init(day: ServiceDay, station: Int32, now: Int32, limit: Int = 3) {
        let timetable = day.timetable
        let platforms = Set(timetable.boardingStops(of: timetable.station(of: station)))
        struct Key: Hashable { var route: Int32; var direction: UInt8; var headsign: String }
        var upcoming: [Key: [(time: Int32, trip: Int32, call: Call)]] = [:]
        var lastToday: [Key: (time: Int32, call: Call)] = [:]
        for stop in platforms {
            let s = Int(stop)
            for p in Int(timetable.stopPatternStart[s])..<Int(timetable.stopPatternStart[s + 1]) {
                let pattern = Int(timetable.stopPatterns[p])
                let info = timetable.patterns[pattern]
                for position in 0..<(Int(info.stopCount) - 1)
                where timetable.patternStops[Int(info.firstStop) + position] == stop
                    && timetable.patternStopRules[Int(info.firstStop) + position] & Timetable.noPickup == 0 {
                    for run in day.runs[pattern] where run.offset <= 0 {
                        let trip = timetable.trips[Int(run.trip)]
                        let key = Key(route: info.route, direction: trip.direction, headsign: trip.headsign)
                        let time = timetable.departure(trip: Int(run.trip), at: position) + run.offset
                        // The day before's trips count only past this day's start (they are its early hours).
                        if run.offset < 0, time < 0 { continue }
                        let call = Call(pattern: pattern, position: position)
                        if time > lastToday[key]?.time ?? .min { lastToday[key] = (time, call) }
                        if time >= now { upcoming[key, default: []].append((time, run.trip, call)) }
                    }
                }
            }
        }
        let sorted = upcoming.mapValues { $0.sorted { ($0.time, $0.trip) < ($1.time, $1.trip) } }
        // Each headsign's first train from here (or, its service over, its last), and where it goes after here.
        var reach: [Key: Set<Int32>] = [:]
        func stationsAfter(_ call: Call) -> Set<Int32> {
            let info = timetable.patterns[call.pattern]
            return Set((call.position + 1..<Int(info.stopCount)).compactMap { position in
                let at = Int(info.firstStop) + position
                return timetable.patternStopRules[at] & Timetable.noDropOff == 0
                    ? timetable.station(of: timetable.patternStops[at]) : nil
            })
        }
        for (key, last) in lastToday { reach[key] = stationsAfter(sorted[key]?.first?.call ?? last.call) }
        /// An earlier train of the same line and direction (one still to come) calls everywhere `key`'s next does.
        func isCovered(_ key: Key) -> Bool {
            let first = sorted[key]?.first?.time ?? .max
            let goesTo = reach[key] ?? []
            return sorted.contains { entry in
                let other = entry.key
                return other != key && other.route == key.route && other.direction == key.direction
                    && (entry.value.first?.time ?? .max) < first && goesTo.isSubset(of: reach[other] ?? [])
            }
        }
        var rows: [Row] = []
        for (key, last) in lastToday where !isCovered(key) {
            let next = (sorted[key] ?? []).prefix(limit)
            let route = timetable.routes[Int(key.route)]
            rows.append(Row(route: key.route, lineName: route.displayName, headsign: key.headsign, direction: key.direction,
                            departures: next.map {
                                Departure(trip: $0.trip, time: $0.time, minutesToGo: Int(($0.time - now) / 60),
                                          isLast: $0.time == last.time)
                            },
                            hasEnded: next.isEmpty))
        }
        self.rows = rows.sorted {
            ($0.lineName, $0.direction, $0.headsign) < ($1.lineName, $1.direction, $1.headsign)
        }
    }
}
