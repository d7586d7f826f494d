import Foundation
import Testing
@testable import Realtime

@Suite struct TripPredictionsTests {
    /// BART's real TripUpdates of 2019-08-07 17:45 UTC move the departures listed at Montgomery St: every trip of
    /// the capture that the 2019 timetable knows leaves at the time the capture gives (read by the wire walk), and
    /// the rest of the list keeps its timetable times.
    @Test func bartTripUpdatesMoveMontgomeryDepartures() throws {
        let bytes = try RealtimeFeedDecoderTests.capture("bart-2019/bart-trip-updates.pb")
        let feed = try RealtimeFeedDecoder.decode(bytes, source: "bart")
        let predictions = TripPredictions(feed.tripPredictions, feedTimestamp: feed.timestamp,
                                          feedClock: feed.timestamp ?? 0, ageLimitSeconds: 300)
        // Independently: trip id → MONT's departure time in the capture.
        var wireTimes: [String: Int64] = [:]
        for update in ProtobufWire(bytes).all(2).compactMap({ $0.message(3) }) {
            guard let trip = update.message(1)?.string(1) else { continue }
            for stop in update.all(2) where stop.string(4) == "MONT" {
                wireTimes[trip] = (stop.message(3) ?? stop.message(2))?.signed(2)
            }
        }
        let calls = try BARTTimetable.calls().filter { $0.stopID == "MONT" }
        var moved = 0
        var untouched = 0
        for call in calls {
            let predicted = predictions.predict(ScheduledCall(tripID: call.tripID, stopID: call.stopID, stopSequence: call.stopSequence,
                                                              scheduledSeconds: call.departureSeconds))
            if let time = wireTimes[call.tripID] {
                #expect(predicted.expectedSeconds == time, "\(call.tripID)")
                moved += 1
            } else if predictions.byTrip[call.tripID] == nil {
                #expect(predicted.status == .scheduled)
                untouched += 1
            }
        }
        // README: 65 of the 91 trip ids are in the static feed; a good share of them call at Montgomery St.
        #expect(moved >= 20, "moved \(moved)")
        #expect(untouched > 100)
    }

    static func call(_ trip: String = "T", stop: String = "B", sequence: Int? = 2, at seconds: Int64 = 10_000) -> ScheduledCall {
        ScheduledCall(tripID: trip, stopID: stop, stopSequence: sequence, scheduledSeconds: seconds)
    }

    @Test func aCancelledTripLeavesTheList() {
        let predictions = TripPredictions([TripPrediction(entityID: "e", tripID: "T", relationship: .canceled, stopTimes: [])],
                                          feedTimestamp: 100, feedClock: 100, ageLimitSeconds: 300)
        let predicted = predictions.predict(Self.call())
        #expect(predicted.status == .cancelled)
        #expect(predicted.expectedSeconds == nil)
        #expect(predicted.label(nowSeconds: 0) == "cancelled")
        #expect(predictions.isCancelled(tripID: "T"))
    }

    @Test func aSkippedStopIsNotADeparture() {
        let predictions = TripPredictions([TripPrediction(entityID: "e", tripID: "T", stopTimes: [
            StopTimePrediction(stopSequence: 2, stopID: "B", relationship: .skipped)])],
            feedTimestamp: 100, feedClock: 100, ageLimitSeconds: 300)
        #expect(predictions.predict(Self.call()).expectedSeconds == nil)
    }

    /// The spec's propagation: stop C (sequence 3) has no update of its own and takes B's delay.
    @Test func aDelayPropagatesToLaterStops() {
        let predictions = TripPredictions([TripPrediction(entityID: "e", tripID: "T", stopTimes: [
            StopTimePrediction(stopSequence: 2, stopID: "B", departure: StopTimeEvent(delaySeconds: 240))])],
            feedTimestamp: 100, feedClock: 100, ageLimitSeconds: 300)
        let predicted = predictions.predict(Self.call(stop: "C", sequence: 3, at: 20_000))
        #expect(predicted.expectedSeconds == 20_240)
        #expect(predicted.label(nowSeconds: 19_000) == "+4 min")
        #expect(predicted.label(nowSeconds: 20_200) == "due")
        // Before B, nothing is known: the timetable stands.
        #expect(predictions.predict(Self.call(stop: "A", sequence: 1)).status == .scheduled)
    }

    @Test func predictionsOlderThanTheAgeLimitAreDropped() {
        let old = TripPrediction(entityID: "old", tripID: "T", timestamp: 1_000, delaySeconds: 600, stopTimes: [])
        let fresh = TripPrediction(entityID: "new", tripID: "U", timestamp: 1_250, delaySeconds: 60, stopTimes: [])
        let predictions = TripPredictions([old, fresh], feedTimestamp: 1_300, feedClock: 1_400, ageLimitSeconds: 300)
        #expect(predictions.byTrip["T"] == nil)
        #expect(predictions.byTrip["U"] != nil)
        #expect(predictions.droppedAsOld == 1)
        #expect(predictions.predict(Self.call()).status == .scheduled)
    }

    /// Two sources (or one repeating itself) covering one trip: the newer prediction wins, whatever the order.
    @Test func theNewerPredictionOfATripWins() {
        let early = TripPrediction(entityID: "a", tripID: "T", timestamp: 100, delaySeconds: 60, stopTimes: [])
        let late = TripPrediction(entityID: "b", tripID: "T", timestamp: 200, delaySeconds: 300, stopTimes: [])
        for order in [[early, late], [late, early]] {
            let predictions = TripPredictions(order, feedTimestamp: 200, feedClock: 200, ageLimitSeconds: 300)
            #expect(predictions.byTrip["T"]?.delaySeconds == 300)
        }
    }
}
