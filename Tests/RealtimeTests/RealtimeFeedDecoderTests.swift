import Foundation
import Testing
import TestSupport
@testable import Realtime

/// The decoder against the real captures in ../shared/data/gtfs (interline-io/transitland-lib's test data: BART's
/// and Caltrain/511's feeds under their developer terms), each checked against the same bytes walked by
/// `ProtobufWire`.
@Suite struct RealtimeFeedDecoderTests {
    static func capture(_ path: String) throws -> [UInt8] {
        Array(try Data(contentsOf: RepositoryPaths.sharedData("gtfs/" + path)))
    }

    @Test func bartAlertIsMontgomeryClosedByAMedicalEmergency() throws {
        let bytes = try Self.capture("bart-2019/bart-alerts.pb")
        let feed = try RealtimeFeedDecoder.decode(bytes, source: "bart-alerts.pb")
        let wire = ProtobufWire(bytes)
        #expect(feed.timestamp == wire.message(1)?.varint(3))
        #expect(feed.timestamp == 1_565_199_942) // 2019-08-07 17:45:42 UTC, as the README says
        #expect(feed.version == "1.0")
        #expect(feed.alerts.count == 1)
        #expect(feed.tripPredictions.isEmpty && feed.vehicles.isEmpty)
        let alert = try #require(feed.alerts.first)
        let rawAlert = try #require(wire.message(2)?.message(5))
        #expect(alert.id == wire.message(2)?.string(1))
        #expect(alert.cause == .medicalEmergency && rawAlert.varint(6) == 12)
        #expect(alert.effect == .significantDelays && rawAlert.varint(7) == 3)
        #expect(alert.activePeriods.isEmpty)
        #expect(alert.informedEntities == [InformedEntity(agencyID: "BART")])
        // BART sends its words as header_text (field 10) and no description_text.
        let rawText = try #require(rawAlert.message(10)?.message(1))
        #expect(alert.header.translations == [.init(language: rawText.string(2), text: try #require(rawText.string(1)))])
        #expect(alert.header.translations.first?.language == "en-US")
        #expect(alert.description.isEmpty)
        #expect(alert.headline(preferring: ["en"])?.contains("Montgomery station is currently closed") == true)
        #expect(alert.url.text(preferring: []) == "http://www.bart.gov/schedules/advisories")
    }

    /// Every trip update, stop by stop, against the wire walk.
    @Test(arguments: [("bart-2019/bart-trip-updates.pb", 91), ("caltrain-2023/caltrain-trip-updates.pb", 19)])
    func tripUpdatesMatchTheWire(path: String, expectedCount: Int) throws {
        let bytes = try Self.capture(path)
        let feed = try RealtimeFeedDecoder.decode(bytes, source: path)
        let wire = ProtobufWire(bytes)
        let rawUpdates = wire.all(2).compactMap { $0.message(3) }
        #expect(feed.tripPredictions.count == expectedCount)
        #expect(rawUpdates.count == expectedCount)
        #expect(feed.timestamp == wire.message(1)?.varint(3))
        var stopsChecked = 0
        for (prediction, raw) in zip(feed.tripPredictions, rawUpdates) {
            #expect(prediction.tripID == raw.message(1)?.string(1))
            #expect(prediction.startDate == raw.message(1)?.string(3))
            #expect(prediction.isCancelled == (raw.message(1)?.varint(4) == 3))
            let rawStops = raw.all(2)
            #expect(prediction.stopTimes.count == rawStops.count)
            for (stop, rawStop) in zip(prediction.stopTimes, rawStops) {
                #expect(stop.stopID == rawStop.string(4))
                #expect(stop.stopSequence.map(UInt64.init) == rawStop.varint(1))
                #expect(stop.arrival?.time == rawStop.message(2)?.signed(2))
                #expect(stop.arrival?.delaySeconds.map(Int64.init) == rawStop.message(2)?.signed(1))
                #expect(stop.departure?.time == rawStop.message(3)?.signed(2))
                #expect(stop.departure?.delaySeconds.map(Int64.init) == rawStop.message(3)?.signed(1))
                stopsChecked += 1
            }
        }
        #expect(stopsChecked > expectedCount)
    }

    @Test func caltrainVehiclePositionsMatchTheWire() throws {
        let bytes = try Self.capture("caltrain-2023/caltrain-vehicle-positions.pb")
        let feed = try RealtimeFeedDecoder.decode(bytes, source: "caltrain-vehicle-positions.pb")
        let raw = ProtobufWire(bytes).all(2).compactMap { $0.message(4) }
        #expect(feed.vehicles.count == 14)
        #expect(raw.count == 14)
        for (vehicle, rawVehicle) in zip(feed.vehicles, raw) {
            #expect(vehicle.tripID == rawVehicle.message(1)?.string(1))
            #expect(vehicle.routeID == rawVehicle.message(1)?.string(5))
            #expect(vehicle.latitude == rawVehicle.message(2)?.float(1).map(Double.init))
            #expect(vehicle.longitude == rawVehicle.message(2)?.float(2).map(Double.init))
            #expect(vehicle.timestamp == rawVehicle.varint(5))
            // Caltrain is on the Peninsula: a wrong float decoding would land elsewhere.
            #expect((37...38).contains(vehicle.latitude ?? 0) && (-123...(-121)).contains(vehicle.longitude ?? 0))
        }
    }

    /// NYCT-style agency extensions (field 1001 in the extension range) and fields from a future spec are skipped.
    @Test func unknownFieldsAndExtensionsAreSkipped() throws {
        var bytes = try Self.capture("bart-2019/bart-alerts.pb")
        // Field 1001 (length-delimited) on the FeedMessage, and field 99 (varint) after it: neither is in the proto.
        bytes += [0xCA, 0x3E, 0x03, 0x61, 0x62, 0x63] + [0x98, 0x06, 0x07]
        let feed = try RealtimeFeedDecoder.decode(bytes, source: "extended.pb")
        #expect(feed.alerts.count == 1)
    }

    @Test(arguments: [
        ("truncated", Array(try! capture("bart-2019/bart-trip-updates.pb").prefix(20_000)), "truncated"),
        ("html", Array("<html><body>502 Bad Gateway</body></html>".utf8), "HTML"),
        ("empty", [], "required field"),
        ("garbage", [0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF], "protobuf"),
    ])
    func badBytesAreALocatedRejection(name: String, bytes: [UInt8], reason: String) {
        do {
            _ = try RealtimeFeedDecoder.decode(bytes, source: "https://example.org/\(name).pb")
            Issue.record("\(name) was accepted")
        } catch {
            #expect(error.description.hasPrefix("https://example.org/\(name).pb: not a GTFS-realtime feed"))
            #expect(error.description.contains(reason), "\(error.description)")
        }
    }
}
