/// One GTFS-realtime `TripUpdate`: the predicted times of a trip at its coming stops, or its cancellation.
public struct TripPrediction: Hashable, Sendable {
    public enum Relationship: String, Hashable, Sendable {
        case scheduled, added, unscheduled, canceled, replacement, duplicated, deleted
    }

    public var entityID: String
    public var tripID: String?
    public var routeID: String?
    public var directionID: Int?
    /// "YYYYMMDD" as the feed wrote it; nil: the trip's current service day.
    public var startDate: String?
    public var startTime: String?
    public var relationship: Relationship
    /// When the prediction was made (POSIX seconds, feed clock); nil: the feed header's timestamp stands for it.
    public var timestamp: UInt64?
    /// The trip's delay when no stop gives one (seconds, late positive).
    public var delaySeconds: Int?
    public var stopTimes: [StopTimePrediction]

    public init(entityID: String, tripID: String?, routeID: String? = nil, directionID: Int? = nil, startDate: String? = nil,
                startTime: String? = nil, relationship: Relationship = .scheduled, timestamp: UInt64? = nil,
                delaySeconds: Int? = nil, stopTimes: [StopTimePrediction]) {
        self.entityID = entityID
        self.tripID = tripID
        self.routeID = routeID
        self.directionID = directionID
        self.startDate = startDate
        self.startTime = startTime
        self.relationship = relationship
        self.timestamp = timestamp
        self.delaySeconds = delaySeconds
        self.stopTimes = stopTimes
    }

    /// A cancelled (or deleted) trip disappears from departure lists.
    public var isCancelled: Bool { relationship == .canceled || relationship == .deleted }
}

/// A predicted arrival or departure: an absolute time, a delay against the timetable, or both.
public struct StopTimeEvent: Hashable, Sendable {
    public var delaySeconds: Int?
    /// POSIX seconds.
    public var time: Int64?
    public var uncertaintySeconds: Int?

    public init(delaySeconds: Int? = nil, time: Int64? = nil, uncertaintySeconds: Int? = nil) {
        self.delaySeconds = delaySeconds
        self.time = time
        self.uncertaintySeconds = uncertaintySeconds
    }

    /// The predicted time given the scheduled one (POSIX seconds): the absolute time if the feed gave it, else the
    /// schedule moved by the delay; nil when the feed gave neither.
    public func predictedTime(scheduled: Int64?) -> Int64? {
        if let time { return time }
        if let delaySeconds, let scheduled { return Self.adding(delaySeconds, to: scheduled) }
        return nil
    }

    /// `seconds + delay`, saturating (a timetable time is sane, but nothing stops a caller passing an extreme one).
    static func adding(_ delay: Int, to seconds: Int64) -> Int64 {
        let (result, overflow) = seconds.addingReportingOverflow(Int64(delay))
        return overflow ? (delay < 0 ? .min : .max) : result
    }
}

/// A trip's prediction at one stop.
public struct StopTimePrediction: Hashable, Sendable {
    public enum Relationship: String, Hashable, Sendable { case scheduled, skipped, noData, unscheduled }

    public var stopSequence: Int?
    public var stopID: String?
    public var arrival: StopTimeEvent?
    public var departure: StopTimeEvent?
    public var relationship: Relationship

    public init(stopSequence: Int? = nil, stopID: String?, arrival: StopTimeEvent? = nil, departure: StopTimeEvent? = nil,
                relationship: Relationship = .scheduled) {
        self.stopSequence = stopSequence
        self.stopID = stopID
        self.arrival = arrival
        self.departure = departure
        self.relationship = relationship
    }
}
