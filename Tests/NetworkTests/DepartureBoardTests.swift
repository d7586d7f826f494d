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

/// BART 2019 (interline-io/transitland-lib test data; BART's developer terms), Powell St on Wednesday 2019-08-07.
/// The feed has four weekday Yellow trips Pleasant Hill → 24th St. Mission (3211629WKDY, 3251659WKDY, 3271714WKDY,
/// 3291729WKDY: trips.txt, stop_times.txt), leaving Powell St at 17:07, 17:37, 17:52 and 18:07, while Yellow trains
/// to the Airport leave every 15 minutes and call at 24th St. too. At 10:45 the board said "towards 24th St.
/// Mission 6 h 22 min": the data is right, the row misled. It is listed only when it is the next train there.
@Test func aShortWorkingIsListedOnlyWhenItIsTheNextTrainThere() throws {
    let timetable = TimetableCompiler.compile(try GTFSReader.read(path: RepositoryPaths.sharedData("gtfs/bart-2019/gtfs.zip").path))
    let day = ServiceDay(timetable: timetable, date: try #require(ServiceDate("20190807")))
    let powell = try #require(timetable.stopIndex(id: "POWL"))
    func yellowSouthbound(at now: Int32) -> [DepartureBoard.Row] {
        DepartureBoard(day: day, station: powell, now: now).rows.filter { $0.lineName == "Yellow" && $0.direction == 0 }
    }
    let clock = { (h: Int32, m: Int32) in h * 3600 + m * 60 }
    let morning = yellowSouthbound(at: clock(10, 45))
    #expect(!morning.contains { $0.headsign == "24th St. Mission" }, "\(morning.map { ($0.headsign, $0.departures.map(\.minutesToGo)) })")
    let airport = try #require(morning.first { $0.headsign == "San Francisco International Airport" })
    #expect(airport.departures.map(\.time) == [clock(10, 45), clock(11, 0), clock(11, 15)])
    // Just after the 17:00 to the Airport has gone, the 17:07 to 24th St. Mission is the next train there.
    let evening = yellowSouthbound(at: clock(17, 1))
    let shortWorking = try #require(evening.first { $0.headsign == "24th St. Mission" })
    #expect(shortWorking.departures.map { timetable.trips[Int($0.trip)].id } == ["3211629WKDY", "3251659WKDY", "3271714WKDY"])
    #expect(shortWorking.departures.first?.minutesToGo == 6)
    // The Airport row itself stays: 24th St. Mission's trains do not go there.
    #expect(evening.contains { $0.headsign == "San Francisco International Airport" })
}
