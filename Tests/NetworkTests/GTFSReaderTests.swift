import Diagnostics
import Foundation
import Testing
import TestSupport
@testable import Network

@Test func readerResolvesReferencesAndTransfers() throws {
    let folder = try FeedFolder(FeedFolder.toy)
    defer { folder.remove() }
    let feed = try GTFSReader.read(path: folder.path)
    #expect(feed.stops.count == 4)
    #expect(feed.trips.count == 4)
    #expect(feed.stopTimes.count == 10)
    #expect(feed.transfers.first?.minimumSeconds == 180)
    #expect(feed.timeZone == "Europe/Berlin")
    #expect(feed.report.totalSkipped == 0)
}

@Test func brokenReferencesDuplicatesAndBackwardTimesAreSkippedWithTheirRow() throws {
    var files = FeedFolder.toy
    files["trips.txt"]! += "Q,WK,q1,Nowhere\nA,WK,a1,Duplicate\n"
    files["stop_times.txt"]! += "ghost,08:00:00,08:00:00,X,1\nb1,08:00:00,08:00:00,NOPE,3\n"
    // a2 goes backwards at its third stop.
    files["stop_times.txt"] = files["stop_times.txt"]!.replacingOccurrences(of: "a2,08:20:00,08:20:00,Z,3", with: "a2,08:01:00,08:01:00,Z,3")
    let folder = try FeedFolder(files)
    defer { folder.remove() }
    let feed = try GTFSReader.read(path: folder.path)
    let lines = feed.report.problems.map(\.description)
    let trips = folder.path + "/trips.txt", times = folder.path + "/stop_times.txt"
    #expect(lines.contains(trips + ":6:1: warning: route_id \"Q\" is not in routes.txt"))
    #expect(lines.contains(trips + ":7:3: warning: duplicate trip_id \"a1\""))
    #expect(lines.contains(times + ":12:1: warning: trip_id \"ghost\" is not in trips.txt"))
    #expect(lines.contains(times + ":13:4: warning: stop_id \"NOPE\" is not in stops.txt"))
    #expect(lines.contains { $0.hasPrefix(times + ":7:") && $0.contains("time goes backwards") })
    #expect(feed.trips.filter { !$0.stopTimes.isEmpty }.map(\.id) == ["a1", "b1", "b2"])
}

@Test func aFileThatIsNotAZipOrIsTruncatedIsALocatedError() throws {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("gtfs-bad-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    let text = directory.appendingPathComponent("feed.zip")
    try Data("stop_id,stop_name\n".utf8).write(to: text)
    #expect(throws: Diagnostic.self) { try GTFSReader.read(path: text.path) }
    // BART's real feed cut at half its length: the central directory is gone.
    let real = try Data(contentsOf: RepositoryPaths.sharedData("gtfs/bart-2019/gtfs.zip"))
    let truncated = directory.appendingPathComponent("truncated.zip")
    try real.prefix(real.count / 2).write(to: truncated)
    do {
        _ = try GTFSReader.read(path: truncated.path)
        Issue.record("a truncated zip was read")
    } catch {
        #expect(error.file == truncated.path)
        #expect(error.message.contains("not a readable zip"))
    }
}

@Test func missingRequiredFileOrColumnIsAnError() throws {
    var files = FeedFolder.toy
    files["stop_times.txt"] = "trip_id,arrival_time,departure_time,stop_id\na1,08:00:00,08:00:00,X\n"
    let folder = try FeedFolder(files)
    defer { folder.remove() }
    do {
        _ = try GTFSReader.read(path: folder.path)
        Issue.record("read without stop_sequence")
    } catch {
        #expect(error.description.hasSuffix("stop_times.txt:1: no stop_sequence column (columns: trip_id, arrival_time, departure_time, stop_id)"))
    }
}

@Test func frequenciesExpandToTripsAtTheHeadway() throws {
    var files = FeedFolder.toy
    files["frequencies.txt"] = "trip_id,start_time,end_time,headway_secs\na1,06:00:00,07:00:00,900\n"
    let folder = try FeedFolder(files)
    defer { folder.remove() }
    let feed = try GTFSReader.read(path: folder.path)
    let expanded = feed.trips.filter { $0.id.hasPrefix("a1@") }
    #expect(expanded.map(\.id) == ["a1@06:00:00", "a1@06:15:00", "a1@06:30:00", "a1@06:45:00"])
    let arrivals: [Int32] = expanded.map { feed.stopTimes[$0.stopTimes.last!].arrival }
    let expected: [Int32] = [22_200, 23_100, 24_000, 24_900]   // 06:10, 06:25, 06:40, 06:55
    #expect(arrivals == expected)
    #expect(feed.trips.first { $0.id == "a1" }?.stopTimes.isEmpty == true)
}

@Test func nonTimepointStopsAreInterpolated() throws {
    var files = FeedFolder.toy
    files["stop_times.txt"] = files["stop_times.txt"]!.replacingOccurrences(of: "a1,08:05:00,08:05:00,Y,2", with: "a1,,,Y,2")
    let folder = try FeedFolder(files)
    defer { folder.remove() }
    let feed = try GTFSReader.read(path: folder.path)
    let a1 = try #require(feed.trips.first { $0.id == "a1" })
    #expect(feed.stopTimes[a1.stopTimes.lowerBound + 1].arrival == 8 * 3600 + 300)
}

@Test func aFeedWhoseEveryTripIsUnusableIsAnError() throws {
    var files = FeedFolder.toy
    files["stop_times.txt"] = "trip_id,arrival_time,departure_time,stop_id,stop_sequence\na1,08:00:00,08:00:00,NOPE,1\n"
    let folder = try FeedFolder(files)
    defer { folder.remove() }
    do {
        _ = try GTFSReader.read(path: folder.path)
        Issue.record("a feed without usable trips was read")
    } catch {
        #expect(error.message == "no trip could be kept (1 rows skipped)")
    }
}
