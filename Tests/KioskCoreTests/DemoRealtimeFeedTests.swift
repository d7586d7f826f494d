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

/// `demo/realtime/alerts.pb`: a GTFS-realtime alert for the demo's own feed (Novograd, our data, not an agency's),
/// so a check of live service on a VM needs no agency capture: served as `[network] realtime = ["file://…"]` with
/// `configs/demo.toml`, Embankment is crossed out within a poll and journeys go round it. The committed bytes are
/// the ones written here (the hand encoder of `AlertReachTests`, through the kiosk's own decoder); no
/// `active_period`, so it is active whatever the VM's clock says.
struct DemoRealtimeFeedTests {
    static let path = RepositoryPaths.file("demo/realtime/alerts.pb")
    static let words = "Embankment is closed: trains do not stop there"
    /// 2027-01-01 00:00 UTC: any moment works (the alert has no active period; staleness counts from reception).
    static var bytes: [UInt8] {
        AlertReachTests.alertFeed(timestamp: 1_798_761_600, effect: AlertReachTests.noService,
                                  selectors: [.init(stop: "embankment")], header: words)
    }

    @Test func theCommittedFileIsTheOneWrittenHere() throws {
        let committed = try #require(FileManager.default.contents(atPath: Self.path.path), "\(Self.path.path)")
        #expect(Array(committed) == Self.bytes, "write it again: the bytes of DemoRealtimeFeedTests.bytes")
    }

    @Test func theDemoShowsEmbankmentClosed() throws {
        let session = try KioskSession(configPath: RepositoryPaths.file("configs/demo.toml").path)
        let timetable = try #require(session.timetable)
        let at = try #require(timetable.instant(local: "2026-11-27 14:00"))
        let (live, snapshot) = try AlertReachTests.live(Array(try Data(contentsOf: Self.path)), timetable: timetable,
                                                        now: at.timeIntervalSince1970)
        let embankment = try #require(timetable.timetable.stopIndex(id: "embankment"))
        #expect(live.avoidedStops(stepFree: false).contains(embankment), "journeys go round it")
        let kiosk = KioskLive(map: session.map, timetable: timetable, fonts: nil, screen: IntRect(x: 0, y: 0, width: 800, height: 480))
        kiosk.source = { snapshot }
        kiosk.refresh(at: 0, wall: at, language: "en")
        #expect(kiosk.stations.marks.map(\.stationID) == ["embankment"])
        #expect(kiosk.stations.marks.allSatisfy { $0.isClosed })
        #expect(kiosk.strip.lines == [Self.words] && kiosk.strip.isWarning)
    }
}
