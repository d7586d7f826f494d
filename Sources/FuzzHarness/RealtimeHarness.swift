import Realtime

/// GTFS-realtime bytes (what any http(s) source may answer) → the decoder, and for an accepted feed everything a
/// frame would ask of it: active alerts and the stations they touch, the words in a language, the predictions
/// index and a call moved by it.
enum RealtimeHarness {
    static let links = StationLinks(stationByStop: ["MONT": "montgomery", "1": "a"], stopsByRoute: ["1": ["MONT"]],
                                    stopsByAgency: ["BART": ["MONT", "1"]])

    static func run(_ bytes: [UInt8]) {
        guard let feed = try? RealtimeFeedDecoder.decode(bytes, source: "fuzz.pb") else { return }
        var health = SourceHealth(source: "fuzz.pb")
        health.lastGoodAtSeconds = 1_000
        let snapshot = RealtimeSnapshot(sources: [.init(health: health, feed: feed)], staleSeconds: 300)
        for alert in snapshot.activeAlerts(nowSeconds: 1_010) { _ = alert.headline(preferring: ["en", "es"]) }
        _ = snapshot.alertedStations(nowSeconds: 1_010, links: links)
        let predictions = snapshot.predictions(nowSeconds: 1_010)
        for prediction in feed.tripPredictions.prefix(64) {
            for stop in prediction.stopTimes.prefix(64) {
                let call = ScheduledCall(tripID: prediction.tripID ?? "", stopID: stop.stopID ?? "", stopSequence: stop.stopSequence,
                                         scheduledSeconds: 1_565_200_000)
                _ = predictions.predict(call).label(nowSeconds: 1_565_199_000)
            }
        }
    }
}
