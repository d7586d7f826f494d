/// Trip predictions by trip id, ready to move a timetable's departures: built once per snapshot (the loop keeps
/// it until the next one), then asked per departure.
public struct TripPredictions: Hashable, Sendable {
    public private(set) var byTrip: [String: TripPrediction] = [:]
    /// Predictions dropped for being older than their feed's age limit.
    public private(set) var droppedAsOld = 0

    public init() {}

    public init(_ predictions: [TripPrediction], feedTimestamp: UInt64?, feedClock: UInt64, ageLimitSeconds: Double) {
        add(predictions, feedTimestamp: feedTimestamp, feedClock: feedClock, ageLimitSeconds: ageLimitSeconds)
    }

    /// Adds a feed's predictions. A prediction made more than `ageLimitSeconds` before `feedClock` (its own
    /// timestamp, else the feed's) is dropped; of two for the same trip, the newer wins (two sources may cover one
    /// trip, or a feed may repeat one).
    public mutating func add(_ predictions: [TripPrediction], feedTimestamp: UInt64?, feedClock: UInt64, ageLimitSeconds: Double) {
        for prediction in predictions {
            guard let trip = prediction.tripID else { continue }
            let made = prediction.timestamp ?? feedTimestamp
            if let made, Double(feedClock) - Double(made) > ageLimitSeconds {
                droppedAsOld += 1
                continue
            }
            if let present = byTrip[trip], (present.timestamp ?? 0) > (prediction.timestamp ?? 0) { continue }
            byTrip[trip] = prediction
        }
    }

    public var count: Int { byTrip.count }

    public func isCancelled(tripID: String) -> Bool { byTrip[tripID]?.isCancelled ?? false }

    /// A timetable's call (a trip at a stop, with its scheduled time in POSIX seconds) as the predictions move it.
    public func predict(_ call: ScheduledCall) -> PredictedCall {
        guard let prediction = byTrip[call.tripID] else { return PredictedCall(call: call, status: .scheduled) }
        if prediction.isCancelled { return PredictedCall(call: call, status: .cancelled) }
        let updates = prediction.stopTimes
        // The stop's own update: the same stop with the same stop_sequence (a loop calls twice at one stop), else
        // the same stop (BART numbers a running trip's sequence from its next stop, against the spec), else the same
        // sequence for an update that names no stop.
        let own = updates.first { $0.stopID == call.stopID && $0.stopSequence != nil && $0.stopSequence == call.stopSequence }
            ?? updates.first { $0.stopID == call.stopID }
            ?? updates.first { $0.stopID == nil && $0.stopSequence != nil && $0.stopSequence == call.stopSequence }
        if let own {
            switch own.relationship {
            case .skipped: return PredictedCall(call: call, status: .skipped)
            case .noData: return PredictedCall(call: call, status: .scheduled)
            case .scheduled, .unscheduled: break
            }
            let event = call.isArrival ? (own.arrival ?? own.departure) : (own.departure ?? own.arrival)
            if let time = event?.predictedTime(scheduled: call.scheduledSeconds) {
                return PredictedCall(call: call, status: .predicted(time: time))
            }
        }
        // The spec's propagation: a stop without its own update takes the delay of the nearest earlier one.
        if let sequence = call.stopSequence {
            let earlier = updates.filter { ($0.stopSequence ?? Int.max) < sequence && $0.relationship == .scheduled }
                .max { ($0.stopSequence ?? 0) < ($1.stopSequence ?? 0) }
            if let delay = (earlier?.departure ?? earlier?.arrival)?.delaySeconds {
                return PredictedCall(call: call, status: .predicted(time: StopTimeEvent.adding(delay, to: call.scheduledSeconds)))
            }
        }
        if let delay = prediction.delaySeconds {
            return PredictedCall(call: call, status: .predicted(time: StopTimeEvent.adding(delay, to: call.scheduledSeconds)))
        }
        return PredictedCall(call: call, status: .scheduled)
    }
}

/// A trip's call at a stop as the timetable has it.
public struct ScheduledCall: Hashable, Sendable {
    public var tripID: String
    public var stopID: String
    public var stopSequence: Int?
    /// POSIX seconds of the scheduled departure (or arrival, with `isArrival`).
    public var scheduledSeconds: Int64
    public var isArrival: Bool

    public init(tripID: String, stopID: String, stopSequence: Int? = nil, scheduledSeconds: Int64, isArrival: Bool = false) {
        self.tripID = tripID
        self.stopID = stopID
        self.stopSequence = stopSequence
        self.scheduledSeconds = scheduledSeconds
        self.isArrival = isArrival
    }
}

/// A call after the predictions: on time by the timetable, moved, skipped at this stop, or its trip cancelled.
public struct PredictedCall: Hashable, Sendable {
    public enum Status: Hashable, Sendable {
        case scheduled
        case predicted(time: Int64)
        case skipped
        case cancelled
    }

    public var call: ScheduledCall
    public var status: Status

    /// Seconds late (negative: early); nil unless predicted.
    public var delaySeconds: Int64? {
        if case .predicted(let time) = status { return Self.difference(time, call.scheduledSeconds) }
        return nil
    }

    /// When it leaves (or arrives); nil for a skipped stop or a cancelled trip, which leave the departure list.
    public var expectedSeconds: Int64? {
        switch status {
        case .scheduled: call.scheduledSeconds
        case .predicted(let time): time
        case .skipped, .cancelled: nil
        }
    }

    /// What a departure list shows beside the time at wall-clock `nowSeconds`: "due" within a minute, "+4 min"
    /// when late by a minute or more, "cancelled"; nil when on time.
    public func label(nowSeconds: Int64) -> String? {
        switch status {
        case .cancelled: return "cancelled"
        case .skipped: return "not stopping"
        case .scheduled: return nil
        case .predicted(let time):
            let untilSeconds = Self.difference(time, nowSeconds)
            if untilSeconds < 60 && untilSeconds >= -30 { return "due" }
            let minutes = Self.difference(time, call.scheduledSeconds) / 60
            if minutes >= 1 { return "+\(minutes) min" }
            if minutes <= -1 { return "\(minutes) min" }
            return nil
        }
    }

    /// `a − b`, saturating: a feed's time is any int64 (a hostile or broken feed sends int64.min), and a trap in
    /// the frame thread would take the kiosk down.
    static func difference(_ a: Int64, _ b: Int64) -> Int64 {
        let (result, overflow) = a.subtractingReportingOverflow(b)
        return overflow ? (a < b ? .min : .max) : result
    }
}
