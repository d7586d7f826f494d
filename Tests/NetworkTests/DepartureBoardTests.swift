import Testing
import TestSupport
@testable import Network

/// São Paulo's subset (ipeaGIT/gtfstools test data; SPTrans terms) is timed only by frequencies.txt: CPTM line 7
/// towards Jundiaí leaves every 360 s from 05:00 to 05:59 and every 720 s from 04:00.
@Test func frequencyOnlyTripsDepartAtTheStatedHeadways() throws {
    let timetable = TimetableCompiler.compile(try GTFSReader.read(path: RepositoryPaths.sharedData("gtfs/sao-paulo/gtfs.zip").path))
    let day = ServiceDay(timetable: timetable, date: try #require(ServiceDate("20190807")))
    let line7 = try #require(timetable.trips.first { $0.id == "CPTM L07-0@05:00:00" })
    let pattern = timetable.patterns[Int(line7.pattern)]
    let origin = timetable.patternStops[Int(pattern.firstStop)]
    let board = DepartureBoard(day: day, station: origin, now: 5 * 3600, limit: 4)
    let row = try #require(board.rows.first { $0.headsign == line7.headsign && $0.lineName == "CPTM L07" })
    #expect(row.departures.map(\.time) == [18_000, 18_360, 18_720, 19_080])
    #expect(row.departures.map(\.minutesToGo) == [0, 6, 12, 18])
    let early = DepartureBoard(day: day, station: origin, now: 4 * 3600, limit: 3)
    let earlyRow = try #require(early.rows.first { $0.headsign == line7.headsign && $0.lineName == "CPTM L07" })
    #expect(earlyRow.departures.map(\.time) == [14_400, 15_120, 15_840])
}

/// The toy network's last train and the end of service, stated as such.
@Test func lastTrainAndNoMoreServiceAreStated() throws {
    let folder = try FeedFolder(FeedFolder.toy)
    defer { folder.remove() }
    let timetable = TimetableCompiler.compile(try GTFSReader.read(path: folder.path))
    let day = ServiceDay(timetable: timetable, date: try #require(ServiceDate("20240103")))
    let x = try #require(timetable.stopIndex(id: "X"))
    let board = DepartureBoard(day: day, station: x, now: 8 * 3600 + 60)
    #expect(board.rows.count == 1)
    #expect(board.rows[0].departures.map(\.isLast) == [true])
    #expect(board.rows[0].departures.map(\.minutesToGo) == [9])
    let late = DepartureBoard(day: day, station: x, now: 9 * 3600)
    #expect(late.rows.map(\.hasEnded) == [true])
    #expect(late.rows[0].departures.isEmpty)
    // Z is every trip's last stop: nothing departs from there.
    #expect(DepartureBoard(day: day, station: try #require(timetable.stopIndex(id: "Z")), now: 0).rows.isEmpty)
}
