import Foundation
import Testing
import TestSupport

/// `metro-kiosk route`: JSON on success, a message naming the station and exit 65 when there is no route.
struct RouteCommandTests {
    /// Two lines that never meet: a–b on red, c–d on blue, no transfer.
    static let islands = """
        format = 1
        name = "Islands"
        bounds = [0, 0, 100, 100]

        [[line]]
        id = "red"
        name = "Red"
        color = "#D8232A"
        segments = [["a", "b"]]

        [[line.link]]
        from = "a"
        to = "b"
        travel_seconds = 90

        [[line]]
        id = "blue"
        name = "Blue"
        color = "#2A23D8"
        segments = [["c", "d"]]

        [[station]]
        id = "a"
        name = "Alder"
        position = [10, 10]

        [[station]]
        id = "b"
        name = "Birch"
        position = [10, 50]

        [[station]]
        id = "c"
        name = "Cedar"
        position = [60, 10]

        [[station]]
        id = "d"
        name = "Dogwood"
        position = [60, 50]
        """

    func islandsMap() throws -> String {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("metro-kiosk-route-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let url = directory.appendingPathComponent("islands.toml")
        try Self.islands.write(to: url, atomically: true, encoding: .utf8)
        return url.path
    }

    @Test func printsTheRouteAsJSON() throws {
        let result = try MetroKioskProcess.run(["route", "--map", try islandsMap(), "--from", "a", "--to", "b"])
        #expect(result.status == 0, "\(result.stderr)")
        let json = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        #expect(json["total_seconds"] as? Double == 90)
        #expect(json["total_minutes"] as? Double == 1.5)
        #expect(json["transfers"] as? Int == 0)
        #expect(json["estimated"] as? Bool == false)
        #expect(json["stations"] as? [String] == ["a", "b"])
        let steps = try #require(json["steps"] as? [[String: Any]])
        #expect(steps.map { $0["step"] as? String } == ["board", "alight"])
        #expect(steps[0]["line"] as? String == "red" && steps[0]["towards"] as? String == "b")
        #expect(steps[0]["stops"] as? Int == 1 && steps[1]["station"] as? String == "b")
    }

    @Test func anUntimedHopIsEstimated() throws {
        let result = try MetroKioskProcess.run(["route", "--map", try islandsMap(), "--from", "d", "--to", "c"])
        #expect(result.status == 0, "\(result.stderr)")
        let json = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        #expect(json["estimated"] as? Bool == true && json["total_seconds"] as? Double == 120)
    }

    @Test func disconnectedStationsExit65NamingThem() throws {
        let result = try MetroKioskProcess.run(["route", "--map", try islandsMap(), "--from", "a", "--to", "d"])
        #expect(result.status == 65)
        #expect(result.stdout.isEmpty)
        #expect(result.stderr.contains("no route from \"a\" to \"d\""), "\(result.stderr)")
    }

    @Test func anUnknownIdExits65WithASuggestion() throws {
        let result = try MetroKioskProcess.run(["route", "--map", try islandsMap(), "--from", "a", "--to", "nowhere"])
        #expect(result.status == 65)
        #expect(result.stderr.hasPrefix("route: --to: no station with id \"nowhere\""), "\(result.stderr)")
        let moscow = RepositoryPaths.sharedData("maps/pmetro-moscow").path
        let typo = try MetroKioskProcess.run(["route", "--map", moscow, "--from", "line1/Сокольникии",
                                              "--to", "line5/Киевская"])
        #expect(typo.status == 65)
        #expect(typo.stderr.contains("\"line1/Сокольникии\"") && typo.stderr.contains("did you mean \"line1/Сокольники\"?"),
                "\(typo.stderr)")
        let bareName = try MetroKioskProcess.run(["route", "--map", moscow, "--from", "Киевская", "--to", "line5/Киевская"])
        #expect(bareName.status == 65)
        #expect(bareName.stderr.contains("stations named") && bareName.stderr.contains("\"line5/Киевская\""),
                "\(bareName.stderr)")
        let london = RepositoryPaths.sharedData("maps/pmetro-london").path
        let wrongLine = try MetroKioskProcess.run(["route", "--map", london, "--from", "bakerloo/Paddington", "--to", "x"])
        #expect(wrongLine.status == 65)
        #expect(wrongLine.stderr.contains("stations named") && wrongLine.stderr.contains("/Paddington\""),
                "\(wrongLine.stderr)")
    }

    @Test func aMoscowRouteNamesItsStepsAndHonoursTheTransferPenalty() throws {
        let moscow = RepositoryPaths.sharedData("maps/pmetro-moscow").path
        let result = try MetroKioskProcess.run(["route", "--map", moscow, "--from", "line1/Сокольники",
                                                "--to", "line3/Киевская"])
        #expect(result.status == 0, "\(result.stderr)")
        let json = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        let steps = try #require(json["steps"] as? [[String: Any]])
        #expect(steps.first?["step"] as? String == "board" && steps.last?["step"] as? String == "alight")
        #expect(steps.last?["station"] as? String == "line3/Киевская")
        #expect((json["stations"] as? [String])?.first == "line1/Сокольники")
        let changes = steps.filter { $0["step"] as? String == "change" }
        #expect(json["transfers"] as? Int == changes.count)
        #expect(try MetroKioskProcess.run(["route", "--map", moscow, "--from", "a", "--to", "b",
                                           "--transfer-penalty-min", "-1"]).status == 64)
    }

    /// Tokyo's scheme gives every hop the placeholder 2 min: its routes are estimates. Moscow's running times
    /// are real: a ride along one line with every hop timed is not.
    @Test func placeholderTimesAreEstimatedAndRealTimesAreNot() throws {
        let tokyo = RepositoryPaths.sharedData("maps/pmetro-tokyo").path
        let estimate = try MetroKioskProcess.run(["route", "--map", tokyo, "--from", "line4/Tochomae1", "--to", "line4/Roppongi"])
        #expect(estimate.status == 0, "\(estimate.stderr)")
        let placeholder = try #require(try JSONSerialization.jsonObject(with: Data(estimate.stdout.utf8)) as? [String: Any])
        #expect(placeholder["estimated"] as? Bool == true)
        let moscow = RepositoryPaths.sharedData("maps/pmetro-moscow").path
        let exact = try MetroKioskProcess.run(["route", "--map", moscow, "--from", "line1/Сокольники", "--to", "line1/Лубянка"])
        #expect(exact.status == 0, "\(exact.stderr)")
        let real = try #require(try JSONSerialization.jsonObject(with: Data(exact.stdout.utf8)) as? [String: Any])
        #expect(real["estimated"] as? Bool == false && real["transfers"] as? Int == 0)
        let steps = try #require(real["steps"] as? [[String: Any]])
        #expect(steps.first?["towards"] as? String == "line1/Потапово", "\(steps.first ?? [:])")
    }

    /// A ride on Moscow's ring says its sense and the next interchange instead of a terminus it never reaches.
    @Test func aRingRideSaysItsSense() throws {
        let moscow = RepositoryPaths.sharedData("maps/pmetro-moscow").path
        let result = try MetroKioskProcess.run(["route", "--map", moscow, "--from", "line5/Киевская", "--to", "line5/Парк культуры"])
        #expect(result.status == 0, "\(result.stderr)")
        let json = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        let board = try #require((json["steps"] as? [[String: Any]])?.first)
        #expect(board["line"] as? String == "line5" && board["direction"] as? String == "anticlockwise", "\(board)")
        #expect(board["towards"] as? String != "line5/Киевская")
    }

    /// A walk from "you are here" to another line's platform is a "walk" step, not a "change": `transfers`
    /// counts the changes listed. Kievskaya's line 3 platform to line 5's Park Kultury: a walk, then one ride.
    @Test func aWalkToTheFirstTrainIsNotAChange() throws {
        let moscow = RepositoryPaths.sharedData("maps/pmetro-moscow").path
        let result = try MetroKioskProcess.run(["route", "--map", moscow, "--from", "line3/Киевская", "--to", "line5/Парк культуры"])
        #expect(result.status == 0, "\(result.stderr)")
        let json = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        let steps = try #require(json["steps"] as? [[String: Any]])
        #expect(steps.map { $0["step"] as? String } == ["walk", "board", "alight"], "\(steps)")
        #expect(json["transfers"] as? Int == 0)
    }
}
