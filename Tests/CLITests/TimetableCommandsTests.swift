import Foundation
import Testing
import TestSupport

/// `import-gtfs`, `link-gtfs` and `route --timetable` end to end on BART's 2019 feed (transitland-lib test data; BART
/// developer terms) and pMetro's San Francisco scheme, as an operator runs them.
struct TimetableCommandsTests {
    let directory: URL

    init() throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("metro-kiosk-gtfs-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    }

    @Test func importLinkAndRouteByTheTimetable() throws {
        let timetable = directory.appendingPathComponent("bart.mktt").path
        let links = directory.appendingPathComponent("links.toml").path
        defer { try? FileManager.default.removeItem(at: directory) }
        let imported = try MetroKioskProcess.run(["import-gtfs", RepositoryPaths.sharedData("gtfs/bart-2019/gtfs.zip").path,
                                                  "--out", timetable])
        #expect(imported.status == 0, "\(imported.stderr)")
        #expect(imported.stdout.contains("48 stops, 8 routes, 2641 trips"))
        let scheme = RepositoryPaths.sharedData("maps/pmetro-san-francisco").path
        let linked = try MetroKioskProcess.run(["link-gtfs", "--map", scheme, "--timetable", timetable, "--out", links])
        #expect(linked.status == 0, "\(linked.stderr)")
        #expect(linked.stdout.contains("44 of 48 timetable stations (91.7 %)"))
        #expect(linked.stderr.contains("stop WARM \"Warm Springs/South Fremont\": no scheme station links to it"))
        let route = try MetroKioskProcess.run(["route", "--map", scheme, "--timetable", timetable, "--links", links,
                                               "--at", "2019-08-07 14:03",
                                               "--from", "line4/Pittsburg Bay Point", "--to", "line2/Fremont"])
        #expect(route.status == 0, "\(route.stderr)")
        let json = try #require(try JSONSerialization.jsonObject(with: Data(route.stdout.utf8)) as? [String: Any])
        #expect(json["depart_at"] as? String == "2019-08-07T14:03:00-07:00")
        #expect(json["arrive_at"] as? String == "2019-08-07T15:23:00-07:00")
        let legs = try #require(json["legs"] as? [[String: Any]])
        #expect(legs.map { $0["depart_at"] as? String } == ["2019-08-07T14:03:00-07:00", "2019-08-07T14:39:00-07:00"])
        #expect(legs.map { $0["headsign"] as? String } == ["San Francisco International Airport", "Warm Springs/South Fremont"])
    }

    @Test func notAZipIsRefusedWithItsName() throws {
        defer { try? FileManager.default.removeItem(at: directory) }
        let feed = directory.appendingPathComponent("feed.zip")
        try Data("not a zip".utf8).write(to: feed)
        let result = try MetroKioskProcess.run(["import-gtfs", feed.path, "--out", directory.appendingPathComponent("t.mktt").path])
        #expect(result.status == 66)
        #expect(result.stderr.hasPrefix(feed.path + ": not a readable zip archive"))
        #expect(!FileManager.default.fileExists(atPath: directory.appendingPathComponent("t.mktt").path))
    }
}
