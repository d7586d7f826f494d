import Foundation
@testable import LiveTimetable
import MetroMap
import Network
import Overlay
import Raster
import Realtime
import Testing
import TestSupport
@testable import KioskCore

/// Live service over BART 2019: the real TripUpdates capture (2019-08-07 17:45 UTC) moves the departures a card
/// lists; a NO_SERVICE alert at Montgomery St closes it to journeys, says so on the card and the strip and crosses
/// it out on the map; a stale feed says live information is unavailable.
struct LiveServiceCardTests {
    /// One source holding `feed`, received at wall-clock `receivedAt`.
    static func snapshot(_ feed: RealtimeFeed, receivedAt: Double, staleSeconds: Double = 300) -> RealtimeSnapshot {
        var health = SourceHealth(source: "file:///test.pb")
        health.lastGoodAtSeconds = receivedAt
        health.feedTimestamp = feed.timestamp
        return RealtimeSnapshot(sources: [.init(health: health, feed: feed)], staleSeconds: staleSeconds)
    }

    static func montgomeryClosed(at timestamp: UInt64) -> RealtimeFeed {
        RealtimeFeed(version: "2.0", timestamp: timestamp, alerts: [
            ServiceAlert(id: "closed", informedEntities: [InformedEntity(stopID: "MONT")], effect: .noService,
                         header: TranslatedText([.init(language: nil, text: "Montgomery St station is closed")])),
        ])
    }

    @Test func realTripUpdatesMoveTheDeparturesListed() throws {
        let (map, timetable, station) = try TimetableCardTests.bart()
        let bytes = try [UInt8](Data(contentsOf: RepositoryPaths.sharedData("gtfs/bart-2019/bart-trip-updates.pb")))
        let feed = try RealtimeFeedDecoder.decode(bytes, source: "bart-trip-updates.pb")
        let now = Double(try #require(feed.timestamp))
        let live = LiveService(snapshot: Self.snapshot(feed, receivedAt: now), timetable: timetable, nowSeconds: now, languages: [])
        #expect(!live.isUnavailable && live.predictions.count > 0)
        let card = TimedJourneyCard(map: map, graph: StationGraph(map: map), timetable: timetable)
        let at = Date(timeIntervalSince1970: now)
        let (day, seconds) = timetable.moment(at)
        let wording = JourneyWording(language: nil)
        // Every linked BART station: the timetable's list against the list with the predictions applied.
        var moved = 0
        for id in Set(station.values).sorted() {
            let scheduled = card.departures(at: id, day: day, now: seconds, wording: wording, times: TimetableWording(language: "en"))
            let predicted = card.departures(at: id, day: day, now: seconds, wording: wording, times: TimetableWording(language: "en"), live: live)
            #expect(predicted.count == scheduled.count)
            if predicted != scheduled { moved += 1 }
        }
        #expect(moved > 10, "the capture's predictions change the lists at many stations: \(moved)")
        // A delay is shown beside the timetable's time.
        let montgomery = try #require(station["MONT"])
        let rows = card.departures(at: montgomery, day: day, now: seconds, wording: wording, times: TimetableWording(language: "en"), live: live)
        let all = Set(station.values).flatMap { card.departures(at: $0, day: day, now: seconds, wording: wording, times: TimetableWording(language: "en"), live: live) }
        #expect(all.contains { $0.times.contains(", timetable ") }, "\(rows)")
    }

    @Test func aClosedStationIsAvoidedShownOnTheCardStripAndMap() throws {
        let (map, timetable, station) = try TimetableCardTests.bart()
        let at = try #require(timetable.instant(local: "2019-08-07 10:45"))
        let now = at.timeIntervalSince1970
        let live = LiveService(snapshot: Self.snapshot(Self.montgomeryClosed(at: UInt64(now)), receivedAt: now),
                               timetable: timetable, nowSeconds: now, languages: [])
        let montgomery = try #require(station["MONT"]), powell = try #require(station["POWL"])
        let embarcadero = try #require(station["EMBR"])
        #expect(live.alertedStations[montgomery] == .noService)
        let card = TimedJourneyCard(map: map, graph: StationGraph(map: map), timetable: timetable)
        // To the closed station: no timed journey, the scheme's estimate, and the closure in full on the card.
        let closed = try #require(card.content(destination: montgomery, origin: powell, language: nil, at: at, stepFree: false, live: live))
        #expect(!closed.summary.contains("leave") && closed.isEstimated)
        #expect(closed.notices.contains("Station closed"))
        #expect(closed.notices.contains("Montgomery St station is closed"))
        // Through it: trains still pass, the journey is timed, and the card carries the alert of a station on it.
        let through = try #require(card.content(destination: embarcadero, origin: powell, language: nil, at: at, stepFree: false, live: live))
        #expect(through.summary.hasPrefix("leave "))
        #expect(through.notices.contains("Montgomery St station is closed"))
        let open = try #require(card.content(destination: montgomery, origin: powell, language: nil, at: at, stepFree: false))
        #expect(open.summary.hasPrefix("leave "), "without the alert the journey is timed")

        // The map and the strip.
        let kiosk = KioskLive(map: map, timetable: timetable, fonts: nil, screen: IntRect(x: 0, y: 0, width: 800, height: 480))
        let snapshot = Self.snapshot(Self.montgomeryClosed(at: UInt64(now)), receivedAt: now)
        kiosk.source = { snapshot }
        kiosk.refresh(at: 0, wall: at, language: nil)
        #expect(kiosk.strip.lines == ["Montgomery St station is closed"] && kiosk.strip.isWarning)
        #expect(kiosk.strip.occupiedRegion != nil, "the strip keeps its band for itself")
        #expect(kiosk.stations.marks.contains { $0.stationID == montgomery && $0.isClosed })
        #expect(kiosk.strip.nextChangeMicroseconds != nil, "worded again by the clock")
    }

    @Test func aStaleFeedSaysLiveInformationIsUnavailable() throws {
        let (map, timetable, station) = try TimetableCardTests.bart()
        let at = try #require(timetable.instant(local: "2019-08-07 10:45"))
        let now = at.timeIntervalSince1970
        // Received an hour ago with stale_s = 300.
        let snapshot = Self.snapshot(Self.montgomeryClosed(at: UInt64(now - 3600)), receivedAt: now - 3600)
        let live = LiveService(snapshot: snapshot, timetable: timetable, nowSeconds: now, languages: [])
        #expect(live.isUnavailable && live.alerts.isEmpty && live.closedStops.isEmpty)
        let card = TimedJourneyCard(map: map, graph: StationGraph(map: map), timetable: timetable)
        let montgomery = try #require(station["MONT"]), powell = try #require(station["POWL"])
        let content = try #require(card.content(destination: montgomery, origin: powell, language: nil, at: at, stepFree: false,
                                                live: live))
        #expect(content.notices == [TimedJourneyCard.liveUnavailable])
        #expect(content.summary.hasPrefix("leave "), "the timetable alone, the stale closure ignored")
        let kiosk = KioskLive(map: map, timetable: timetable, fonts: nil, screen: IntRect(x: 0, y: 0, width: 800, height: 480))
        kiosk.source = { snapshot }
        kiosk.refresh(at: 0, wall: at, language: nil)
        #expect(kiosk.strip.lines == [TimedJourneyCard.liveUnavailable] && !kiosk.strip.isWarning)
        #expect(kiosk.stations.marks.isEmpty)
    }
}

extension LiveServiceCardTests {
    /// A kiosk standing at `from` on a 1920×1080 screen whose wall clock starts at `at` and whose live feed is
    /// `snapshot`; the output keeps the last frame.
    static func liveLoop(map: MetroMap, timetable: KioskTimetable, from: String, at: Date,
                         snapshot: RealtimeSnapshot, width: Int = 1920, height: Int = 1080) throws
        -> (loop: KioskLoop, output: KioskStill.LastFrameOutput) {
        var settings = KioskConfig()
        settings.map.youAreHere = from
        let clock = SimulatedClock(startMicroseconds: 0)
        let output = KioskStill.LastFrameOutput(width: width, height: height, clock: clock)
        let loop = try KioskLoop(map: map, config: settings, fonts: FontStack(fonts: [try Font.loadDefault()]),
                                 input: TraceInput(frames: []), output: output, clock: clock, timetable: timetable)
        loop.wallClock = { at.addingTimeInterval(Double(clock.nowMicroseconds) / 1_000_000) }
        loop.realtime = { snapshot }
        return (loop, output)
    }

    /// A trip running five minutes late moves the journey's arrival; a cancelled one leaves the departure list.
    @Test func aDelayMovesTheArrivalAndACancelledTrainLeavesTheList() throws {
        let (map, timetable, station) = try TimetableCardTests.bart()
        let at = try #require(timetable.instant(local: "2019-08-07 14:00"))
        let now = at.timeIntervalSince1970
        let powell = try #require(station["POWL"]), embarcadero = try #require(station["EMBR"])
        // The ride the timetable alone gives (the router's own answer: what the prediction is about).
        let (day, seconds) = timetable.moment(at)
        let fromStops = try #require(timetable.stops(for: powell)), toStops = try #require(timetable.stops(for: embarcadero))
        let journey = try #require(Raptor(day: day).earliestArrival(.init(from: fromStops, to: toStops, departure: seconds)))
        let ride = try #require(journey.rides.last)
        let tripID = timetable.timetable.trips[Int(ride.trip)].id
        let late = RealtimeFeed(version: "2.0", timestamp: UInt64(now), tripPredictions: [
            TripPrediction(entityID: "late", tripID: tripID, delaySeconds: 300, stopTimes: []),
        ])
        let live = LiveService(snapshot: Self.snapshot(late, receivedAt: now), timetable: timetable, nowSeconds: now, languages: [])
        let card = TimedJourneyCard(map: map, graph: StationGraph(map: map), timetable: timetable)
        let scheduled = try #require(card.content(destination: embarcadero, origin: powell, language: nil, at: at, stepFree: false))
        let delayed = try #require(card.content(destination: embarcadero, origin: powell, language: nil, at: at, stepFree: false, live: live))
        #expect(scheduled.summary.contains("arrive \(timetable.clock(journey.arrival, on: day))"), "\(scheduled.summary)")
        #expect(delayed.summary.contains("arrive \(timetable.clock(journey.arrival + 300, on: day)) (+5 min)"), "\(delayed.summary)")

        // The first train listed at Powell St, cancelled: the row lists the ones after it.
        let wording = JourneyWording(language: nil)
        let platform = try #require(fromStops.first)
        let board = DepartureBoard(day: day, station: timetable.timetable.station(of: platform), now: seconds, limit: 3)
        let row = try #require(board.rows.first { $0.departures.count == 3 })
        let first = try #require(row.departures.first)
        let cancelled = RealtimeFeed(version: "2.0", timestamp: UInt64(now), tripPredictions: [
            TripPrediction(entityID: "off", tripID: timetable.timetable.trips[Int(first.trip)].id, relationship: .canceled, stopTimes: []),
        ])
        let withCancellation = LiveService(snapshot: Self.snapshot(cancelled, receivedAt: now), timetable: timetable, nowSeconds: now,
                                           languages: [])
        let title = row.lineName + " · " + wording.towards(row.headsign)
        let before = try #require(card.departures(at: powell, day: day, now: seconds, wording: wording, times: TimetableWording(language: "en")).first { $0.title == title })
        let after = try #require(card.departures(at: powell, day: day, now: seconds, wording: wording, times: TimetableWording(language: "en"), live: withCancellation)
            .first { $0.title == title })
        let minutes = { (text: String) in text.components(separatedBy: " · ").map { $0.components(separatedBy: " ").first ?? "" } }
        #expect(minutes(after.times).first == minutes(before.times).dropFirst().first, "\(before.times) → \(after.times)")
    }
}

/// The live-service strip stays across the top whatever the card does, so the camera fits a route below it: BART
/// Powell St → Fremont runs north to West Oakland first, which a fit that ignored the strip put under it.
struct LiveStripFramingTests {
    @Test func aRouteFittedBesideTheCardKeepsOutFromUnderTheStrip() throws {
        let (map, timetable, station) = try TimetableCardTests.bart()
        let from = try #require(station["POWL"]), to = try #require(station["FRMT"])
        let at = try #require(timetable.instant(local: "2019-08-07 10:45"))
        let snapshot = LiveServiceCardTests.snapshot(LiveServiceCardTests.montgomeryClosed(at: UInt64(at.timeIntervalSince1970)),
                                                     receivedAt: at.timeIntervalSince1970)
        let loop = try LiveServiceCardTests.liveLoop(map: map, timetable: timetable, from: from, at: at,
                                                     snapshot: snapshot).loop
        _ = try loop.turn()
        #expect(loop.showJourney(to: to))
        var settled = false
        loop.onFrame = { record in settled = record.state == .idle && record.card?.state == "resting" }
        var turns = 0
        while !settled, turns < 10_000, try loop.turn() { turns += 1 }
        let strip = try #require(loop.live?.strip.occupiedRegion, "the strip shows the closure")
        let route = loop.journey?.route.stationIDs ?? []
        #expect(route.count > 5)
        for id in route {
            let position = try #require(map.station(id: id)?.position)
            let point = loop.camera.geometry.screenPoint(ofScheme: position, camera: loop.camera.shownCamera)
            #expect(point.y > strip.maxY, "\(id) at y \(point.y), under the strip down to \(strip.maxY)")
        }
    }
}
