import Diagnostics

/// A GTFS feed as read, with every reference resolved to an index (a trip's route, a stop time's stop) so later
/// stages never look anything up by string. Rows that could not be kept are counted in `report`.
public struct GTFSFeed: Sendable {
    public struct Agency: Sendable {
        public var id: String
        public var name: String
        public var timeZone: String
    }

    public enum LocationType: UInt8, Sendable {
        case stop = 0, station = 1, entrance = 2, genericNode = 3, boardingArea = 4
    }

    public struct Stop: Sendable {
        public var id: String
        public var name: String
        public var latitude: Double?
        public var longitude: Double?
        public var locationType: LocationType
        /// Index of the parent station in `stops`.
        public var parent: Int32?
        /// 0 no information, 1 some step-free boarding, 2 none (GTFS wheelchair_boarding).
        public var wheelchairBoarding: UInt8
        public var level: Int32?
        public var platformCode: String
    }

    public struct Route: Sendable {
        public var id: String
        public var agency: Int32
        public var shortName: String
        public var longName: String
        public var type: Int32
        public var color: String

        public var displayName: String { shortName.isEmpty ? longName : shortName }
    }

    public struct Trip: Sendable {
        public var id: String
        public var route: Int32
        public var service: Int32
        public var headsign: String
        public var direction: UInt8?
        /// Its stop times: `stopTimes[stopTimeRange]`, in stop_sequence order.
        public var stopTimes: Range<Int>
    }

    public struct StopTime: Sendable {
        public var stop: Int32
        public var arrival: Int32
        public var departure: Int32
        /// GTFS pickup_type / drop_off_type 1: no boarding / no alighting here.
        public var noPickup: Bool
        public var noDropOff: Bool
    }

    /// A service id's days: calendar.txt's weekly pattern between two dates, then calendar_dates' exceptions.
    public struct Service: Sendable {
        public var id: String
        /// Bit 0 Monday … bit 6 Sunday.
        public var weekdays: UInt8
        public var start: ServiceDate?
        public var end: ServiceDate?
        public var added: Set<ServiceDate>
        public var removed: Set<ServiceDate>

        public func runs(on date: ServiceDate) -> Bool {
            if removed.contains(date) { return false }
            if added.contains(date) { return true }
            guard let start, let end, date >= start, date <= end else { return false }
            return weekdays & (1 << UInt8(date.weekday)) != 0
        }
    }

    public enum TransferType: UInt8, Sendable {
        case recommended = 0, timed = 1, minimumTime = 2, notPossible = 3
    }

    public struct Transfer: Sendable {
        public var from: Int32
        public var to: Int32
        public var type: TransferType
        public var minimumSeconds: Int32?
    }

    public struct Pathway: Sendable {
        public var id: String
        public var from: Int32
        public var to: Int32
        /// 1 walkway, 2 stairs, 3 travelator, 4 escalator, 5 elevator, 6 fare gate, 7 exit gate.
        public var mode: UInt8
        public var isBidirectional: Bool
        public var traversalSeconds: Int32?
        public var lengthMetres: Double?
        public var stairCount: Int32?

        /// Usable by a wheelchair: no stairs, no escalator, no counted steps.
        public var isStepFree: Bool { mode != 2 && mode != 4 && (stairCount ?? 0) == 0 }
    }

    public struct Level: Sendable {
        public var id: String
        public var index: Double
        public var name: String
    }

    public var agencies: [Agency] = []
    public var stops: [Stop] = []
    public var routes: [Route] = []
    public var trips: [Trip] = []
    public var stopTimes: [StopTime] = []
    public var services: [Service] = []
    public var transfers: [Transfer] = []
    public var pathways: [Pathway] = []
    public var levels: [Level] = []
    /// translations.txt for the fields a traveller reads (stop and route names, headsigns).
    public var translations = FeedTranslations()
    public var report = FeedReport()

    /// The feed's time zone: the first agency's (GTFS requires all agencies of a feed to share one).
    public var timeZone: String { agencies.first?.timeZone ?? "UTC" }

    public init() {}
}

/// What reading a feed skipped or doubted: problems located at file, row and column, and per-file counts of rows
/// skipped. Only the first `maximumListed` problems are kept in full, so a feed of a million bad rows reports a
/// count, not a million lines.
public struct FeedReport: Sendable {
    public static let maximumListed = 200
    public private(set) var problems: [Diagnostic] = []
    public private(set) var skippedRows: [String: Int] = [:]
    public private(set) var unlistedProblems = 0

    public init() {}

    mutating func skip(_ problem: Diagnostic) {
        skippedRows[problem.file, default: 0] += 1
        note(problem)
    }

    mutating func note(_ problem: Diagnostic) {
        if problems.count < Self.maximumListed { problems.append(problem) } else { unlistedProblems += 1 }
    }

    public var totalSkipped: Int { skippedRows.values.reduce(0, +) }

    /// One line per problem, then the counts.
    public var lines: [String] {
        var lines = problems.map(\.description)
        if unlistedProblems > 0 { lines.append("… and \(unlistedProblems) more problems") }
        for (file, count) in skippedRows.sorted(by: { $0.key < $1.key }) {
            lines.append("\(file): \(count) row\(count == 1 ? "" : "s") skipped")
        }
        return lines
    }
}
