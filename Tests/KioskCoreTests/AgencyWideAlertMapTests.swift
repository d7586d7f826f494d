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

/// BART's real alert of 2019-08-07 17:45 UTC (bart.gov developer terms, via interline-io/transitland-lib) names
/// only the agency (`agency_id` "BART", SIGNIFICANT_DELAYS), though its words are about Montgomery St. The map showed
/// nothing for it: the timetable did not keep each route's agency, so an agency reached no station and no line, and
/// only the strip spoke. Now it is shown as a mode's alert is: every line of the agency dashed; a delay rings no
/// station (it is about the lines, and 104 rings hid them), a closure crosses every station out.
struct AgencyWideAlertMapTests {
    @Test func bartsRealAgencyAlertDashesEveryBARTLineAndRingsNoStation() throws {
        let (map, timetable, _) = try TimetableCardTests.bart()
        let at = try #require(timetable.instant(local: "2019-08-07 10:45"))
        let links = timetable.stationLinks
        #expect(timetable.timetable.routes.allSatisfy { $0.agencyID == "BART" })
        let bartLines = timetable.timetable.routes.reduce(into: Set<String>()) { lines, route in
            lines.formUnion(KioskLive.schemeLines(ofRoute: route.id, map: map, links: links))
        }
        #expect(bartLines.count >= 4)

        let capture = Array(try Data(contentsOf: RepositoryPaths.sharedData("gtfs/bart-2019/bart-alerts.pb")))
        let real = try Self.shown(capture, map: map, timetable: timetable, at: at)
        #expect(real.alertedLines == bartLines, "\(real.alertedLines.sorted())")
        #expect(real.alertedStops.isEmpty)
        #expect(real.stations.marks.isEmpty, "a delay on the whole network rings no station")
        #expect(real.strip.isWarning && real.strip.lines.first?.contains("Montgomery") == true)

        // The same agency closed: every linked BART station crossed out (journeys avoid them).
        func alert(_ agency: String) -> [UInt8] {
            AlertReachTests.alertFeed(timestamp: UInt64(at.timeIntervalSince1970), effect: AlertReachTests.noService,
                                      selectors: [.init(agency: agency)], header: "Closed")
        }
        let shut = try Self.shown(alert("BART"), map: map, timetable: timetable, at: at)
        let bartStations = Set(links.stationsByStop.values.flatMap { $0 }).filter { map.station(id: $0)?.position != nil }
        #expect(bartStations.count >= 40)
        #expect(Set(shut.stations.marks.map(\.stationID)) == bartStations)
        #expect(shut.stations.marks.allSatisfy { $0.isClosed })
        #expect(shut.alertedLines == bartLines)

        // Another agency's alert reaches nothing of BART's.
        let other = try Self.shown(alert("AC"), map: map, timetable: timetable, at: at)
        #expect(other.alertedLines.isEmpty && other.stations.marks.isEmpty)
    }

    static func shown(_ bytes: [UInt8], map: MetroMap, timetable: KioskTimetable, at: Date) throws -> KioskLive {
        let (_, snapshot) = try AlertReachTests.live(bytes, timetable: timetable, now: at.timeIntervalSince1970)
        let kiosk = KioskLive(map: map, timetable: timetable, fonts: nil, screen: IntRect(x: 0, y: 0, width: 800, height: 480))
        kiosk.source = { snapshot }
        kiosk.refresh(at: 0, wall: at, language: nil)
        return kiosk
    }
}
