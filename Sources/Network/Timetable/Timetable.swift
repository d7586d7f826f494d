/// The compiled timetable: what the kiosk loads at start and searches. Trips are grouped into patterns (trips
/// that call at the same stops with the same boarding rules and never overtake one another), the layout RAPTOR
/// scans; every reference is an index and every time is seconds after "noon minus 12 h" of the trip's service day.
public struct Timetable: Sendable {
    public struct Stop: Sendable, Equatable {
        public var id: String
        public var name: String
        /// The parent station's index, or -1.
        public var parent: Int32
        /// GTFS location_type (0 platform/stop, 1 station, 2 entrance, 3 node, 4 boarding area).
        public var locationType: UInt8
        /// GTFS wheelchair_boarding, inherited from the parent when the stop says nothing: 0 unknown, 1 yes, 2 no.
        public var wheelchairBoarding: UInt8
        public var latitude: Double
        public var longitude: Double
    }

    public struct Route: Sendable, Equatable {
        public var id: String
        public var shortName: String
        public var longName: String
        public var color: String
        public var type: Int32
        /// The GTFS agency_id running it (empty when agency.txt gives none): an alert naming the agency reaches it.
        public var agencyID: String = ""

        public var displayName: String { shortName.isEmpty ? longName : shortName }
    }

    public struct Service: Sendable, Equatable {
        public var id: String
        public var weekdays: UInt8
        /// Day numbers (`ServiceDate.dayNumber`); `start > end` when calendar.txt has no row for the service.
        public var start: Int32
        public var end: Int32
        public var added: [Int32]
        public var removed: [Int32]

        public func runs(on date: ServiceDate) -> Bool {
            let day = date.dayNumber
            if removed.contains(day) { return false }
            if added.contains(day) { return true }
            return day >= start && day <= end && weekdays & (1 << UInt8(date.weekday)) != 0
        }
    }

    public struct Pattern: Sendable, Equatable {
        public var route: Int32
        /// Its stops: `patternStops[firstStop ..< firstStop + stopCount]`.
        public var firstStop: Int32
        public var stopCount: Int32
        /// Its trips, by departure: `trips[firstTrip ..< firstTrip + tripCount]`.
        public var firstTrip: Int32
        public var tripCount: Int32
    }

    public struct Trip: Sendable, Equatable {
        public var id: String
        public var pattern: Int32
        public var service: Int32
        public var headsign: String
        /// GTFS direction_id, or 255.
        public var direction: UInt8
        /// Its times: `times[firstTime + 2 i]` arrival and `+ 2 i + 1` departure at the pattern's i-th stop.
        public var firstTime: Int32
    }

    /// A walk between two stops, from transfers.txt, pathways or the layout of a station.
    public struct Footpath: Sendable, Equatable {
        public var from: Int32
        public var to: Int32
        public var seconds: Int32
        /// Only walkways, ramps, lifts and gates on the way (no stairs or escalators).
        public var isStepFree: Bool
    }

    /// Pattern-stop boarding rules (bit flags).
    public static let noPickup: UInt8 = 1
    public static let noDropOff: UInt8 = 2
    /// A change at a stop where transfers.txt says none is possible.
    public static let noChange: Int32 = 1 << 28

    public var timeZone: String
    public var agencyName: String
    public var stops: [Stop]
    public var routes: [Route]
    public var services: [Service]
    public var patterns: [Pattern]
    public var patternStops: [Int32]
    public var patternStopRules: [UInt8]
    public var trips: [Trip]
    public var times: [Int32]
    /// Per stop: the minimum time to change trips there (transfers.txt from = to).
    public var changeSeconds: [Int32]
    /// Sorted by `from`.
    public var footpaths: [Footpath]
    /// The feed's stop names, route names and headsigns in other languages (translations.txt), by GTFS id or
    /// original words: the card and the callout show them in the traveller's language.
    public var translations = FeedTranslations()

    // Derived on construction, never stored.
    /// Per stop: the patterns calling there, `stopPatterns[stopPatternStart[s] ..< stopPatternStart[s + 1]]`.
    public private(set) var stopPatterns: [Int32] = []
    public private(set) var stopPatternStart: [Int32] = []
    /// Per stop: `footpaths[footpathStart[s] ..< footpathStart[s + 1]]` leave it.
    public private(set) var footpathStart: [Int32] = []
    /// Per stop: its children (platforms of a station).
    public private(set) var childStops: [[Int32]] = []

    public init(timeZone: String, agencyName: String, stops: [Stop], routes: [Route], services: [Service],
                patterns: [Pattern], patternStops: [Int32], patternStopRules: [UInt8], trips: [Trip], times: [Int32],
                changeSeconds: [Int32], footpaths: [Footpath]) {
        self.timeZone = timeZone
        self.agencyName = agencyName
        self.stops = stops
        self.routes = routes
        self.services = services
        self.patterns = patterns
        self.patternStops = patternStops
        self.patternStopRules = patternStopRules
        self.trips = trips
        self.times = times
        self.changeSeconds = changeSeconds
        self.footpaths = footpaths.sorted { ($0.from, $0.to, $0.seconds) < ($1.from, $1.to, $1.seconds) }
        deriveIndexes()
    }

    private mutating func deriveIndexes() {
        var counts = [Int32](repeating: 0, count: stops.count + 1)
        var seen = Set<Int64>()
        var pairs: [(Int32, Int32)] = []
        for (p, pattern) in patterns.enumerated() {
            for i in 0..<Int(pattern.stopCount) {
                let stop = patternStops[Int(pattern.firstStop) + i]
                if seen.insert(Int64(stop) << 32 | Int64(p)).inserted { pairs.append((stop, Int32(p))) }
            }
        }
        pairs.sort { $0 < $1 }
        for (stop, _) in pairs { counts[Int(stop) + 1] += 1 }
        for i in 0..<stops.count { counts[i + 1] += counts[i] }
        stopPatternStart = counts
        stopPatterns = pairs.map(\.1)
        var starts = [Int32](repeating: 0, count: stops.count + 1)
        for path in footpaths { starts[Int(path.from) + 1] += 1 }
        for i in 0..<stops.count { starts[i + 1] += starts[i] }
        footpathStart = starts
        childStops = Array(repeating: [], count: stops.count)
        for (index, stop) in stops.enumerated() where stop.parent >= 0 {
            childStops[Int(stop.parent)].append(Int32(index))
        }
    }

    public func stopIndex(id: String) -> Int32? {
        stops.firstIndex { $0.id == id }.map(Int32.init)
    }

    /// The stops where trips call for a stop or station: the station's platforms, or the stop itself.
    public func boardingStops(of stop: Int32) -> [Int32] {
        let children = childStops[Int(stop)].filter { stopPatternStart[Int($0) + 1] > stopPatternStart[Int($0)] }
        return children.isEmpty ? [stop] : children
    }

    /// The station a stop belongs to (itself when it has no parent).
    public func station(of stop: Int32) -> Int32 {
        stops[Int(stop)].parent >= 0 ? stops[Int(stop)].parent : stop
    }

    public func arrival(trip: Int, at position: Int) -> Int32 { times[Int(trips[trip].firstTime) + 2 * position] }
    public func departure(trip: Int, at position: Int) -> Int32 { times[Int(trips[trip].firstTime) + 2 * position + 1] }

    /// How many stop times the timetable holds.
    public var stopTimeCount: Int { times.count / 2 }
}
