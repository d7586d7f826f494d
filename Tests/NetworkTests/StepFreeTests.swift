import Testing
import TestSupport
@testable import Network

/// WMATA's 2026 feed (transitland-lib test data; WMATA developer terms) with pathways.txt: changing from the Green
/// line to the Orange/Blue/Silver level at L'Enfant Plaza takes 90 s by stairs and escalators, 812 s by lifts. The
/// step-free journey must differ from the fastest and walk only step-free footpaths.
@Test func stepFreeJourneyAvoidsStairsAndEscalatorsAtWmata() throws {
    let timetable = TimetableCompiler.compile(try GTFSReader.read(path: RepositoryPaths.sharedData("gtfs/wmata-2026/gtfs.zip").path))
    let day = ServiceDay(timetable: timetable, date: try #require(ServiceDate("20260506")))
    let router = Raptor(day: day)
    let from = timetable.boardingStops(of: try #require(timetable.stopIndex(id: "STN_F05")))
    let to = timetable.boardingStops(of: try #require(timetable.stopIndex(id: "STN_D02")))
    let fastest = try #require(router.earliestArrival(.init(from: from, to: to, departure: 10 * 3600)))
    let stepFree = try #require(router.earliestArrival(.init(from: from, to: to, departure: 10 * 3600, stepFree: true)))
    func footpath(_ walk: Journey.Walk) -> Timetable.Footpath? {
        timetable.footpaths.first { $0.from == walk.fromStop && $0.to == walk.toStop && $0.seconds == walk.arrival - walk.departure }
    }
    let fastestWalks = fastest.legs.compactMap { if case .walk(let walk) = $0 { return footpath(walk) } else { return nil } }
    let stepFreeWalks = stepFree.legs.compactMap { if case .walk(let walk) = $0 { return footpath(walk) } else { return nil } }
    #expect(fastestWalks.contains { !$0.isStepFree })
    let allStepFree = stepFreeWalks.allSatisfy { $0.isStepFree }
    #expect(allStepFree)
    #expect(stepFree != fastest)
    #expect(stepFree.arrival >= fastest.arrival)
}
