import Foundation
@testable import LiveTimetable
import MetroMap
import Network
import Overlay
import Physics
import Raster
import Realtime
import Testing
import TestSupport
@testable import Cartography
@testable import KioskCore

/// Alerts reach what they name, visibly: a route at a stop dashes that line's hops at the station (not the whole
/// line), a stop alert marks the ride's step through it on the card, a trip alert acts on that train's departure,
/// and the route highlight keeps an alerted line's dash. The feeds are hand-written protobuf bytes decoded by the
/// kiosk's own decoder, against BART's 2019 static feed (bart.gov developer terms, via interline-io/transitland-lib)
/// linked to the pMetro San Francisco scheme.
struct AlertReachTests {
    /// A GTFS-realtime FeedMessage of one alert, written field by field (gtfs-realtime.proto numbers), so the test
    /// goes through the decoder as a real feed does.
    static func alertFeed(timestamp: UInt64, effect: UInt64, entities: [(route: String?, stop: String?, trip: String?)],
                          header: String) -> [UInt8] {
        alertFeed(timestamp: timestamp, effect: effect,
                  selectors: entities.map { Selector(route: $0.route, stop: $0.stop, trip: $0.trip) }, header: header)
    }

    /// An informed entity (GTFS-realtime `EntitySelector`) with every field a test may name.
    struct Selector {
        var agency: String? = nil
        var route: String? = nil
        var routeType: Int? = nil
        var direction: Int? = nil
        var stop: String? = nil
        var trip: String? = nil
    }

    static func alertFeed(timestamp: UInt64, effect: UInt64, selectors: [Selector], header: String) -> [UInt8] {
        func varint(_ value: UInt64) -> [UInt8] {
            var value = value, bytes: [UInt8] = []
            repeat {
                bytes.append(UInt8(value & 0x7F) | (value > 0x7F ? 0x80 : 0))
                value >>= 7
            } while value > 0
            return bytes
        }
        func field(_ number: UInt64, _ payload: [UInt8]) -> [UInt8] { varint(number << 3 | 2) + varint(UInt64(payload.count)) + payload }
        func field(_ number: UInt64, _ text: String) -> [UInt8] { field(number, Array(text.utf8)) }
        func number(_ number: UInt64, _ value: UInt64) -> [UInt8] { varint(number << 3) + varint(value) }
        var alert: [UInt8] = []
        for entity in selectors {
            var selector: [UInt8] = []
            if let agency = entity.agency { selector += field(1, agency) }
            if let route = entity.route { selector += field(2, route) }
            if let type = entity.routeType { selector += number(3, UInt64(type)) }
            if let direction = entity.direction { selector += number(6, UInt64(direction)) }
            if let trip = entity.trip { selector += field(4, field(1, trip)) }
            if let stop = entity.stop { selector += field(5, stop) }
            alert += field(5, selector)
        }
        alert += number(7, effect) + field(10, field(1, field(1, header)))
        let feedHeader = field(1, "2.0") + number(3, timestamp)
        return field(1, feedHeader) + field(2, field(1, "alert-1") + field(5, alert))
    }

    static let significantDelays: UInt64 = 3, noService: UInt64 = 1

    static func live(_ bytes: [UInt8], timetable: KioskTimetable, now: Double) throws -> (LiveService, RealtimeSnapshot) {
        let feed = try RealtimeFeedDecoder.decode(bytes, source: "hand-written.pb")
        let snapshot = LiveServiceCardTests.snapshot(feed, receivedAt: now)
        return (LiveService(snapshot: snapshot, timetable: timetable, nowSeconds: now, languages: []), snapshot)
    }

    @Test func aRouteAtAStopDashesThatLineThereAndNotTheWholeLine() throws {
        let (map, timetable, station) = try TimetableCardTests.bart()
        let at = try #require(timetable.instant(local: "2019-08-07 10:45"))
        let now = at.timeIntervalSince1970
        let montgomery = try #require(station["MONT"])
        // BART route 7 (Red, Richmond – Daly City/Millbrae) delayed at Montgomery St.
        let bytes = Self.alertFeed(timestamp: UInt64(now), effect: Self.significantDelays,
                                   entities: [(route: "7", stop: "MONT", trip: nil)], header: "Red line delays at Montgomery St")
        let (_, snapshot) = try Self.live(bytes, timetable: timetable, now: now)
        let kiosk = KioskLive(map: map, timetable: timetable, fonts: nil, screen: IntRect(x: 0, y: 0, width: 800, height: 480))
        kiosk.source = { snapshot }
        kiosk.refresh(at: 0, wall: at, language: nil)
        let lines = KioskLive.schemeLines(ofRoute: "7", map: map, links: timetable.stationLinks)
        #expect(!lines.isEmpty)
        #expect(kiosk.alertedLines.isEmpty, "a route at a stop is not the whole line")
        #expect(kiosk.alertedStops == Dictionary(uniqueKeysWithValues: lines.map { ($0, Set([montgomery])) }))
        #expect(kiosk.stations.marks.contains { $0.stationID == montgomery && !$0.isClosed }, "the station ringed")

        // On the map: the line's hops into and out of Montgomery St dashed, its other hops whole.
        let builder = MapSceneBuilder(drawing: MapDrawing(map: map), fonts: nil)
        builder.dashedStops = kiosk.alertedStops
        let pieces = builder.drawing.pieces.filter { lines.contains($0.lineID) }
        let dashed = pieces.filter(builder.isDashed)
        #expect((1...4).contains(dashed.count), "\(dashed.count) hops dashed")
        #expect(dashed.allSatisfy { $0.stationIDs.contains(montgomery) })
        #expect(pieces.count > dashed.count + 5)
        #expect(!builder.drawing.pieces.contains { !lines.contains($0.lineID) && builder.isDashed($0) })
    }

    @Test func aRouteAtAParentStationReachesThePlatformsStation() {
        // WMATA names parent stations ("STN_A01") while its trips call at platforms ("PF_A01_C").
        let links = StationLinks(stationByStop: ["PF_A01_C": "metro-center", "STN_A01": "metro-center", "PF_A02_C": "farragut"],
                                 stopsByRoute: ["RED": ["PF_A01_C", "PF_A02_C"]])
        #expect(links.stations(touchedBy: InformedEntity(routeID: "RED", stopID: "STN_A01")) == ["metro-center"])
        #expect(links.stations(touchedBy: InformedEntity(routeID: "BLUE", stopID: "STN_A01")).isEmpty)
        #expect(links.stations(touchedBy: InformedEntity(stopID: "STN_A01")) == ["metro-center"])
    }

    @Test func theCardsStepThroughAnAlertedStationMarksIt() throws {
        let (map, timetable, station) = try TimetableCardTests.bart()
        let at = try #require(timetable.instant(local: "2019-08-07 10:45"))
        let now = at.timeIntervalSince1970
        let powell = try #require(station["POWL"]), embarcadero = try #require(station["EMBR"])
        let montgomeryID = try #require(station["MONT"])
        let montgomery = try #require(map.station(id: montgomeryID))
        let bytes = Self.alertFeed(timestamp: UInt64(now), effect: Self.noService, entities: [(route: nil, stop: "MONT", trip: nil)],
                                   header: "Montgomery St station is closed")
        let (live, _) = try Self.live(bytes, timetable: timetable, now: now)
        let card = TimedJourneyCard(map: map, graph: StationGraph(map: map), timetable: timetable)
        let content = try #require(card.content(destination: embarcadero, origin: powell, language: nil, at: at, stepFree: false, live: live))
        let ride = try #require(content.steps.first { $0.kind == .ride })
        #expect(ride.stops.contains(montgomery.name))
        #expect(ride.alertedStops == [montgomery.name: true], "the closed station crossed out on the ride through it")
        let plain = try #require(card.content(destination: embarcadero, origin: powell, language: nil, at: at, stepFree: false))
        #expect(plain.steps.allSatisfy { $0.alertedStops.isEmpty })
        // The every-stop list draws the mark: the picture differs from the one without the alert.
        let marked = JourneyCardPicture(content: content, width: 360, minimumHeight: 10, fonts: nil, scalePixels: 1).buffer
        let unmarked = JourneyCardPicture(content: plain, width: 360, minimumHeight: 10, fonts: nil, scalePixels: 1).buffer
        let closedRed = AlertedStationsElement.closedColor.xrgb & 0xFFFFFF
        func count(_ buffer: PixelBuffer) -> Int {
            (0..<buffer.height).reduce(0) { sum, y in
                sum + (0..<buffer.width).filter { (buffer.pixel(x: $0, y: y) ?? 0) & 0xFFFFFF == closedRed }.count
            }
        }
        #expect(count(marked) > 20 && count(unmarked) == 0, "the red mark drawn: \(count(marked)) pixels")
    }

    @Test func aTripAlertActsOnThatTrainsDeparture() throws {
        let (map, timetable, station) = try TimetableCardTests.bart()
        let at = try #require(timetable.instant(local: "2019-08-07 14:00"))
        let now = at.timeIntervalSince1970
        let powell = try #require(station["POWL"])
        let (day, seconds) = timetable.moment(at)
        let platform = try #require(timetable.stops(for: powell)?.first)
        let board = DepartureBoard(day: day, station: timetable.timetable.station(of: platform), now: seconds, limit: 3)
        let row = try #require(board.rows.first { $0.departures.count == 3 })
        let first = try #require(row.departures.first)
        let trip = timetable.timetable.trips[Int(first.trip)].id
        let card = TimedJourneyCard(map: map, graph: StationGraph(map: map), timetable: timetable)
        let wording = JourneyWording(language: nil), times = TimetableWording(language: "en")
        let title = row.lineName + " · " + wording.towards(row.headsign)
        func listed(_ live: LiveService?) throws -> String {
            try #require(card.departures(at: powell, day: day, now: seconds, wording: wording, times: times, live: live)
                .first { $0.title == title }).times
        }
        let before = try listed(nil)
        // Delayed: the train is marked, and only it.
        let delayed = try Self.live(Self.alertFeed(timestamp: UInt64(now), effect: Self.significantDelays,
                                                   entities: [(route: nil, stop: nil, trip: trip)], header: "Train held"),
                                    timetable: timetable, now: now).0
        let marked = try listed(delayed).components(separatedBy: " · ")
        #expect(marked.first?.hasSuffix(TimedJourneyCard.tripAlertMark) == true, "\(marked)")
        #expect(marked.dropFirst().allSatisfy { !$0.contains(TimedJourneyCard.tripAlertMark) }, "\(marked)")
        // Not running: the train leaves the list, the next ones move up.
        let off = try Self.live(Self.alertFeed(timestamp: UInt64(now), effect: Self.noService,
                                               entities: [(route: nil, stop: "POWL", trip: trip)], header: "Train cancelled"),
                                timetable: timetable, now: now).0
        let minutes = { (text: String) in text.components(separatedBy: " · ").map { $0.components(separatedBy: " ").first ?? "" } }
        let without = try listed(off)
        #expect(minutes(without).first == minutes(before).dropFirst().first, "\(before) → \(without)")
        // The same trip alerted at another station leaves Powell St's list alone.
        let elsewhere = try Self.live(Self.alertFeed(timestamp: UInt64(now), effect: Self.noService,
                                                     entities: [(route: nil, stop: "FRMT", trip: trip)], header: "Not calling at Fremont"),
                                      timetable: timetable, now: now).0
        let untouched = try listed(elsewhere)
        #expect(untouched == before)
    }

    @Test func theRouteHighlightKeepsAnAlertedLinesDash() throws {
        let map = try BundledMap.loadDemo()
        let red = try #require(map.line(id: "red"))
        let ids = Array(red.stationIDs.prefix(4))
        let screen = IntRect(x: 0, y: 0, width: 900, height: 700)
        let route = RouteHighlightElement(screen: screen)
        route.show(ids, on: map)
        let projection = MapProjection { ScreenPoint(x: $0.x * 0.5, y: $0.y * 0.5) }
        func colourPixels() -> Int {
            route.advance(to: 0, map: projection)
            let buffer = PixelBuffer(width: screen.width, height: screen.height)
            route.draw(on: Canvas(buffer: buffer))
            let color = route.shownHops[0].color.xrgb & 0xFFFFFF
            return (0..<buffer.height).reduce(0) { sum, y in
                sum + (0..<buffer.width).filter { (buffer.pixel(x: $0, y: y) ?? 0) & 0xFFFFFF == color }.count
            }
        }
        let whole = colourPixels()
        route.didPresent()
        #expect(!route.needsRedraw)
        route.dash(lines: ["red"], stops: [:])
        #expect(route.needsRedraw, "an alert beginning draws the route again")
        #expect(route.shownHops.allSatisfy(route.isDashed))
        let dashed = colourPixels()
        #expect(whole > 0 && dashed > whole / 3 && dashed < whole * 9 / 10, "\(whole) → \(dashed) pixels in the line's colour")
        // The line at one station: the hops into and out of it.
        route.dash(lines: [], stops: ["red": [ids[1]]])
        #expect(route.shownHops.map(route.isDashed) == [true, true, false])
    }
}
