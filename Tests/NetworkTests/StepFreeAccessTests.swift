import Testing
import TestSupport
@testable import Network

/// GTFS `wheelchair_boarding` 0 or empty (after a platform inherits its parent station's) is "unknown": neither
/// step-free nor without access, and a step-free journey does not board, change or alight there.
struct StepFreeAccessTests {
    /// Station P says 0 and its platforms say nothing: unknown. Station Q says 1 and its platform nothing: step-free
    /// by inheritance. R says 2. S says 1. One line runs Q → P → S → R.
    static let feed: [String: String] = FeedFolder.files(
        stops: """
            stop_id,stop_name,stop_lat,stop_lon,location_type,parent_station,wheelchair_boarding
            P,Pier,52.50,13.40,1,,0
            P1,Pier,52.50,13.40,0,P,
            Q,Quay,52.51,13.41,1,,1
            Q1,Quay,52.51,13.41,0,Q,
            R,Rise,52.52,13.42,0,,2
            S,Spire,52.53,13.43,0,,1

            """,
        routes: "route_id,agency_id,route_short_name,route_long_name,route_type\nA,T,A,Line A,1\n",
        trips: "route_id,service_id,trip_id\nA,WK,a1\n",
        stopTimes: """
            trip_id,arrival_time,departure_time,stop_id,stop_sequence
            a1,08:00:00,08:00:00,Q1,1
            a1,08:05:00,08:05:00,P1,2
            a1,08:10:00,08:10:00,S,3
            a1,08:15:00,08:15:00,R,4

            """)

    @Test func unknownIsItsOwnAnswerAndNotStepFree() throws {
        let folder = try FeedFolder(Self.feed)
        defer { folder.remove() }
        let timetable = TimetableCompiler.compile(try GTFSReader.read(path: folder.path))
        func access(_ id: String) throws -> StepFreeAccess {
            timetable.stepFreeAccess(ofStation: try #require(timetable.stopIndex(id: id)))
        }
        #expect(try access("P") == .unknown)
        #expect(try access("Q") == .stepFree, "the platform inherits its station's 1")
        #expect(try access("R") == .none)
        #expect(try access("S") == .stepFree)

        let router = Raptor(day: ServiceDay(timetable: timetable, date: try #require(ServiceDate("20240506"))))
        func stops(_ id: String) throws -> [Int32] { timetable.boardingStops(of: try #require(timetable.stopIndex(id: id))) }
        // To the unknown station: a journey, but not a step-free one.
        #expect(router.earliestArrival(.init(from: try stops("Q"), to: try stops("P"), departure: 7 * 3600)) != nil)
        #expect(router.earliestArrival(.init(from: try stops("Q"), to: try stops("P"), departure: 7 * 3600, stepFree: true)) == nil)
        // Riding through it is fine: the traveller stays on the train.
        #expect(router.earliestArrival(.init(from: try stops("Q"), to: try stops("S"), departure: 7 * 3600, stepFree: true)) != nil)
    }

    @Test func mixedAndEmptyPlatformCodes() {
        #expect(StepFreeAccess(platforms: []) == .unknown)
        #expect(StepFreeAccess(platforms: [1, 0]) == .unknown)
        #expect(StepFreeAccess(platforms: [1, 2]) == .stepFree)
        #expect(StepFreeAccess(platforms: [2, 2]) == .none)
        #expect(StepFreeAccess(platforms: [7]) == .unknown)
    }

    /// Caltrain 2023: Hillsdale's station and platforms say 0 (unknown), 22nd Street's platforms say 2 under a
    /// station saying 0 (no access), San Francisco's say 1. A step-free journey from Hillsdale is refused.
    @Test func caltrainSaysUnknownAtHillsdale() throws {
        let timetable = TimetableCompiler.compile(try GTFSReader.read(path: RepositoryPaths.sharedData("gtfs/caltrain-2023/gtfs.zip").path))
        func access(_ id: String) throws -> StepFreeAccess {
            timetable.stepFreeAccess(ofStation: try #require(timetable.stopIndex(id: id)))
        }
        #expect(try access("hillsdale") == .unknown)
        #expect(try access("22nd_street") == .none)
        #expect(try access("san_francisco") == .stepFree)
        let router = Raptor(day: ServiceDay(timetable: timetable, date: try #require(ServiceDate("20231004"))))
        let from = timetable.boardingStops(of: try #require(timetable.stopIndex(id: "hillsdale")))
        let to = timetable.boardingStops(of: try #require(timetable.stopIndex(id: "san_francisco")))
        #expect(router.earliestArrival(.init(from: from, to: to, departure: 8 * 3600)) != nil)
        #expect(router.earliestArrival(.init(from: from, to: to, departure: 8 * 3600, stepFree: true)) == nil)
    }
}
