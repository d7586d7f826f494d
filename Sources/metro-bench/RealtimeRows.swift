import Foundation
import Overlay
import Raster
import Realtime

/// What a realtime update costs: decoding BART's real TripUpdates capture (91 trips, 40 kB, 2019-08-07, BART's
/// developer terms; on the poller thread), and applying it (the predictions index the loop builds from a new
/// snapshot, then every call the capture names moved by it, as the departure lists would ask). The floor the issue
/// sets for applying is 5 ms.
enum RealtimeRows {
    static let capture = "../shared/data/gtfs/bart-2019/bart-trip-updates.pb"

    static var isAvailable: Bool { FileManager.default.fileExists(atPath: capture) }
    /// BART's real alert of the same moment (Montgomery St closed; 1 alert, 359 bytes).
    static let alertCapture = "../shared/data/gtfs/bart-2019/bart-alerts.pb"

    static func decodeRow(timer: FrameTimer) throws -> BenchmarkRow {
        let bytes = try bytes()
        let milliseconds = timer.medianMilliseconds { _ = try? RealtimeFeedDecoder.decode(bytes, source: capture) }
        return BenchmarkRow(name: "realtime decode bart 91 trip updates", oursMilliseconds: milliseconds, peerMilliseconds: nil)
    }

    static func applyRow(timer: FrameTimer) throws -> BenchmarkRow {
        let feed = try RealtimeFeedDecoder.decode(try bytes(), source: capture)
        var health = SourceHealth(source: capture)
        health.lastGoodAtSeconds = 1_000
        let snapshot = RealtimeSnapshot(sources: [.init(health: health, feed: feed)], staleSeconds: 300)
        let calls = feed.tripPredictions.flatMap { prediction in
            prediction.stopTimes.map { stop in
                ScheduledCall(tripID: prediction.tripID ?? "", stopID: stop.stopID ?? "", stopSequence: stop.stopSequence,
                              scheduledSeconds: (stop.departure ?? stop.arrival)?.time ?? 0)
            }
        }
        var sink: Int64 = 0
        let milliseconds = timer.medianMilliseconds {
            let predictions = snapshot.predictions(nowSeconds: 1_010)
            for call in calls { sink &+= predictions.predict(call).expectedSeconds ?? 0 }
        }
        withExtendedLifetime(sink) {}
        return BenchmarkRow(name: "realtime apply bart 91 trip updates (\(calls.count) calls)", oursMilliseconds: milliseconds,
                            peerMilliseconds: nil)
    }

    /// Drawing the status strip worded with the real alert's headline (about 230 characters, cut to the width) on
    /// a panel: what a frame pays when the strip is drawn again (a new alert, or the map redrawn under it).
    static func stripRow(font: Font, width: Int, height: Int, sizeName: String, timer: FrameTimer) throws -> BenchmarkRow {
        let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: alertCapture)))
        let feed = try RealtimeFeedDecoder.decode(bytes, source: alertCapture)
        let strip = ServiceStatusStripElement(screen: IntRect(x: 0, y: 0, width: width, height: height),
                                              fonts: FontStack(fonts: [font]))
        strip.show(feed.alerts.compactMap { $0.headline(preferring: ["en"]) }, warning: true)
        let canvas = Canvas(buffer: PixelBuffer(width: width, height: height))
        let milliseconds = timer.medianMilliseconds { strip.draw(on: canvas) }
        return BenchmarkRow(name: "status strip draw bart alert \(sizeName)", oursMilliseconds: milliseconds, peerMilliseconds: nil)
    }

    private static func bytes() throws -> [UInt8] {
        Array(try Data(contentsOf: URL(fileURLWithPath: capture)))
    }
}
