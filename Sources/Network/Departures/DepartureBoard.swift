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

    /// The board for `station` (a station or a stop; all its platforms count) at `now` on `day`'s clock, with up
    /// to `limit` departures per row. Trips of the next service day are not "today": after the last train the row
    /// says so. A trip's final stop is not a departure.
    public init(day: ServiceDay, station: Int32, now: Int32, limit: Int = 3) {
        let timetable = day.timetable
        let platforms = Set(timetable.boardingStops(of: timetable.station(of: station)))
        struct Key: Hashable { var route: Int32; var direction: UInt8; var headsign: String }
        var upcoming: [Key: [(time: Int32, trip: Int32)]] = [:]
        var lastToday: [Key: Int32] = [:]
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
                        lastToday[key] = max(lastToday[key] ?? .min, time)
                        if time >= now { upcoming[key, default: []].append((time, run.trip)) }
                    }
                }
            }
        }
        var rows: [Row] = []
        for (key, last) in lastToday {
            let next = (upcoming[key] ?? []).sorted { ($0.time, $0.trip) < ($1.time, $1.trip) }.prefix(limit)
            let route = timetable.routes[Int(key.route)]
            rows.append(Row(route: key.route, lineName: route.displayName, headsign: key.headsign, direction: key.direction,
                            departures: next.map {
                                Departure(trip: $0.trip, time: $0.time, minutesToGo: Int(($0.time - now) / 60),
                                          isLast: $0.time == last)
                            },
                            hasEnded: next.isEmpty))
        }
        self.rows = rows.sorted {
            ($0.lineName, $0.direction, $0.headsign) < ($1.lineName, $1.direction, $1.headsign)
        }
    }
}
