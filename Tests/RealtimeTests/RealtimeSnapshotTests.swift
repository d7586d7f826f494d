import Foundation
import Testing
@testable import Realtime

@Suite struct RealtimeSnapshotTests {
    static func source(_ name: String, feed: RealtimeFeed, receivedAt: Double) -> RealtimeSnapshot.Source {
        var health = SourceHealth(source: name)
        health.lastGoodAtSeconds = receivedAt
        return RealtimeSnapshot.Source(health: health, feed: feed)
    }

    static let links = StationLinks(stationByStop: ["MONT": "montgomery", "EMBR": "embarcadero", "POWL": "powell"],
                                    stopsByRoute: ["1": ["MONT", "EMBR"]],
                                    stopsByAgency: ["BART": ["MONT", "EMBR", "POWL"]])

    @Test func translatedTextPrefersTheShownLanguageThenTheDefault() {
        let text = TranslatedText([.init(language: nil, text: "Station closed"), .init(language: "es-US", text: "Estación cerrada"),
                                   .init(language: "zh-Hant", text: "車站關閉")])
        #expect(text.text(preferring: ["es"]) == "Estación cerrada")
        #expect(text.text(preferring: ["zh-Hant", "en"]) == "車站關閉")
        #expect(text.text(preferring: ["fr", "es-MX"]) == "Estación cerrada")
        #expect(text.text(preferring: ["fr"]) == "Station closed")
        #expect(TranslatedText([.init(language: "de", text: "Gesperrt")]).text(preferring: ["en"]) == "Gesperrt")
        #expect(TranslatedText([]).text(preferring: ["en"]) == nil)
    }

    /// Active periods are judged in the feed's clock: a kiosk whose wall clock says 2026 still sees a 2019 feed's
    /// alert as active 60 s after receiving it; a period in the year 3000 is not active.
    @Test func activePeriodsAreJudgedInTheFeedsClock() {
        let feedTime: UInt64 = 1_565_199_942
        let now = 1_795_000_000.0
        let alerts = [
            ServiceAlert(id: "now", activePeriods: [ActivePeriod(start: feedTime - 600, end: feedTime + 3600)],
                         informedEntities: [InformedEntity(stopID: "MONT")], effect: .noService),
            ServiceAlert(id: "ended", activePeriods: [ActivePeriod(end: feedTime + 30)], informedEntities: [InformedEntity(stopID: "EMBR")]),
            ServiceAlert(id: "year3000", activePeriods: [ActivePeriod(start: 32_503_680_000)], informedEntities: [InformedEntity(stopID: "POWL")]),
            ServiceAlert(id: "always", informedEntities: [InformedEntity(routeID: "1")], effect: .significantDelays),
        ]
        let snapshot = RealtimeSnapshot(sources: [Self.source("a", feed: RealtimeFeed(version: "2.0", timestamp: feedTime, alerts: alerts),
                                                              receivedAt: now - 60)])
        #expect(snapshot.activeAlerts(nowSeconds: now).map(\.id) == ["now", "always"])
        #expect(RealtimeSnapshot.feedClock(of: snapshot.sources[0], nowSeconds: now) == feedTime + 60)
        // Montgomery closed wins over the route's delays there; Embarcadero only has the delays.
        #expect(snapshot.alertedStations(nowSeconds: now, links: Self.links) == ["montgomery": .noService, "embarcadero": .significantDelays])
    }

    @Test func informedEntitiesReachStationsThroughTheLinks() {
        #expect(Self.links.stations(touchedBy: InformedEntity(stopID: "MONT")) == ["montgomery"])
        #expect(Self.links.stations(touchedBy: InformedEntity(routeID: "1", stopID: "EMBR")) == ["embarcadero"])
        #expect(Self.links.stations(touchedBy: InformedEntity(routeID: "1", stopID: "POWL")) == [])
        #expect(Self.links.stations(touchedBy: InformedEntity(agencyID: "BART")) == ["montgomery", "embarcadero", "powell"])
        #expect(Self.links.stations(touchedBy: InformedEntity(stopID: "NOPE")) == [])
        #expect(Self.links.stations(touchedBy: InformedEntity(tripID: "1011112WKDY")) == [])
        #expect(Self.links.stations(touchedBy: InformedEntity()) == [])
    }

    /// Past `stale_s` a source's alerts and predictions go, and the screen is told live information is unavailable.
    @Test func aStaleSourceShowsNothing() {
        let feed = RealtimeFeed(version: "2.0", timestamp: 1_000, alerts: [ServiceAlert(id: "a", informedEntities: [InformedEntity(stopID: "MONT")])],
                                tripPredictions: [TripPrediction(entityID: "t", tripID: "T", delaySeconds: 60, stopTimes: [])])
        let snapshot = RealtimeSnapshot(sources: [Self.source("a", feed: feed, receivedAt: 10_000)], staleSeconds: 300)
        #expect(snapshot.activeAlerts(nowSeconds: 10_299).count == 1)
        #expect(snapshot.predictions(nowSeconds: 10_299).count == 1)
        #expect(!snapshot.isLiveInformationUnavailable(nowSeconds: 10_299))
        #expect(snapshot.activeAlerts(nowSeconds: 10_301).isEmpty)
        #expect(snapshot.predictions(nowSeconds: 10_301).count == 0)
        #expect(snapshot.isLiveInformationUnavailable(nowSeconds: 10_301))
        #expect(!RealtimeSnapshot.empty.isLiveInformationUnavailable(nowSeconds: 0))
    }

    /// Caltrain's and BART's TripUpdates together in one city: two sources, two feeds, one index.
    @Test func twoSourcesFeedOnePredictionIndex() throws {
        let bart = try RealtimeFeedDecoder.decode(try RealtimeFeedDecoderTests.capture("bart-2019/bart-trip-updates.pb"), source: "bart")
        let caltrain = try RealtimeFeedDecoder.decode(try RealtimeFeedDecoderTests.capture("caltrain-2023/caltrain-trip-updates.pb"),
                                                      source: "caltrain")
        let now = 1_800_000_000.0
        let snapshot = RealtimeSnapshot(sources: [Self.source("bart", feed: bart, receivedAt: now - 10),
                                                  Self.source("caltrain", feed: caltrain, receivedAt: now - 20)])
        let index = snapshot.predictions(nowSeconds: now)
        let bartTrips = Set(bart.tripPredictions.compactMap(\.tripID))
        let caltrainTrips = Set(caltrain.tripPredictions.compactMap(\.tripID))
        #expect(bartTrips.isDisjoint(with: caltrainTrips))
        #expect(index.count + index.droppedAsOld == bartTrips.count + caltrainTrips.count)
        #expect(caltrainTrips.allSatisfy { index.byTrip[$0] != nil } || index.droppedAsOld > 0)
        #expect(index.byTrip["124"]?.stopTimes.first?.stopID == "70232")
        #expect(index.byTrip["1011112WKDY"]?.stopTimes.first?.stopID == "DALY")
    }
}
