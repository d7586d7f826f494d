import Foundation
@testable import LiveTimetable
import Network
import Realtime
import Testing
import TestSupport

/// GTFS-realtime ACCESSIBILITY_ISSUE (a lift out of service) on WMATA's 2026 feed, which has pathways and levels:
/// the station it names leaves step-free journeys (they go another way or not at all) and stays in the others.
struct StepFreeAlertTests {
    @Test func aLiftOutOfServiceTakesItsStationOutOfStepFreeJourneysOnly() throws {
        let gtfs = try GTFSReader.read(path: RepositoryPaths.sharedData("gtfs/wmata-2026/gtfs.zip").path)
        let compiled = TimetableCompiler.compile(gtfs)
        let timetable = KioskTimetable(timetable: compiled, links: [:])
        let day = ServiceDay(timetable: compiled, date: try #require(ServiceDate("20260506")))
        let from = compiled.boardingStops(of: try #require(compiled.stopIndex(id: "STN_F05")))
        let to = compiled.boardingStops(of: try #require(compiled.stopIndex(id: "STN_D02")))
        let departure: Int32 = 10 * 3600
        let router = Raptor(day: day)
        let fastest = try #require(router.earliestArrival(.init(from: from, to: to, departure: departure)))
        let stepFree = try #require(router.earliestArrival(.init(from: from, to: to, departure: departure, stepFree: true)))
        // The station the step-free journey changes at (L'Enfant Plaza): where its first ride is left.
        let change = compiled.station(of: try #require(stepFree.rides.first).toStop)
        let changeID = compiled.stops[Int(change)].id
        #expect(!from.contains { compiled.station(of: $0) == change } && !to.contains { compiled.station(of: $0) == change })

        let now = day.instant(departure).timeIntervalSince1970
        let feed = RealtimeFeed(version: "2.0", timestamp: UInt64(now), alerts: [
            ServiceAlert(id: "lift", informedEntities: [InformedEntity(stopID: changeID)], effect: .accessibilityIssue,
                         header: TranslatedText([.init(language: nil, text: "Elevator out of service")])),
        ])
        var health = SourceHealth(source: "file:///lift.pb")
        health.lastGoodAtSeconds = now
        health.feedTimestamp = feed.timestamp
        let live = LiveService(snapshot: RealtimeSnapshot(sources: [.init(health: health, feed: feed)]), timetable: timetable,
                               nowSeconds: now, languages: [])
        #expect(live.closedStops.isEmpty, "a lift out closes nothing")
        #expect(Set(compiled.boardingStops(of: change)).isSubset(of: live.stepFreeClosedStops))

        // Step-free: another way, never through the station.
        let avoiding = router.earliestArrival(.init(from: from, to: to, departure: departure, stepFree: true,
                                                    closedStops: live.avoidedStops(stepFree: true)))
        if let avoiding {
            #expect(avoiding != stepFree)
            let touched = avoiding.legs.flatMap { leg -> [Int32] in
                switch leg {
                case .ride(let ride): [ride.fromStop, ride.toStop]
                case .walk(let walk): [walk.fromStop, walk.toStop]
                }
            }
            #expect(!touched.contains { compiled.station(of: $0) == change })
        }
        // The lift's own node named (a pathway_mode 5 end inside the station, as WMATA ids them): the same.
        let liftNodes = gtfs.pathways.filter { $0.mode == 5 }.map { gtfs.stops[Int($0.from)].id }.compactMap { id in
            compiled.stopIndex(id: id).flatMap { compiled.station(of: $0) == change ? Int($0) : nil }
        }
        let liftNode = try #require(liftNodes.first, "\(changeID) has a lift (pathway_mode 5)")
        var nodeFeed = feed
        nodeFeed.alerts[0].informedEntities = [InformedEntity(stopID: compiled.stops[liftNode].id)]
        let nodeLive = LiveService(snapshot: RealtimeSnapshot(sources: [.init(health: health, feed: nodeFeed)]), timetable: timetable,
                                   nowSeconds: now, languages: [])
        #expect(Set(compiled.boardingStops(of: change)).isSubset(of: nodeLive.stepFreeClosedStops))
        #expect(nodeLive.closedStops.isEmpty)

        // Everyone else: the fastest journey as before.
        let others = router.earliestArrival(.init(from: from, to: to, departure: departure, closedStops: live.avoidedStops(stepFree: false)))
        #expect(others == fastest)
    }
}
