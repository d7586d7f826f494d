import Diagnostics
import Foundation
import Testing
import TestSupport
@testable import Network

private func toyTimetable() throws -> Timetable {
    let folder = try FeedFolder(FeedFolder.toy)
    defer { folder.remove() }
    return TimetableCompiler.compile(try GTFSReader.read(path: folder.path))
}

@Test func timetableFileRoundTrips() throws {
    let timetable = try toyTimetable()
    let bytes = TimetableFile.encode(timetable)
    let loaded = try TimetableFile.decode(bytes, file: "toy.mktt")
    #expect(loaded.stops == timetable.stops)
    #expect(loaded.trips == timetable.trips)
    #expect(loaded.times == timetable.times)
    #expect(loaded.patterns == timetable.patterns)
    #expect(loaded.footpaths == timetable.footpaths)
    #expect(loaded.changeSeconds == timetable.changeSeconds)
    #expect(loaded.services == timetable.services)
    #expect(Array(bytes.prefix(4)) == Array("MKTT".utf8))
}

@Test func damagedTimetableFilesAreRefusedWithAReason() throws {
    let bytes = TimetableFile.encode(try toyTimetable())
    func message(_ bytes: [UInt8]) -> String {
        do {
            _ = try TimetableFile.decode(bytes, file: "t.mktt")
            return "loaded"
        } catch {
            return error.description
        }
    }
    #expect(message(Array("stop_id,stop_name\n".utf8)).hasPrefix("t.mktt: not a compiled timetable"))
    #expect(message(Array(bytes.dropLast(7))).hasPrefix("t.mktt: truncated"))
    var flipped = bytes
    flipped[bytes.count / 2] ^= 0x40
    #expect(message(flipped) == "t.mktt: corrupt: the payload's checksum does not match")
    var future = bytes
    future[4] = 99
    #expect(message(future).hasPrefix("t.mktt: timetable format 99"))
    // Every prefix of the file is refused, none crashes.
    for length in stride(from: 0, to: bytes.count, by: 7) {
        #expect(message(Array(bytes.prefix(length))) != "loaded")
    }
}

@Test func patternsNeverHoldOvertakingTrips() throws {
    var files = FeedFolder.toy
    // a3 leaves X after a1 but reaches Z before it: an express overtaking the stopping train.
    files["trips.txt"]! += "A,WK,a3,Zed\n"
    files["stop_times.txt"]! += "a3,08:01:00,08:01:00,X,1\na3,08:03:00,08:03:00,Y,2\na3,08:06:00,08:06:00,Z,3\n"
    let folder = try FeedFolder(files)
    defer { folder.remove() }
    let timetable = TimetableCompiler.compile(try GTFSReader.read(path: folder.path))
    let patternsOfA = timetable.patterns.filter { timetable.routes[Int($0.route)].id == "A" }
    #expect(patternsOfA.count == 2)
    let day = ServiceDay(timetable: timetable, date: try #require(ServiceDate("20240103")))
    let journey = Raptor(day: day).earliestArrival(.init(from: [timetable.stopIndex(id: "X")!], to: [timetable.stopIndex(id: "Z")!],
                                                         departure: 8 * 3600))
    let arrival: Int32 = 8 * 3600 + 360
    #expect(journey?.arrival == arrival)
}

@Test func changeTimeFromTransfersIsRespected() throws {
    let timetable = try toyTimetable()
    let day = ServiceDay(timetable: timetable, date: try #require(ServiceDate("20240103")))
    let router = Raptor(day: day)
    let x = timetable.stopIndex(id: "X")!, w = timetable.stopIndex(id: "W")!
    // a1 reaches Y at 08:05; b1 leaves 08:07 (too soon for the 3-minute change), b2 at 08:09 reaches W 08:14.
    let journey = try #require(router.earliestArrival(.init(from: [x], to: [w], departure: 8 * 3600)))
    let arrival: Int32 = 8 * 3600 + 14 * 60
    #expect(journey.arrival == arrival)
    #expect(journey.transfers == 1)
    #expect(journey.rides.map { timetable.trips[Int($0.trip)].id } == ["a1", "b2"])
    // No service on a Sunday: the journey is Monday's first, on Sunday's clock (24 h later).
    let sunday = Raptor(day: ServiceDay(timetable: timetable, date: try #require(ServiceDate("20240107"))))
    let monday: Int32 = 86_400 + 8 * 3600 + 14 * 60
    #expect(sunday.earliestArrival(.init(from: [x], to: [w], departure: 8 * 3600))?.arrival == monday)
}

@Test func stepFreeJourneysAvoidStationsWithoutStepFreeBoarding() throws {
    let timetable = try toyTimetable()
    let router = Raptor(day: ServiceDay(timetable: timetable, date: try #require(ServiceDate("20240103"))))
    let x = timetable.stopIndex(id: "X")!, z = timetable.stopIndex(id: "Z")!
    #expect(router.earliestArrival(.init(from: [x], to: [z], departure: 8 * 3600)) != nil)
    // Zed's wheelchair_boarding is 2.
    #expect(router.earliestArrival(.init(from: [x], to: [z], departure: 8 * 3600, stepFree: true)) == nil)
}
